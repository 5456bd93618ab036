import { buildCalculation } from './build-calculation.ts';
import type { LineInput } from './calculate-lines.ts';
import { TaxError } from './errors.ts';
import { certificateOfLines } from './exemptions/applied-certificate.ts';
import { recordedDistanceSale } from './tax-ids/eu-distance-sale.ts';
import { isOrderFeeId, unpricedNotice } from './order-fees/charge-order-fees.ts';
import type { OrderFees } from './order-fees/compile-order-fees.ts';
import type { ProductTaxCodes } from './product-tax-codes/compile-product-tax-codes.ts';
import type { RateIndex } from './rates/rate-index.ts';
import type { RegistrationSpan } from './registrations/registration-spans.ts';
import type { Calculation, Mode, TaxLine } from './types.ts';

/**
 * Recomputes a stored calculation with a rate index, from what the record kept: its lines,
 * place (rate keys and location), customer, date, currency and options. With the index of the
 * snapshot it names, the result equals the record (line items and totals), whatever was
 * imported since. Pure.
 *
 * `registrations` are the account's registrations (live-mode collection), which the record does
 * not keep; they are applied on the record's tax date, so a replay collects where the account
 * was registered that day. `codes` reads a line kept under another engine's product tax code
 * (`txcd_…`) back into the category it was taxed as, with the same note; `fees` are the per-order
 * fees, of which the replay charges those the record charged.
 *
 * @throws TaxError INVALID_VALUE for a platform calculation (its fee lines depend on request
 *   fields the record does not keep) or a record made before taxkit kept its rate keys.
 */
export function replayCalculation(
  calculation: Calculation,
  index: RateIndex,
  mode: Mode,
  registrations: readonly RegistrationSpan[] | undefined,
  codes: ProductTaxCodes,
  fees: OrderFees,
): Calculation {
  if (calculation.kind !== 'standard') {
    throw new TaxError(
      'INVALID_VALUE',
      `Calculation ${calculation.id} is a platform calculation; only standard calculations can be replayed.`,
    );
  }
  const rateKeys = calculation.rateKeys;
  if (rateKeys === undefined) {
    throw new TaxError(
      'INVALID_VALUE',
      `Calculation ${calculation.id} was recorded before taxkit kept what a replay needs.`,
    );
  }
  // The certificate the calculation applied is named in its notes; the record keeps nothing else of it.
  const appliedCertificate = certificateOfLines(calculation.lines);
  // So is where an EU distance sale was taxed and why (the rate keys say where, the note why).
  const distanceSale = recordedDistanceSale(
    calculation.lines.flatMap((line) => line.jurisdictions.map((entry) => entry.note)),
  );
  // The fees the record charged, and no others: which fees the seller owed is not kept otherwise.
  const entries = calculation.lines.flatMap((line) => line.jurisdictions);
  const charged = new Set(entries.map((entry) => entry.jurisdictionId).filter(isOrderFeeId));
  const noted = (feeId: string) => {
    const fee = fees.tables.flatMap((table) => table.fees).find((candidate) => candidate.id === feeId);
    return fee !== undefined && entries.some((entry) => entry.note.includes(unpricedNotice(fee.name)));
  };
  return buildCalculation(
    {
      ...(appliedCertificate === undefined ? {} : { appliedCertificate }),
      ...(distanceSale === undefined ? {} : { distanceSale }),
      id: calculation.id,
      kind: calculation.kind,
      createdAt: calculation.createdAt,
      taxDate: calculation.taxDate ?? calculation.createdAt,
      lifetimeSeconds: calculation.expiresAt - calculation.createdAt,
      mode,
      currency: calculation.currency,
      taxIncluded: calculation.taxIncluded,
      automaticTax: calculation.automaticTax,
      customer: calculation.customer,
      place:
        rateKeys.length === 0
          ? { zero: true, country: calculation.location.address.country }
          : { location: calculation.location, rateKeys },
      origin: calculation.origin,
      lines: calculation.lines.map((line) => lineInputOf(line, calculation.taxIncluded, codes)),
      metadata: calculation.metadata,
      registrations,
      orderFees: { fees, isOff: (feeId) => !charged.has(feeId) && !noted(feeId) },
    },
    index,
  );
}

/** The line as it was asked for: the whole line's amount, as given (tax-inclusive or not). */
function lineInputOf(line: TaxLine, taxIncluded: boolean, codes: ProductTaxCodes): LineInput {
  const reading = codes.read(line.productTaxCode);
  return {
    lineItemId: line.lineItemId,
    referenceLineItemId: line.referenceLineItemId,
    referenceProductId: line.referenceProductId,
    productName: line.productName,
    category: reading?.category ?? line.productTaxCode,
    ...(reading?.notice === undefined ? {} : { code: line.productTaxCode, codeNotice: reading.notice }),
    // A per-order fee charged on the line is not part of the amount it was asked for.
    amountMinor: taxIncluded ? line.amountIncludingTaxMinor - orderFeesOf(line) : line.amountExcludingTaxMinor,
    quantity: line.quantity,
  };
}

/** What per-order fees a line carries (docs/order-fees.md). */
function orderFeesOf(line: TaxLine): number {
  let fees = 0;
  for (const entry of line.jurisdictions) if (isOrderFeeId(entry.jurisdictionId)) fees += entry.feeMinor;
  return fees;
}
