import { describe, expect, it } from 'vitest';
import { measuringPeriods } from '../../../src/core/nexus/measuring-periods.ts';
import type { NexusRule } from '../../../src/core/nexus/nexus-rule.ts';
import { type JurisdictionNexus, type NexusInput, nexusStatus } from '../../../src/core/nexus/nexus-status.ts';
import { unixOfIsoDay } from '../../../src/core/nexus/civil-date.ts';
import { loadDefaultNexusRules } from '../../../src/defaults/load-default-nexus-rules.ts';
import type { Refund, Transaction } from '../../../src/core/types.ts';
import { makeRefund, makeRefundLine, makeTaxLine, makeTransaction } from '../../helpers/records.ts';

const day = (iso: string) => unixOfIsoDay(iso);

function rule(overrides: Partial<NexusRule> = {}): NexusRule {
  return {
    jurisdiction: 'US-IN',
    name: 'Indiana',
    from: '2018-01-01',
    currency: 'USD',
    amountMinor: 10_000_000,
    transactions: null,
    combine: 'amount_only',
    period: 'previous_or_current_calendar_year',
    basis: 'gross',
    marketplace: 'included',
    source: 'https://example.test/rule',
    evidence: [],
    ...overrides,
  };
}

let counter = 0;
function sale(iso: string, amountMinor: number, overrides: Partial<Transaction> = {}): Transaction {
  counter += 1;
  return makeTransaction({
    id: `tr_${String(counter).padStart(6, '0')}`,
    processedAt: day(iso),
    lines: [makeTaxLine({ amountExcludingTaxMinor: amountMinor })],
    place: { country: 'US', province: 'IN' },
    ...overrides,
  });
}

function refundOf(
  transaction: Transaction,
  iso: string,
  amountMinor: number,
): { refund: Refund; transaction: Transaction } {
  counter += 1;
  const refund = makeRefund({
    id: `ref_${String(counter).padStart(6, '0')}`,
    transactionId: transaction.id,
    processedAt: day(iso),
    lines: [makeRefundLine(transaction.lines[0], { amountExcludingTaxMinor: -amountMinor })],
  });
  return { refund, transaction };
}

function statusOf(
  rules: readonly NexusRule[],
  atIso: string,
  sales: readonly Transaction[],
  extra: Partial<NexusInput> = {},
): JurisdictionNexus {
  const [first] = nexusStatus({
    rules,
    noSalesTax: [],
    at: day(atIso),
    sellerCountry: 'US',
    registrations: undefined,
    sales,
    refunds: [],
    ...extra,
  });
  if (first === undefined) throw new Error('no jurisdiction measured');
  return first;
}

