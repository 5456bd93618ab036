/**
 * Issue 37, item 1: one state is one report row whichever table taxed the sale. Before, a sale
 * taxed with the embedded state rate was `US-CA` and one taxed after an import `US-CA:STATE` (an
 * Avalara file) or `US-CA:STATE:CALIFORNIA` (a taxkit CSV); ledgers holding those are read
 * through a mapping.
 */
import { createImportingEngine } from '../helpers/importing-engine.ts';
import { describe, expect, it } from 'vitest';
import { createLiabilityAccumulator } from '../../src/core/reports/liability-report.ts';
import { parseDay } from '../../src/core/rates/day-number.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { makeJurisdictionTax, makeTaxLine, makeTransaction } from '../helpers/records.ts';

const NOW = Date.UTC(2026, 10, 10, 12);

const sale = (zip: string) => ({
  customer: { address: { address_country: 'US', address_province: 'CA', address_postal_code: zip } },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount: 10_000, quantity: 1 }],
  },
});

describe('one state, one report row (issue 37)', () => {
  it('sales before and after an import land on US-CA, and the import still falls back to the embedded rate', async () => {
    const { store, engine } = createImportingEngine(NOW);
    const record = async (zip: string, order: string) => {
      const calculation = await engine.calculations.create(sale(zip));
      await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: order });
      return calculation;
    };
    await record('90002', 'before');
    await importRates({
      store,
      inputs: [
        {
          fileName: 'ca.csv',
          text: 'country,state,zip,effective_from,level,name,rate\nUS,CA,90002,2026-01-01,STATE,California,0.0725\nUS,CA,90002,2026-01-01,CITY,LOS ANGELES,0.0225\n',
        },
      ],
    });
    const after = await record('90002', 'after');
    expect(after.total_tax_amount).toBe(950);
    // A ZIP the import does not cover keeps the embedded state rate and its note.
    const elsewhere = await record('95814', 'elsewhere');
    expect(elsewhere.total_tax_amount).toBe(725);
    expect(elsewhere.line_items[0]?.tax_jurisdictions[0]?.note).toMatch(/[Ss]tate-level/);

    const report = await engine.reports.liability({ from: '2026-11-01', to: '2026-11-30' });
    const ids = report.rows.map((row) => row.jurisdiction_id);
    expect(ids.filter((id) => id.startsWith('US-CA:STATE'))).toEqual([]);
    const state = report.rows.filter((row) => row.jurisdiction_id === 'US-CA');
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ gross_sales: 30_000, tax_collected: 2_175, transaction_count: 3 });
    await engine.close();
  });

  it('reads old ledgers through a mapping: US-CA:STATE and US-CA:STATE:CALIFORNIA report as US-CA', () => {
    const day = parseDay('2026-11-01');
    const report = createLiabilityAccumulator({ fromDay: day, toDay: day + 29, period: 'month' });
    const at = day * 86_400 + 3_600;
    ['US-CA', 'US-CA:STATE', 'US-CA:STATE:CALIFORNIA'].forEach((jurisdictionId, index) => {
      report.addSale(
        makeTransaction({
          id: `tr_${index}`,
          processedAt: at,
          place: { country: 'US', province: 'CA' },
          lines: [
            makeTaxLine({
              amountExcludingTaxMinor: 10_000,
              taxMinor: 725,
              jurisdictions: [
                makeJurisdictionTax({
                  jurisdictionId,
                  rate: '0.0725',
                  taxMinor: 725,
                  taxDue: '725',
                  authorityType: 'STATE',
                }),
              ],
            }),
          ],
        }),
      );
    });
    const { rows } = report.finish();
    expect(rows.map((row) => [row.jurisdictionId, row.level, row.taxCollected, row.transactionCount])).toEqual([
      ['US-CA', 'STATE', 2_175, 3],
    ]);
  });
});
