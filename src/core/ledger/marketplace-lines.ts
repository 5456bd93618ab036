import type { TaxLine } from '../types.ts';

/** The note on every jurisdiction of a marketplace-facilitated sale. */
export const MARKETPLACE_NOTE =
  'Marketplace facilitated: the marketplace collected and remitted the tax on this sale; the seller charged none.';

/**
 * The lines of a sale a marketplace collected the tax on, as the seller records them: the same
 * price without tax (its gross sale, which returns report and then deduct), zero tax in every
 * jurisdiction, each saying why. Pure.
 */
export function marketplaceLines(lines: readonly TaxLine[]): TaxLine[] {
  return lines.map((line) => ({
    ...line,
    taxMinor: 0,
    amountIncludingTaxMinor: line.amountExcludingTaxMinor,
    jurisdictions: line.jurisdictions.map((jurisdiction) => ({
      ...jurisdiction,
      rate: '0',
      feeMinor: 0,
      taxDue: '0',
      taxMinor: 0,
      note: MARKETPLACE_NOTE,
    })),
  }));
}
