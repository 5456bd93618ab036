/**
 * taxkit inside Medusa v2: a Tax Module Provider and the ledger hooks (docs/medusa.md).
 *
 * ```ts
 * // medusa-config.ts
 * modules: [{ resolve: '@medusajs/medusa/tax', options: { providers: [
 *   { resolve: 'taxkit/medusa', id: 'taxkit', options: { defaultOrigin, registrations } },
 * ] } }]
 * ```
 *
 * @module
 */
import { TaxkitTaxProvider } from './taxkit-tax-provider.ts';

export { TaxkitTaxProvider, lastTaxkitProvider, type TaxkitMedusaOptions } from './taxkit-tax-provider.ts';
export * from './medusa-types.ts';
export { TaxkitCheckoutError } from '../shared/checkout-error.ts';
export type { CheckoutMapping } from '../shared/checkout-mapping.ts';
export * from './order-ledger.ts';

/**
 * The module provider registration Medusa loads: what `ModuleProvider(Modules.TAX, { services:
 * [TaxkitTaxProvider] })` of `@medusajs/framework/utils` returns, written out so that taxkit
 * does not load Medusa at run time (the integration test holds the two equal).
 */
const taxkitMedusa: { readonly module: 'tax'; readonly services: [typeof TaxkitTaxProvider] } = {
  module: 'tax',
  services: [TaxkitTaxProvider],
};
export default taxkitMedusa;
