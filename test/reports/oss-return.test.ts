import { describe, expect, it } from 'vitest';
import { buildOssQuarter, Q3_RATE } from '../helpers/oss-quarter.ts';

const NONE = { dispatched_from: null, dispatched_from_vat_number: null };

describe('the OSS return of the worked quarter (docs/filing.md)', () => {
  it('refuses to build while the ECB rate of the quarter’s last day is missing, naming the sales', async () => {
    const { engine, q3Sales } = await buildOssQuarter();
    const refused = await engine.reports.oss({ quarter: '2026-Q3' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ type: 'FILING_RATE_MISSING', status: 409 });
    const { details, message } = refused as { details: { sales: string[] }; message: string };
    // The four covered sales of the quarter; the German and the business sale are not on the return.
    expect(message).toContain(' 4 sale(s) ');
    expect([...details.sales].sort()).toStrictEqual([...q3Sales].sort());
    for (const id of q3Sales) expect(message).toContain(id);
  });

  it('holds every line, the correction of Q2, what was left out and the totals', async () => {
    const { engine, store } = await buildOssQuarter();
    await store.importExchangeRates([Q3_RATE]);
    const filed = await engine.reports.oss({ quarter: '2026-Q3' });
    expect(filed).toMatchObject({
      object: 'tax.oss_return',
      quarter: '2026-Q3',
      currency: 'EUR',
      scheme: 'union',
      member_state_of_identification: 'DE',
      vat_number: 'DE123456789',
      reference: 'DE/123456789/Q3.2026',
      period_start: '2026-07-01',
      period_end: '2026-09-30',
    });
    // Dollars at 1.25 a euro: every amount × 0.8, in euro cents.
    expect(filed.member_states).toStrictEqual([
      {
        country: 'ES',
        // 40.00 USD of SaaS, refunded and the refund reversed in the quarter: it stands.
        supplies: [
          { kind: 'services', rate: 0.21, rate_type: 'STANDARD', taxable_amount: 3200, vat_amount: 672, ...NONE },
        ],
        vat_amount: 672,
        corrections_vat_amount: 0,
        vat_due: 672,
      },
      {
        country: 'FR',
        supplies: [
          { kind: 'goods', rate: 0.2, rate_type: 'STANDARD', taxable_amount: 8000, vat_amount: 1600, ...NONE },
        ],
        vat_amount: 1600,
        corrections_vat_amount: -1000,
        vat_due: 600,
      },
      {
        country: 'IT',
        supplies: [
          {
            kind: 'goods',
            rate: 0.22,
            rate_type: 'STANDARD',
            taxable_amount: 16_000,
            vat_amount: 3520,
            dispatched_from: 'FR',
            dispatched_from_vat_number: 'FR12345678901',
          },
        ],
        vat_amount: 3520,
        corrections_vat_amount: 0,
        vat_due: 3520,
      },
      {
        country: 'NL',
        supplies: [
          { kind: 'goods', rate: 0.21, rate_type: 'STANDARD', taxable_amount: 3200, vat_amount: 672, ...NONE },
          { kind: 'goods', rate: 0.09, rate_type: 'REDUCED', taxable_amount: 2400, vat_amount: 216, ...NONE },
        ],
        vat_amount: 888,
        corrections_vat_amount: 0,
        vat_due: 888,
      },
    ]);
    // The Q2 sale (50.00 USD at Q2's 1.0000) refunded in Q3 corrects Q2, at the rate it was filed with.
    expect(filed.corrections).toStrictEqual([
      { country: 'FR', quarter: '2026-Q2', taxable_amount: -5000, vat_amount: -1000 },
    ]);
    expect(filed.left_out).toStrictEqual([
      { reason: 'business_customer', sales: 1, refunds: 0 },
      { reason: 'domestic', sales: 1, refunds: 0 },
    ]);
    expect(filed.total_taxable_amount).toBe(3200 + 8000 + 16_000 + 3200 + 2400);
    expect(filed.total_vat).toBe(672 + 600 + 3520 + 888);
    expect(filed.bzst_parts).toBe(1);
  });

  it('equals the liability report in euro, member state by member state', async () => {
    const { engine, store } = await buildOssQuarter();
    await store.importExchangeRates([Q3_RATE]);
    const filed = await engine.reports.oss({ quarter: '2026-Q3' });
    const report = await engine.reports.liability({
      from: '2026-07-01',
      to: '2026-09-30',
      period: 'quarter',
      currency: 'EUR',
    });
    // Germany is the member state of identification: its sale goes on the domestic return.
    const owed = new Map<string, number>();
    for (const row of report.rows) {
      if (row.country !== 'DE') owed.set(row.country, (owed.get(row.country) ?? 0) + row.net_tax);
    }
    expect(new Map(filed.member_states.map((state) => [state.country, state.vat_due]))).toStrictEqual(owed);
    expect(filed.total_vat).toBe([...owed.values()].reduce((sum, value) => sum + value, 0));
  });
});

describe('bad input to the OSS return', () => {
  const cases: readonly [string, Record<string, string>, string][] = [
    ['a quarter that is not YYYY-Qn', { quarter: '2026-Q5' }, 'quarter'],
    ['a quarter written otherwise', { quarter: '2026Q3' }, 'quarter'],
    ['a scheme taxkit does not know', { quarter: '2026-Q3', scheme: 'import' }, 'scheme'],
    ['a scheme the seller is not registered for', { quarter: '2026-Q3', scheme: 'non_union' }, 'scheme'],
    ['a quarter before the registration', { quarter: '2025-Q4' }, 'quarter'],
  ];
  for (const [what, query, field] of cases) {
    it(`answers 400 naming ${field} for ${what}`, async () => {
      const { engine, store } = await buildOssQuarter();
      await store.importExchangeRates([Q3_RATE]);
      const refused = await engine.reports.oss(query as never).catch((error: unknown) => error);
      expect(refused).toMatchObject({ type: 'INVALID_VALUE', status: 400 });
      expect((refused as Error).message).toMatch(new RegExp(`^${field}\\b`));
      const details = (refused as { details?: { field?: string } }).details;
      if (details?.field !== undefined) expect(details.field).toBe(field);
    });
  }
});