describe('nexus status: each kind of rule on both sides of its threshold', () => {
  it('amount only: one cent short is below the threshold; reaching it crosses, with the date and the sale', () => {
    const r = rule();
    const short = [sale('2025-02-01', 5_000_000), sale('2025-03-01', 4_999_999)];
    expect(statusOf([r], '2025-06-01', short)).toMatchObject({
      status: 'approaching',
      salesMinor: 9_999_999,
      transactionCount: 2,
      crossedAt: null,
    });
    const crossing = sale('2025-04-01', 1);
    expect(statusOf([r], '2025-06-01', [...short, crossing])).toMatchObject({
      status: 'exceeded',
      salesMinor: 10_000_000,
      crossedAt: day('2025-04-01'),
      crossedBy: crossing.id,
    });
  });

  it('below 80 % is below; from 80 % it is approaching', () => {
    expect(statusOf([rule()], '2025-06-01', [sale('2025-02-01', 7_999_999)]).status).toBe('below');
    expect(statusOf([rule()], '2025-06-01', [sale('2025-02-01', 8_000_000)]).status).toBe('approaching');
  });

  it('amount or count: the 200th sale crosses however small the amounts; 199 do not', () => {
    const r = rule({ transactions: 200, combine: 'amount_or_transactions' });
    const sales = Array.from({ length: 199 }, (_, index) =>
      sale(`2025-03-${String((index % 28) + 1).padStart(2, '0')}`, 100),
    );
    const below = statusOf([r], '2025-06-01', sales);
    expect(below.status).toBe('approaching');
    expect(below.transactionCount).toBe(199);
    const last = sale('2025-05-01', 100);
    expect(statusOf([r], '2025-06-01', [...sales, last])).toMatchObject({ status: 'exceeded', crossedBy: last.id });
  });

  it('amount and count: the amount alone does not cross; the count reached with it does', () => {
    const r = rule({ amountMinor: 50_000_000, transactions: 100, combine: 'amount_and_transactions' });
    const big = sale('2025-01-10', 60_000_000);
    const small = Array.from({ length: 98 }, () => sale('2025-02-10', 100));
    expect(statusOf([r], '2025-06-01', [big, ...small])).toMatchObject({ status: 'approaching', transactionCount: 99 });
    const hundredth = sale('2025-03-10', 100);
    expect(statusOf([r], '2025-06-01', [big, ...small, hundredth])).toMatchObject({
      status: 'exceeded',
      crossedBy: hundredth.id,
    });
  });

  it('rolling 12 months across a year boundary: sales of two calendar years add up, and fall out a year later', () => {
    const r = rule({ period: 'rolling_12_months' });
    const sales = [sale('2024-11-15', 6_000_000), sale('2025-02-15', 4_000_000)];
    expect(statusOf([r], '2025-06-01', sales)).toMatchObject({ status: 'exceeded', crossedAt: day('2025-02-15') });
    // Neither calendar year alone reaches it.
    expect(statusOf([rule()], '2025-06-01', sales).status).toBe('below');
    // The 12 months up to 2025-11-14 start on 2024-11-15; those up to 2025-11-15 no longer hold that day.
    expect(statusOf([r], '2025-11-14', sales).status).toBe('exceeded');
    expect(statusOf([r], '2025-11-15', sales)).toMatchObject({ status: 'below', salesMinor: 4_000_000 });
  });

  it('previous or current calendar year: crossing last year keeps the seller over all this year, not the next', () => {
    const sales = [sale('2024-05-01', 10_000_000)];
    expect(statusOf([rule()], '2025-03-01', sales)).toMatchObject({ status: 'exceeded', crossedAt: day('2024-05-01') });
    expect(statusOf([rule()], '2026-03-01', sales).status).toBe('below');
    // A previous-calendar-year rule does not count this year's sales yet.
    const previousOnly = rule({ period: 'previous_calendar_year' });
    expect(statusOf([previousOnly], '2025-12-31', [sale('2025-05-01', 20_000_000)]).status).toBe('below');
    expect(statusOf([previousOnly], '2026-01-01', [sale('2025-05-01', 20_000_000)]).status).toBe('exceeded');
  });

  it('refunds count net: one that pulls the seller back under undoes the crossing; a later sale crosses again', () => {
    const first = sale('2025-02-01', 6_000_000);
    const second = sale('2025-03-01', 5_000_000);
    const refund = refundOf(second, '2025-04-01', 2_000_000);
    const pulledBack = statusOf([rule()], '2025-06-01', [first, second], { refunds: [refund] });
    expect(pulledBack).toMatchObject({ status: 'approaching', salesMinor: 9_000_000, crossedAt: null });
    const third = sale('2025-05-01', 1_000_000);
    expect(statusOf([rule()], '2025-06-01', [first, second, third], { refunds: [refund] })).toMatchObject({
      status: 'exceeded',
      crossedBy: third.id,
      crossedAt: day('2025-05-01'),
    });
  });

  it('marketplace-facilitated sales are left out where the rule says so, counted where it does not', () => {
    const sales = [sale('2025-02-01', 6_000_000), sale('2025-03-01', 5_000_000, { marketplaceFacilitated: true })];
    expect(statusOf([rule({ marketplace: 'excluded' })], '2025-06-01', sales)).toMatchObject({
      status: 'below',
      salesMinor: 6_000_000,
      transactionCount: 1,
    });
    expect(statusOf([rule({ marketplace: 'included' })], '2025-06-01', sales).status).toBe('exceeded');
  });

  it('a retail or taxable basis leaves out sales to exempt customers; a gross basis counts them', () => {
    const sales = [sale('2025-02-01', 10_000_000, { exemption: 'exempt_customer' })];
    expect(statusOf([rule({ basis: 'gross' })], '2025-06-01', sales).status).toBe('exceeded');
    expect(statusOf([rule({ basis: 'taxable' })], '2025-06-01', sales).status).toBe('below');
  });

  it('sales in another currency count through their filing conversion, or are reported as unconverted', () => {
    const converted = sale('2025-02-01', 9_000_000, {
      currency: 'EUR',
      filingCurrency: 'USD',
      filingConversion: { rate: '1.25', rateDate: '2025-02-01', source: 'ECB' },
    });
    const unconverted = sale('2025-02-02', 9_000_000, { currency: 'EUR', filingCurrency: 'EUR' });
    const status = statusOf([rule()], '2025-06-01', [converted, unconverted]);
    expect(status).toMatchObject({ status: 'exceeded', salesMinor: 11_250_000, unconvertedTransactionCount: 1 });
    expect(status.note).toMatch(/1 sale\(s\) in another currency/);
  });

  it('sales elsewhere do not count; a registration active at the date makes the status registered', () => {
    const sales = [sale('2025-02-01', 20_000_000, { place: { country: 'US', province: 'CA' } })];
    expect(statusOf([rule()], '2025-06-01', sales).status).toBe('below');
    const inIndiana = [sale('2025-02-01', 20_000_000)];
    const registered = statusOf([rule()], '2025-06-01', inIndiana, {
      registrations: [{ places: ['US-IN'], activeFrom: day('2025-03-01') }],
    });
    expect(registered).toMatchObject({ status: 'registered', salesMinor: 20_000_000 });
    const notYet = statusOf([rule()], '2025-02-15', inIndiana, {
      registrations: [{ places: ['US-IN'], activeFrom: day('2025-03-01') }],
    });
    expect(notYet.status).toBe('exceeded');
  });

  it('the EU threshold: EUR 10,000 of sales to other member states for an EU seller, none for others', () => {
    const established = rule({
      jurisdiction: 'EU',
      name: 'EU',
      currency: 'EUR',
      amountMinor: 1_000_000,
      sellers: 'established',
    });
    const others = rule({
      jurisdiction: 'EU',
      name: 'EU',
      currency: 'EUR',
      amountMinor: 0,
      sellers: 'not_established',
    });
    const eur = (country: string, amount: number) =>
      sale('2025-02-01', amount, { currency: 'EUR', filingCurrency: 'EUR', place: { country, province: '' } });
    const sales = [eur('FR', 600_000), eur('DE', 900_000), eur('IT', 300_000)];
    // A German seller: its sales at home do not count.
    expect(statusOf([established, others], '2025-06-01', sales, { sellerCountry: 'DE' })).toMatchObject({
      status: 'approaching',
      salesMinor: 900_000,
    });
    // A US seller: the first sale into the EU crosses.
    expect(statusOf([established, others], '2025-06-01', [eur('FR', 1)], { sellerCountry: 'US' })).toMatchObject({
      status: 'exceeded',
      thresholdMinor: 0,
    });
    expect(statusOf([established, others], '2025-06-01', [], { sellerCountry: 'US' }).status).toBe('below');
  });

  it('the shipped EU threshold counts consumer sales only: a reverse-charged business sale is left out (issue 37)', () => {
    const euRules = loadDefaultNexusRules().flatMap((table) => table.rules.filter((r) => r.jurisdiction === 'EU'));
    const eur = (country: string, amount: number, overrides: Partial<Transaction> = {}) =>
      sale('2025-02-01', amount, {
        currency: 'EUR',
        filingCurrency: 'EUR',
        place: { country, province: '' },
        ...overrides,
      });
    const sales = [eur('DE', 600_000), eur('IT', 900_000, { exemption: 'reverse_charge' })];
    expect(statusOf(euRules, '2025-06-01', sales, { sellerCountry: 'FR' })).toMatchObject({
      status: 'below',
      salesMinor: 600_000,
      transactionCount: 1,
    });
    // The consumer sales alone still cross it.
    const consumers = [eur('DE', 600_000), eur('IT', 400_000)];
    expect(statusOf(euRules, '2025-06-01', consumers, { sellerCountry: 'FR' }).status).toBe('exceeded');
  });

  it('a rule is used only in its dated period', () => {
    const old = rule({ transactions: 200, combine: 'amount_or_transactions', to: '2024-07-01' });
    const current = rule({ from: '2024-07-01' });
    const many = Array.from({ length: 250 }, () => sale('2024-08-01', 100));
    expect(
      statusOf(
        [old, current],
        '2024-06-01',
        many.map((s) => ({ ...s, processedAt: day('2024-03-01') })),
      ).status,
    ).toBe('exceeded');
    expect(statusOf([old, current], '2024-09-01', many).status).toBe('below');
  });
});

