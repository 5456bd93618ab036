import { deleteCheckoutSale, recordCheckoutSale, refundCheckoutQuantities } from '../shared/record-checkout-sale.ts';
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

/**
 * Refunds in taxkit the order lines Vendure's settled refunds took back: the quantities of
 * every settled refund of the order's payments (`order.payments[].refunds[].lines`), less what
 * taxkit has refunded already. Idempotent. Subscribe it to `RefundStateTransitionEvent` with
 * `toState === 'Settled'`, with the order's payments and their refunds loaded. Refunds given as
 * an amount alone (Vendure 2.2 deprecated `Refund.lines` for `amount`) name no lines and refund
 * nothing here.
 */
export function recordVendureRefunds(strategy: TaxkitTaxLineCalculationStrategy, order: VendureOrderWithRefunds) {
  const returned = new Map<string, number>();
  for (const payment of order.payments ?? []) {
    for (const refund of payment.refunds ?? []) {
      if (refund.state !== 'Settled') continue;
      for (const line of refund.lines ?? []) {
        const key = String(line.orderLineId);
        returned.set(key, (returned.get(key) ?? 0) + line.quantity);
      }
    }
  }
  return refundCheckoutQuantities(strategy.engine, vendureOrderReference(order), returned);
}

/** A Vendure order with its payments' refunds (`Refund.lines` are `{ orderLineId, quantity }`). */
export interface VendureOrderWithRefunds extends Pick<VendureOrder, 'id' | 'code'> {
  payments?: { refunds?: { state: string; lines?: { orderLineId: { toString(): string }; quantity: number }[] }[] }[];
}
