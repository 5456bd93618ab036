import { getJson, getText } from '../api.ts';
import { el, table } from '../dom.ts';
import { money, monthRange, percent } from '../format.ts';
import type { PageContext } from './page.ts';

type Json = any;

/**
 * The liability report of the month (GET /tax/reports/liability): what is owed per
 * jurisdiction as a table and a bar chart of net tax, the totals per currency, and the CSV the
 * API gives for the same query, downloaded as it comes.
 */
export async function liabilityPage(context: PageContext): Promise<HTMLElement> {
  const range = monthRange(context.month);
  const query = { from: range.from, to: range.to };
  const report = await getJson(context.key, '/tax/reports/liability', query);
  const root = el('div', { class: 'page-part' });
  const download = el('button', { type: 'button', 'data-testid': 'csv-download' }, 'Download CSV');
  download.addEventListener('click', async () => {
    download.disabled = true;
    try {
      const csv = await getText(context.key, '/tax/reports/liability', { ...query, format: 'csv' });
      // The server's bytes as they came: a Blob of the text, encoded as UTF-8 again.
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = el('a', { href: url, download: `liability-${context.mode}-${range.from}-${range.to}.csv` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      root.append(el('p', { class: 'error', role: 'alert' }, `The CSV could not be read: ${(error as Error).message}`));
    } finally {
      download.disabled = false;
    }
  });
  root.append(el('div', { class: 'actions' }, download));
  const rows: Json[] = report.rows;
  if (rows.length === 0) {
    root.append(el('p', { class: 'summary' }, `Nothing recorded from ${range.from} to ${range.to}: nothing owed.`));
    return root;
  }
  root.append(
    table(
      'Totals by currency',
      ['Net tax owed', 'Tax collected', 'Tax refunded', 'Gross sales', 'Transactions'],
      report.totals.map((total: Json) => [
        el('strong', {}, money(total.net_tax, total.currency), el('small', {}, ` ${total.currency}`)),
        money(total.tax_collected, total.currency),
        money(total.tax_refunded, total.currency),
        money(total.gross_sales, total.currency),
        total.transaction_count,
      ]),
      [0, 1, 2, 3, 4],
    ),
  );
  for (const figure of charts(rows)) root.append(figure);
  root.append(
    table(
      `Owed per jurisdiction, ${range.from} to ${range.to}`,
      // Net tax first, so it shows first on a phone, where each row is a card.
      [
        'Net tax',
        'Jurisdiction',
        'Rate',
        'Tax collected',
        'Tax refunded',
        'Taxable sales',
        'Gross sales',
        'Transactions',
      ],
      rows.map((row) => [
        el(
          'span',
          { class: 'amount' },
          el('strong', { 'data-testid': 'net-tax' }, money(row.net_tax, row.currency)),
          el('small', {}, ` ${row.currency}`),
        ),
        el('span', { title: row.jurisdiction_id }, row.jurisdiction_name, el('small', {}, ` ${row.jurisdiction_id}`)),
        percent(row.tax_rate),
        money(row.tax_collected, row.currency),
        money(row.tax_refunded, row.currency),
        money(row.taxable_sales, row.currency),
        money(row.gross_sales, row.currency),
        row.transaction_count,
      ]),
      [0, 2, 3, 4, 5, 6, 7],
    ),
  );
  return root;
}

/** One bar of a chart: a jurisdiction's net tax in one currency, summed over its report rows. */
interface Bar {
  readonly id: string;
  readonly name: string;
  netTax: number;
}

/**
 * Net tax per jurisdiction as horizontal bars, one chart per currency (amounts in different
 * currencies are neither comparable nor addable). A jurisdiction is one bar however many rows
 * it has (a rate change in the month, or a category at another rate, gives it several), rows
 * netting to zero draw nothing, and two jurisdictions with the same name are told apart by
 * their ids. The bars' widths are set through the CSS object model, which the page's policy
 * allows (it refuses style attributes in markup).
 */
function charts(rows: readonly Json[]): HTMLElement[] {
  const byCurrency = new Map<string, Map<string, Bar>>();
  for (const row of rows) {
    const bars = byCurrency.get(row.currency) ?? new Map<string, Bar>();
    byCurrency.set(row.currency, bars);
    const bar = bars.get(row.jurisdiction_id) ?? { id: row.jurisdiction_id, name: row.jurisdiction_name, netTax: 0 };
    bar.netTax += row.net_tax;
    bars.set(row.jurisdiction_id, bar);
  }
  const figures: HTMLElement[] = [];
  for (const [currency, all] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
    const bars = [...all.values()].filter((bar) => bar.netTax !== 0);
    if (bars.length === 0) continue;
    bars.sort((a, b) => Math.abs(b.netTax) - Math.abs(a.netTax) || a.name.localeCompare(b.name));
    const max = Math.max(...bars.map((bar) => Math.abs(bar.netTax)));
    const named = new Map<string, number>();
    for (const bar of bars) named.set(bar.name, (named.get(bar.name) ?? 0) + 1);
    const list = el('ul', { class: 'bars', 'aria-hidden': 'true' });
    for (const bar of bars) {
      const fill = el('span', { class: bar.netTax < 0 ? 'bar negative' : 'bar' });
      fill.style.width = `${((Math.abs(bar.netTax) / max) * 100).toFixed(2)}%`;
      const label = (named.get(bar.name) ?? 0) > 1 ? `${bar.name} (${bar.id})` : bar.name;
      list.append(
        el(
          'li',
          { 'data-jurisdiction': bar.id },
          el('span', { class: 'bar-label', title: bar.id }, label),
          el('span', { class: 'bar-track' }, fill),
          el('span', { class: 'bar-value' }, money(bar.netTax, currency)),
        ),
      );
    }
    // The figures are in the table below; the chart is for the eye (hidden from screen readers).
    figures.push(
      el(
        'figure',
        { class: 'chart', 'data-currency': currency },
        el('figcaption', {}, `Net tax owed per jurisdiction, ${currency}`),
        list,
      ),
    );
  }
  return figures;
}
