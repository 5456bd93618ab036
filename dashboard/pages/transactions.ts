import { getAll, getJson } from '../api.ts';
import { el, table } from '../dom.ts';
import { money, monthRange, percent, when } from '../format.ts';
import type { PageContext } from './page.ts';

type Json = any;

/** Sales, tax and total of a transaction or refund, summed over its lines (minor units). */
function sums(record: Json): { sales: number; tax: number } {
  let sales = 0;
  let tax = 0;
  for (const line of record.line_items ?? []) {
    sales += line.amount_excluding_tax ?? 0;
    tax += line.tax_amount ?? 0;
  }
  return { sales, tax };
}

/**
 * Recorded transactions of the month (by `transaction_processed_at`), optionally one order,
 * each with a button that opens its lines, jurisdictions and refunds; then the month's refunds
 * and reversals.
 */
export async function transactionsPage(context: PageContext): Promise<HTMLElement> {
  const range = monthRange(context.month);
  const period = { processed_from: String(range.fromSeconds), processed_to: String(range.toSeconds) };
  const transactionQuery = context.orderId === '' ? period : { ...period, reference_order_id: context.orderId };
  const [transactions, refunds, reversals] = await Promise.all([
    getAll(context.key, '/tax/transactions', 'transactions', 'last_transaction_id', transactionQuery),
    getAll(context.key, '/tax/refunds', 'refunds', 'last_refund_id', period),
    getAll(context.key, '/tax/refund_reversals', 'refunds', 'last_refund_id', {
      reversed_from: String(range.fromSeconds),
      reversed_to: String(range.toSeconds),
    }),
  ]);
  if (context.orderId !== '') {
    // Searching for an order: only its refunds.
    const ids = new Set(transactions.items.map((item: Json) => item.id as string));
    refunds.items = refunds.items.filter((refund: Json) => ids.has(refund.transaction_id));
    reversals.items = reversals.items.filter((refund: Json) => ids.has(refund.transaction_id));
  }
  const root = el('div', { class: 'page-part' });
  const totals = new Map<string, { sales: number; tax: number; count: number }>();
  for (const transaction of transactions.items) {
    const { sales, tax } = sums(transaction);
    const total = totals.get(transaction.customer_currency_code) ?? { sales: 0, tax: 0, count: 0 };
    totals.set(transaction.customer_currency_code, {
      sales: total.sales + sales,
      tax: total.tax + tax,
      count: total.count + 1,
    });
  }
  root.append(
    el(
      'p',
      { class: 'summary', 'data-testid': 'transactions-summary' },
      transactions.items.length === 0
        ? `No transactions recorded in ${context.month}${context.orderId === '' ? '' : ` for order ${context.orderId}`}.`
        : [...totals]
            .map(
              ([currency, total]) =>
                `${total.count} transaction(s): sales ${money(total.sales, currency)} ${currency}, tax ${money(total.tax, currency)} ${currency}`,
            )
            .join('; '),
    ),
  );
  if (transactions.truncated)
    root.append(el('p', { class: 'note' }, 'Only the first 5,000 are shown: search by order id to find one.'));
  if (transactions.items.length > 0) {
    const rows = transactions.items.map((transaction: Json) => {
      const { sales, tax } = sums(transaction);
      const currency = transaction.customer_currency_code;
      const details = el('div', { class: 'details', hidden: true, id: `details-${context.mode}-${transaction.id}` });
      const button = el(
        'button',
        { type: 'button', class: 'link', 'aria-expanded': 'false', 'aria-controls': details.id },
        'Lines',
      );
      button.addEventListener('click', () => {
        const open = button.getAttribute('aria-expanded') !== 'true';
        button.setAttribute('aria-expanded', String(open));
        details.hidden = !open;
        if (open && details.childElementCount === 0) void fillDetails(details, context, transaction);
      });
      return [
        when(transaction.transaction_processed_at),
        transaction.reference_order_id,
        el('code', {}, transaction.id),
        el('span', { 'data-amount': 'sales' }, money(sales, currency)),
        el('span', { 'data-amount': 'tax' }, money(tax, currency)),
        currency,
        el('div', {}, button, details),
      ];
    });
    root.append(
      table(
        `Transactions, ${context.month}`,
        ['Processed', 'Order', 'Transaction', 'Sales', 'Tax', 'Currency', ''],
        rows,
        [3, 4],
      ),
    );
  }
  // A refund carries no currency: it is its transaction's, which may be from an earlier month.
  const currencies = new Map<string, string>(
    transactions.items.map((item: Json) => [item.id, item.customer_currency_code]),
  );
  const missing = [
    ...new Set([...refunds.items, ...reversals.items].map((refund: Json) => refund.transaction_id as string)),
  ].filter((id) => !currencies.has(id));
  await Promise.all(
    missing.map(async (id) => {
      const transaction = await getJson(context.key, `/tax/transactions/${encodeURIComponent(id)}`);
      currencies.set(id, transaction.customer_currency_code);
    }),
  );
  root.append(
    refundTable(`Refunds processed in ${context.month}`, refunds.items, 'refund_processed_at', 'Processed', currencies),
  );
  root.append(
    refundTable(`Refunds reversed in ${context.month}`, reversals.items, 'reversed_at', 'Reversed', currencies),
  );
  return root;
}

