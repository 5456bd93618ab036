import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLiabilityAccumulator } from '../../../src/core/reports/liability-report.ts';
import { createOssAccumulator, type OssReturnOptions } from '../../../src/core/reports/oss-return.ts';
import { dayNumber } from '../../../src/core/rates/day-number.ts';
import type { Refund, Transaction } from '../../../src/core/types.ts';
import {
  makeJurisdictionTax,
  makeRefund,
  makeRefundLine,
  makeTaxLine,
  makeTransaction,
} from '../../helpers/records.ts';

const RATES: Readonly<Record<string, string>> = {
  DE: '0.19',
  FR: '0.2',
  IT: '0.22',
  ES: '0.21',
  NL: '0.21',
  IE: '0.23',
};
const Q2_START = dayNumber(2026, 4, 1) * 86_400;
const Q3_START = dayNumber(2026, 7, 1) * 86_400;
const Q3_DAYS = { fromDay: dayNumber(2026, 7, 1), toDay: dayNumber(2026, 9, 30) };

function options(overrides: Partial<OssReturnOptions> = {}): OssReturnOptions {
  return {
    quarter: { year: 2026, quarter: 3 },
    scheme: 'union',
    identification: 'DE',
    vatNumber: 'DE123456789',
    numbersAbroad: new Map(),
    standardRateOf: (country) => RATES[country],
    ...overrides,
  };
}

/** A sale to `country` taxed there (or, `taxedIn`, in another state), filed in euro at `rate`. */
function sale(
  country: string,
  amount: number,
  category: string,
  at: number,
  rate: string,
  taxedIn = country,
): Transaction {
  const vatRate = RATES[taxedIn] ?? '0';
  const tax = Math.round((amount * Number(vatRate) * 100) / 100);
  return makeTransaction({
    processedAt: at,
    currency: 'USD',
    filingCurrency: 'EUR',
    filingConversion: { rate, rateDate: '2026-09-30', source: 'ECB' },
    place: { country, province: '' },
    lines: [
      makeTaxLine({
        productTaxCode: category,
        amountExcludingTaxMinor: amount,
        taxMinor: tax,
        amountIncludingTaxMinor: amount + tax,
        jurisdictions: [
          makeJurisdictionTax({
            jurisdictionId: taxedIn,
            authorityType: '',
            taxType: 'VAT',
            rate: vatRate,
            taxDue: String(tax),
            taxMinor: tax,
          }),
        ],
      }),
    ],
  });
}

function refundOf(transaction: Transaction, at: number, share: number, reversedAt?: number): Refund {
  const line = transaction.lines[0] as Transaction['lines'][number];
  const part = Math.floor(line.amountExcludingTaxMinor * share);
  const tax = Math.floor(line.taxMinor * share);
  return makeRefund({
    transactionId: transaction.id,
    processedAt: at,
    ...(reversedAt === undefined ? {} : { reversedAt }),
    lines: [
      makeRefundLine(line, {
        amountExcludingTaxMinor: -part,
        taxMinor: -tax,
        amountIncludingTaxMinor: -(part + tax),
        jurisdictions: line.jurisdictions.map((jurisdiction) => ({ ...jurisdiction, taxMinor: -tax })),
      }),
    ],
  });
}

describe('the OSS accumulator', () => {
  it('owes each member state what the liability report in euro owes it, refunds and corrections included', () => {
    const event = fc.record({
      country: fc.constantFrom('FR', 'IT', 'ES', 'NL', 'DE'),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      category: fc.constantFrom('GENERAL_MERCHANDISE', 'SAAS_GENERAL', 'BOOKS_DIGITAL'),
      earlier: fc.boolean(),
      offset: fc.integer({ min: 0, max: 80 * 86_400 }),
      rate: fc.constantFrom('0.9211495947', '1', '0.8', '1.0856'),
      refund: fc.option(fc.double({ min: 0.01, max: 1, noNaN: true }), { nil: undefined }),
      reversed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 30 }), (events) => {
        const oss = createOssAccumulator(options());
        const report = createLiabilityAccumulator({ ...Q3_DAYS, period: 'quarter' });
        for (const e of events) {
          const made = sale(e.country, e.amount, e.category, (e.earlier ? Q2_START : Q3_START) + e.offset, e.rate);
          if (!e.earlier) {
            oss.addSale(made);
            report.addSale(made);
          }
          if (e.refund === undefined) continue;
          const refundAt = Q3_START + e.offset + 3600;
          const refund = refundOf(made, refundAt, e.refund, e.reversed ? refundAt + 3600 : undefined);
          oss.addRefund(refund, made);
          report.addRefund(refund, made);
          if (e.reversed) {
            oss.addReversal(refund, made);
            report.addReversal(refund, made);
          }
        }
        const filed = oss.finish();
        const owed = new Map<string, number>();
        for (const row of report.finish().rows) {
          // Germany, the member state of identification, is on the domestic return.
          if (row.jurisdictionId !== 'DE')
            owed.set(row.jurisdictionId, (owed.get(row.jurisdictionId) ?? 0) + row.netTax);
        }
        for (const [country, tax] of [...owed]) if (tax === 0) owed.delete(country);
        const due = new Map(
          filed.memberStates.filter((state) => state.vatDue !== 0).map((state) => [state.country, state.vatDue]),
        );
        expect(due).toStrictEqual(owed);
        expect(filed.totalVat).toBe([...owed.values()].reduce((sum, tax) => sum + tax, 0));
        // Corrections only ever name an earlier quarter.
        for (const correction of filed.corrections) expect(correction.quarter).toBe('2026-Q2');
      }),
      { numRuns: 150 },
    );
  });

  it('under the non-union scheme keeps services, the member state of identification’s too, and leaves goods out', () => {
    const oss = createOssAccumulator(options({ scheme: 'non_union', identification: 'IE', vatNumber: 'EU372000041' }));
    oss.addSale(sale('IE', 1000, 'SAAS_GENERAL', Q3_START, '1'));
    oss.addSale(sale('FR', 1000, 'GENERAL_MERCHANDISE', Q3_START, '1'));
    const filed = oss.finish();
    expect(filed.memberStates.map((state) => [state.country, state.supplies[0]?.kind])).toStrictEqual([
      ['IE', 'services'],
    ]);
    expect(filed.leftOut).toStrictEqual([{ reason: 'not_in_scheme', sales: 1, refunds: 0 }]);
    expect(filed.reference).toBe('IE/EU372000041/Q3.2026');
  });

  it('leaves out a sale taxed with the seller’s own VAT (below the EU threshold) and one outside the EU', () => {
    const oss = createOssAccumulator(options());
    oss.addSale(sale('FR', 1000, 'GENERAL_MERCHANDISE', Q3_START, '1', 'DE'));
    oss.addSale({ ...sale('FR', 1000, 'GENERAL_MERCHANDISE', Q3_START, '1'), place: { country: 'CH', province: '' } });
    const filed = oss.finish();
    expect(filed.memberStates).toStrictEqual([]);
    expect(filed.leftOut).toStrictEqual([
      { reason: 'outside_eu', sales: 1, refunds: 0 },
      { reason: 'below_threshold', sales: 1, refunds: 0 },
    ]);
  });
});
