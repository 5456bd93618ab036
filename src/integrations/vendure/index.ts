/**
 * taxkit inside Vendure: tax lines from one taxkit calculation per order, and the zone by the
 * customer's address (docs/vendure.md).
 *
 * ```ts
 * // vendure-config.ts
 * taxOptions: {
 *   taxZoneStrategy: new TaxkitTaxZoneStrategy(),
 *   taxLineCalculationStrategy: new TaxkitTaxLineCalculationStrategy({ defaultOrigin, registrations }),
 * }
 * ```
 *
 * @module
 */
export { TaxkitTaxLineCalculationStrategy, type TaxkitVendureOptions } from './taxkit-tax-line-calculation-strategy.ts';
export { TaxkitTaxZoneStrategy } from './taxkit-tax-zone-strategy.ts';
export * from './vendure-types.ts';
export { TaxkitCheckoutError } from '../shared/checkout-error.ts';
export type { CheckoutMapping } from '../shared/checkout-mapping.ts';
export {
  recordVendureOrderCancelled,
  recordVendureOrderPlaced,
  recordVendureRefunds,
  vendureOrderReference,
  type VendureOrderWithRefunds,
} from './order-ledger.ts';