function refundTable(
  caption: string,
  refunds: readonly Json[],
  dateField: string,
  dateHeader: string,
  currencies: ReadonlyMap<string, string>,
): HTMLElement {
  if (refunds.length === 0) return el('p', { class: 'summary' }, `${caption}: none.`);
  return table(
    caption,
    [dateHeader, 'Refund', 'Transaction', 'Type', 'Sales', 'Tax', 'Currency'],
    refunds.map((refund) => {
      const { sales, tax } = sums(refund);
      const currency = currencies.get(refund.transaction_id) ?? 'USD';
      return [
        when(refund[dateField] ?? refund.refund_processed_at),
        el('code', {}, refund.id),
        el('code', {}, refund.transaction_id),
        refund.refund_type,
        money(sales, currency),
        money(tax, currency),
        currency,
      ];
    }),
    [4, 5],
  );
}

/** A transaction's lines with their jurisdictions, and every refund of it (any date). */
async function fillDetails(details: HTMLElement, context: PageContext, transaction: Json): Promise<void> {
  const currency = transaction.customer_currency_code;
  details.append(
    table(
      `Lines of ${transaction.id}`,
      ['Line', 'Category', 'Qty', 'Amount', 'Tax', 'Jurisdictions'],
      (transaction.line_items ?? []).map((line: Json) => [
        line.product?.reference_line_item_id ?? '',
        line.product?.product_tax_code ?? '',
        line.quantity,
        money(line.amount_excluding_tax, currency),
        money(line.tax_amount, currency),
        (line.tax_jurisdictions ?? [])
          .map((entry: Json) => `${entry.jurisdiction_name} ${percent(entry.tax_rate)}`)
          .join(', ') || 'none',
      ]),
      [2, 3, 4],
    ),
  );
  try {
    const answer = await getJson(context.key, `/tax/transactions/${encodeURIComponent(transaction.id)}/refunds`);
    const refunds: Json[] = answer.refunds ?? answer.data ?? [];
    details.append(
      refunds.length === 0
        ? el('p', { class: 'summary' }, 'No refunds of this transaction.')
        : table(
            `Refunds of ${transaction.id}`,
            ['Processed', 'Refund', 'Sales', 'Tax', 'Reversed'],
            refunds.map((refund) => {
              const { sales, tax } = sums(refund);
              return [
                when(refund.refund_processed_at),
                el('code', {}, refund.id),
                money(sales, currency),
                money(tax, currency),
                refund.reversed_at === undefined || refund.reversed_at === null ? 'no' : when(refund.reversed_at),
              ];
            }),
            [2, 3],
          ),
    );
  } catch (error) {
    details.append(
      el('p', { class: 'error', role: 'alert' }, `Refunds could not be read: ${(error as Error).message}`),
    );
  }
}
