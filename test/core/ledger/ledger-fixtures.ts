/**
 * Transactions for the ledger tests: lines with several jurisdictions whose parts sum to the
 * line's tax, as calculations make them.
 *
 * @module
 */
import type { JurisdictionTax, TaxLine, Transaction } from '../../../src/core/types.ts';
import { makeJurisdictionTax, makeTaxLine, makeTransaction } from '../../helpers/records.ts';

/** A line of `amount` taxed with the given jurisdiction parts (their sum is the line's tax). */
export function lineWith(amount: number, parts: readonly number[], overrides: Partial<TaxLine> = {}): TaxLine {
  const jurisdictions: JurisdictionTax[] = parts.map((part, index) =>
    makeJurisdictionTax({
      jurisdictionId: `J${index}`,
      name: `Jurisdiction ${index}`,
      taxDue: String(part),
      taxMinor: part,
    }),
  );
  const tax = parts.reduce((sum, part) => sum + part, 0);
  return makeTaxLine({
    amountExcludingTaxMinor: amount,
    taxMinor: tax,
    amountIncludingTaxMinor: amount + tax,
    jurisdictions,
    ...overrides,
  });
}

/**
 * Two lines: sku-1 (1000 + 73 + 10 tax, quantity 2) and sku-2 (500 + 36 + 5, quantity 1),
 * with reference line ids "line-1" and "line-2".
 */
export function twoLineTransaction(): Transaction {
  return makeTransaction({
    lines: [
      lineWith(1000, [73, 10], { referenceLineItemId: 'line-1', referenceProductId: 'sku-1', quantity: 2 }),
      lineWith(500, [36, 5], { referenceLineItemId: 'line-2', referenceProductId: 'sku-2', quantity: 1 }),
    ],
  });
}
