import { createTaxEngine, type TaxEngine, type TaxEngineOptions } from '../../index.ts';
import type { CheckoutMapping } from './checkout-mapping.ts';

/** The options of a framework integration: an engine or engine options, and the mapping. */
export interface IntegrationOptions extends TaxEngineOptions, CheckoutMapping {
  /** An engine from `createTaxEngine`; when given, the engine options here are not used. */
  readonly engine?: TaxEngine;
}

/** Keys of an integration's options that are not engine options. */
const INTEGRATION_KEYS = new Set([
  'engine',
  'defaultCurrency',
  'productCategories',
  'productTypeCategories',
  'defaultCategory',
  'shippingCategory',
  'exemptCustomerGroups',
  'exemptMetadataKey',
  'vatNumberMetadataKey',
]);

/** The engine given, or one made from the engine options among the integration's options. */
export function engineOf(options: IntegrationOptions): TaxEngine {
  if (options.engine !== undefined) return options.engine;
  const engineOptions = Object.fromEntries(Object.entries(options).filter(([key]) => !INTEGRATION_KEYS.has(key)));
  return createTaxEngine(engineOptions as TaxEngineOptions);
}
