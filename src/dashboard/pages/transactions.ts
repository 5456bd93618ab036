import { getAll, getJson } from '../api.ts';
import { el, table } from '../dom.ts';
import { money, monthRange, percent, when } from '../format.ts';
import { idChip } from '../id-chip.ts';
import { closePanel, openPanel } from '../panel.ts';
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
 * amounts first, each with a button that opens its lines, jurisdictions and refunds in the side
 * panel; then the month's refunds and reversals.
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
      const button = el(
        'button',
        {
          type: 'button',
          class: 'link',
          'aria-expanded': 'false',
          'aria-haspopup': 'dialog',
          'aria-controls': 'panel',
          'aria-label': `Lines of order ${transaction.reference_order_id}`,
        },
        'Lines',
      );
      button.addEventListener('click', () => {
        if (button.getAttribute('aria-expanded') === 'true') return closePanel();
        const body = openPanel(`Order ${transaction.reference_order_id}`, button);
        void fillDetails(body, context, transaction);
      });
      return [
        amount('sales', sales, currency),
        amount('tax', tax, currency),
        transaction.reference_order_id,
        when(transaction.transaction_processed_at),
        idChip(transaction.id, 'Transaction'),
        button,
      ];
    });
    root.append(
      table(`Transactions, ${context.month}`, ['Sales', 'Tax', 'Order', 'Processed', 'Transaction', ''], rows, [0, 1]),
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
    ['Sales', 'Tax', 'Type', dateHeader, 'Refund', 'Transaction'],
    refunds.map((refund) => {
      const { sales, tax } = sums(refund);
      const currency = currencies.get(refund.transaction_id) ?? 'USD';
      return [
        amount('sales', sales, currency),
        amount('tax', tax, currency),
        refund.refund_type,
        when(refund[dateField] ?? refund.refund_processed_at),
        idChip(refund.id, 'Refund'),
        idChip(refund.transaction_id, 'Transaction'),
      ];
    }),
    [0, 1],
  );
}

/** An amount with its currency, the figure alone in `data-amount` (what the browser test reads). */
function amount(kind: 'sales' | 'tax', minor: number, currency: string): HTMLElement {
  return el(
    'span',
    { class: 'amount' },
    el('span', { 'data-amount': kind }, money(minor, currency)),
    el('small', {}, ` ${currency}`),
  );
}

/**
 * A transaction's panel: its amounts first, then what identifies it (the whole id), its lines
 * with their jurisdictions, and every refund of it (any date).
 */
async function fillDetails(details: HTMLElement, context: PageContext, transaction: Json): Promise<void> {
  const currency = transaction.customer_currency_code;
  const { sales, tax } = sums(transaction);
  details.append(
    el(
      'dl',
      { class: 'facts' },
      el('div', { class: 'fact-main' }, el('dt', {}, 'Tax'), el('dd', {}, `${money(tax, currency)} ${currency}`)),
      el('div', { class: 'fact-main' }, el('dt', {}, 'Sales'), el('dd', {}, `${money(sales, currency)} ${currency}`)),
      el('div', {}, el('dt', {}, 'Total'), el('dd', {}, `${money(sales + tax, currency)} ${currency}`)),
      el('div', {}, el('dt', {}, 'Processed'), el('dd', {}, when(transaction.transaction_processed_at))),
      el('div', { class: 'fact-wide' }, el('dt', {}, 'Transaction'), el('dd', {}, el('code', {}, transaction.id))),
    ),
    table(
      'Lines',
      ['Amount', 'Tax', 'Line', 'Category', 'Qty', 'Jurisdictions'],
      (transaction.line_items ?? []).map((line: Json) => [
        money(line.amount_excluding_tax, currency),
        money(line.tax_amount, currency),
        line.product?.reference_line_item_id ?? '',
        line.product?.product_tax_code ?? '',
        line.quantity,
        (line.tax_jurisdictions ?? [])
          .map((entry: Json) => `${entry.jurisdiction_name} ${percent(entry.tax_rate)}`)
          .join(', ') || 'none',
      ]),
      [0, 1, 4],
    ),
  );
  try {
    const answer = await getJson(context.key, `/tax/transactions/${encodeURIComponent(transaction.id)}/refunds`);
    const refunds: Json[] = answer.refunds ?? answer.data ?? [];
    details.append(
      refunds.length === 0
        ? el('p', { class: 'summary' }, 'No refunds of this transaction.')
        : table(
            'Refunds of this transaction',
            ['Sales', 'Tax', 'Processed', 'Refund', 'Reversed'],
            refunds.map((refund) => {
              const { sales, tax } = sums(refund);
              return [
                money(sales, currency),
                money(tax, currency),
                when(refund.refund_processed_at),
                idChip(refund.id, 'Refund'),
                refund.reversed_at === undefined || refund.reversed_at === null ? 'no' : when(refund.reversed_at),
              ];
            }),
            [0, 1],
          ),
    );
  } catch (error) {
    details.append(
      el('p', { class: 'error', role: 'alert' }, `Refunds could not be read: ${(error as Error).message}`),
    );
  }
}
