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
      ['Currency', 'Net tax owed', 'Tax collected', 'Tax refunded', 'Gross sales', 'Transactions'],
      report.totals.map((total: Json) => [
        total.currency,
        el('strong', {}, money(total.net_tax, total.currency)),
        money(total.tax_collected, total.currency),
        money(total.tax_refunded, total.currency),
        money(total.gross_sales, total.currency),
        total.transaction_count,
      ]),
      [1, 2, 3, 4, 5],
    ),
  );
  root.append(chart(rows));
  root.append(
    table(
      `Owed per jurisdiction, ${range.from} to ${range.to}`,
      // Net tax first after the place, so it shows without scrolling on a narrow screen.
      [
        'Jurisdiction',
        'Net tax',
        'Currency',
        'Tax collected',
        'Tax refunded',
        'Taxable sales',
        'Gross sales',
        'Rate',
        'Transactions',
      ],
      rows.map((row) => [
        el('span', { title: row.jurisdiction_id }, row.jurisdiction_name, el('small', {}, ` ${row.jurisdiction_id}`)),
        el('strong', { 'data-testid': 'net-tax' }, money(row.net_tax, row.currency)),
        row.currency,
        money(row.tax_collected, row.currency),
        money(row.tax_refunded, row.currency),
        money(row.taxable_sales, row.currency),
        money(row.gross_sales, row.currency),
        percent(row.tax_rate),
        row.transaction_count,
      ]),
      [1, 3, 4, 5, 6, 7, 8],
    ),
  );
  return root;
}

/**
 * Net tax per jurisdiction as horizontal bars, each currency scaled on its own (amounts in
 * different currencies are not comparable). The bars' widths are set through the CSS object
 * model, which the page's policy allows (it refuses style attributes in markup).
 */
function chart(rows: readonly Json[]): HTMLElement {
  const maxByCurrency = new Map<string, number>();
  for (const row of rows) {
    maxByCurrency.set(row.currency, Math.max(maxByCurrency.get(row.currency) ?? 0, Math.abs(row.net_tax)));
  }
  const list = el('ul', { class: 'bars', 'aria-hidden': 'true' });
  for (const row of [...rows].sort((a, b) => Math.abs(b.net_tax) - Math.abs(a.net_tax))) {
    const max = maxByCurrency.get(row.currency) || 1;
    const bar = el('span', { class: row.net_tax < 0 ? 'bar negative' : 'bar' });
    bar.style.width = `${((Math.abs(row.net_tax) / max) * 100).toFixed(2)}%`;
    list.append(
      el(
        'li',
        {},
        el('span', { class: 'bar-label' }, row.jurisdiction_name),
        el('span', { class: 'bar-track' }, bar),
        el('span', { class: 'bar-value' }, `${money(row.net_tax, row.currency)} ${row.currency}`),
      ),
    );
  }
  // The figures are in the table below; the chart is for the eye (hidden from screen readers).
  return el('figure', { class: 'chart' }, el('figcaption', {}, 'Net tax owed per jurisdiction'), list);
}
