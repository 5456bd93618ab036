import { keyedError } from '../errors.ts';
import type { Calculation, Metadata, Transaction } from '../types.ts';
import { marketplaceLines } from './marketplace-lines.ts';
import { saleFacts } from './sale-facts.ts';

/** What the caller says about the sale (POST /tax/transactions), already validated. */
export interface TransactionInput {
  readonly referenceOrderId: string;
  /** Unix seconds; the creation time when absent. */
  readonly processedAt: number | undefined;
  readonly metadata: Metadata;
  /**
   * A marketplace collected and remitted the tax: the sale is recorded with zero tax charged by
   * the seller, and flagged so returns report it in gross and deduct it (docs/exemptions.md).
   */
  readonly marketplaceFacilitated?: boolean | undefined;
}

/**
 * Records `calculation` as a sale (docs/interface.md §4.2). Pure: `id` and `now` (Unix seconds) are given.
 * The lines are the calculation's, unchanged; the filing currency is the customer currency.
 *
 * Throws CALCULATION_NOT_FOUND for a platform calculation (those become transactions through
 * POST /tax/platform/transactions) and CALCULATION_EXPIRED once `now` is past `expires_at`.
 * Uniqueness (one transaction per calculation, per reference_order_id) is the store's check.
 */
export function buildTransaction(
  calculation: Calculation,
  input: TransactionInput,
  id: string,
  now: number,
): Transaction {
  if (calculation.kind !== 'standard') {
    throw keyedError(
      'CALCULATION_NOT_FOUND',
      ['calculationId'],
      `No calculation ${calculation.id}: platform calculations are recorded through POST /tax/platform/transactions.`,
    );
  }
  refuseExpired(calculation, now);
  if (input.marketplaceFacilitated === true) {
    return {
      ...recordSale(calculation, input, now),
      id,
      lines: marketplaceLines(calculation.lines),
      type: 'order',
      marketplaceFacilitated: true,
    };
  }
  // recordSale's fields written out rather than spread in: this runs on every sale, and V8
  // defines each key that follows a spread through its slow generic path.
  return {
    calculationId: calculation.id,
    referenceOrderId: input.referenceOrderId,
    processedAt: input.processedAt ?? now,
    createdAt: now,
    currency: calculation.currency,
    filingCurrency: calculation.currency,
    metadata: input.metadata,
    id,
    lines: calculation.lines,
    type: 'order',
    ...saleFacts(calculation),
  };
}

/**
 * The fields every transaction made from `calculation` shares, standard or platform. Throws
 * CALCULATION_EXPIRED (keyed `calculationId`) once `now` is past its expiry.
 */
export function recordSale(calculation: Calculation, input: TransactionInput, now: number) {
  refuseExpired(calculation, now);
  return {
    calculationId: calculation.id,
    referenceOrderId: input.referenceOrderId,
    processedAt: input.processedAt ?? now,
    createdAt: now,
    currency: calculation.currency,
    filingCurrency: calculation.currency,
    metadata: input.metadata,
    ...saleFacts(calculation),
  };
}

/** CALCULATION_EXPIRED (keyed `calculationId`) once `now` is past the calculation's expiry. */
function refuseExpired(calculation: Calculation, now: number): void {
  if (now > calculation.expiresAt) {
    throw keyedError(
      'CALCULATION_EXPIRED',
      ['calculationId'],
      `Calculation ${calculation.id} expired at ${calculation.expiresAt}; calculate again and record the new calculation.`,
    );
  }
}
