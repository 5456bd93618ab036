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
