import { deleteCheckoutSale, recordCheckoutSale } from '../shared/record-checkout-sale.ts';
import type { TaxkitTaxLineCalculationStrategy } from './taxkit-tax-line-calculation-strategy.ts';
import type { VendureOrder } from './vendure-types.ts';

/** The `reference_order_id` of a Vendure order in taxkit: its code, which Vendure keeps unique. */
export function vendureOrderReference(order: Pick<VendureOrder, 'id' | 'code'>): string {
  return order.code ?? String(order.id);
}

/**
 * Records a placed Vendure order as a taxkit transaction, from one calculation of its lines as
 * the strategy taxed them. Idempotent under repeated events. Subscribe it to `OrderPlacedEvent`
 * (docs/vendure.md).
 */
export function recordVendureOrderPlaced(strategy: TaxkitTaxLineCalculationStrategy, order: VendureOrder) {
  const address = order.shippingAddress?.countryCode ? order.shippingAddress : (order.billingAddress ?? {});
  const placedAt = order.orderPlacedAt == null ? undefined : Math.floor(new Date(order.orderPlacedAt).getTime() / 1000);
  return recordCheckoutSale(strategy.engine, strategy.options, vendureOrderReference(order), {
    ...strategy.requestOf(order, address),
    taxDate: placedAt,
    metadata: { vendure_order_code: vendureOrderReference(order) },
  });
}

/** Deletes a cancelled Vendure order's transaction (soft). Idempotent. */
export function recordVendureOrderCancelled(strategy: TaxkitTaxLineCalculationStrategy, order: VendureOrder) {
  return deleteCheckoutSale(strategy.engine, vendureOrderReference(order));
}