describe('measuring periods', () => {
  const at = day('2025-05-20') + 3600;
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19);
  it.each([
    ['previous_calendar_year', [['2024-01-01T00:00:00', '2024-12-31T23:59:59']]],
    [
      'previous_or_current_calendar_year',
      [
        ['2024-01-01T00:00:00', '2024-12-31T23:59:59'],
        ['2025-01-01T00:00:00', '2025-05-20T01:00:00'],
      ],
    ],
    ['rolling_12_months', [['2024-05-21T00:00:00', '2025-05-20T01:00:00']]],
    ['preceding_four_quarters', [['2024-04-01T00:00:00', '2025-03-31T23:59:59']]],
    ['twelve_months_ending_september_30', [['2023-10-01T00:00:00', '2024-09-30T23:59:59']]],
  ] as const)('%s', (period, expected) => {
    const periods = measuringPeriods(rule({ period }), at).map((p) => [iso(p.start), iso(p.end)]);
    expect(periods).toEqual(expected);
  });

  it("New York's sales tax quarters end in February, May, August and November", () => {
    const ny = rule({ period: 'preceding_four_quarters', quarterEndMonths: [2, 5, 8, 11] });
    const periods = measuringPeriods(ny, at).map((p) => [iso(p.start), iso(p.end)]);
    expect(periods).toEqual([['2024-03-01T00:00:00', '2025-02-28T23:59:59']]);
    const january = measuringPeriods(ny, day('2025-01-15')).map((p) => [iso(p.start), iso(p.end)]);
    expect(january).toEqual([['2023-12-01T00:00:00', '2024-11-30T23:59:59']]);
  });
});
