import { isTaxError, type TaxEngine } from '../../index.ts';
import { calculateCheckout, type CheckoutRequest } from './calculate-checkout.ts';
import { checkoutError } from './checkout-error.ts';
import type { CheckoutMapping } from './checkout-mapping.ts';

/**
 * Records an order as a taxkit transaction (`reference_order_id` = the framework's order id)
 * from one calculation of it. Idempotent: a retried event finds the transaction recorded and
 * returns it, and two handlers racing end with one transaction.
 */
export async function recordCheckoutSale(
  engine: TaxEngine,
  mapping: CheckoutMapping,
  orderId: string,
  request: CheckoutRequest,
) {
  const existing = await transactionOfOrder(engine, orderId);
  if (existing !== undefined) return existing;
  const tax = await calculateCheckout(engine, mapping, request);
  try {
    return await engine.transactions.create({ calculation_id: tax.calculationId, reference_order_id: orderId });
  } catch (error) {
    if (isTaxError(error) && error.type === 'DUPLICATE_REFERENCE_ORDER_ID') {
      const recorded = await transactionOfOrder(engine, orderId);
      if (recorded !== undefined) return recorded;
    }
    throw checkoutError(error);
  }
}

/** The live (not deleted) transaction recorded for a framework's order, if any. */
export async function transactionOfOrder(engine: TaxEngine, orderId: string) {
  const page = await engine.transactions.list({ reference_order_id: orderId, limit: 1 });
  return page.transactions[0];
}

/** Deletes an order's transaction (soft: kept for audit). Idempotent: nothing recorded, nothing done. */
export async function deleteCheckoutSale(engine: TaxEngine, orderId: string) {
  const transaction = await transactionOfOrder(engine, orderId);
  if (transaction === undefined) return undefined;
  try {
    return await engine.transactions.delete(transaction.id);
  } catch (error) {
    if (isTaxError(error) && error.type === 'TRANSACTION_NOT_FOUND') return undefined;
    throw checkoutError(error);
  }
}

/**
 * Refunds in taxkit what an order has taken back so far: per line (by the framework's line id),
 * `returned` is the total quantity returned or refunded, and taxkit refunds that quantity's
 * share of the line's recorded sale and tax, less what it has already refunded for the line.
 * Converges, so a retried or repeated event refunds nothing twice. Returns the refund made, or
 * undefined when nothing was left to refund (or the order was never recorded).
 */
export async function refundCheckoutQuantities(
  engine: TaxEngine,
  orderId: string,
  returned: ReadonlyMap<string, number>,
) {
  const transaction = await transactionOfOrder(engine, orderId);
  if (transaction === undefined) return undefined;
  const refunded = new Map<string, { quantity: number; sales: number; tax: number }>();
  for (const refund of (await engine.transactions.listRefunds(transaction.id)).refunds) {
    if ((refund as { reversed_at?: unknown }).reversed_at != null) continue;
    for (const line of refund.line_items) {
      const key = line.product.reference_line_item_id;
      const sum = refunded.get(key) ?? { quantity: 0, sales: 0, tax: 0 };
      sum.quantity += Math.abs(line.quantity);
      sum.sales += Math.abs(line.amount_excluding_tax);
      sum.tax += Math.abs(line.tax_amount);
      refunded.set(key, sum);
    }
  }
  const lineItems = transaction.line_items.flatMap((line) => {
    const key = line.product.reference_line_item_id;
    const quantity = Math.min(returned.get(key) ?? 0, line.quantity);
    const done = refunded.get(key) ?? { quantity: 0, sales: 0, tax: 0 };
    if (quantity <= done.quantity) return [];
    const sales = share(line.amount_excluding_tax, quantity, line.quantity) - done.sales;
    const tax = share(line.tax_amount, quantity, line.quantity) - done.tax;
    return [
      {
        reference_line_item_id: key,
        quantity: quantity - done.quantity,
        sales_amount_refunded: -Math.max(0, sales),
        tax_amount_refunded: -Math.max(0, tax),
      },
    ];
  });
  if (lineItems.length === 0) return undefined;
  try {
    return await engine.refunds.create({ transaction_id: transaction.id, type: 'partial', line_items: lineItems });
  } catch (error) {
    throw checkoutError(error);
  }
}

/** `amount × part / whole`, half up, in integers (the whole amount when all of it is taken). */
function share(amount: number, part: number, whole: number): number {
  if (part >= whole) return amount;
  return Number((BigInt(amount) * BigInt(part) * 2n + BigInt(whole)) / (2n * BigInt(whole)));
}
