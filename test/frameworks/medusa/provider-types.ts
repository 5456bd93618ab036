/**
 * Compiled by tax-module.test.ts with `tsc`: taxkit's written-out Medusa shapes must agree with
 * Medusa's published declarations, in both directions where Medusa hands values to taxkit.
 */
import type {
  ITaxProvider,
  ItemTaxCalculationLine,
  ShippingTaxCalculationLine,
  TaxCalculationContext,
} from '@medusajs/framework/types';
import {
  type MedusaItemTaxCalculationLine,
  type MedusaShippingTaxCalculationLine,
  type MedusaTaxCalculationContext,
  TaxkitTaxProvider,
} from '../../../src/integrations/medusa/index.ts';

// taxkit's provider is a Medusa ITaxProvider …
export const provider: ITaxProvider = new TaxkitTaxProvider({}, {});
// … and what Medusa passes to getTaxLines is what taxkit's provider accepts.
export function accepts(
  items: ItemTaxCalculationLine[],
  shipping: ShippingTaxCalculationLine[],
  context: TaxCalculationContext,
): [MedusaItemTaxCalculationLine[], MedusaShippingTaxCalculationLine[], MedusaTaxCalculationContext] {
  return [items, shipping, context];
}
