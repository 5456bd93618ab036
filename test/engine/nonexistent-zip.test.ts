import { createImportingEngine } from '../helpers/importing-engine.ts';
import { describe, expect, it } from 'vitest';
import { makeLocalTable, makeRateRecord } from '../helpers/rate-records.ts';

// A ZIP that exists nowhere used to be taxed at its state's rate alone, silently. It is a 400
// naming the postal code, as a ZIP of another state is.
const NOW = Date.UTC(2026, 3, 15, 12, 0, 0);
type Wire = Record<string, any>;

const address = (province: string, zip: string) => ({
  address_country: 'US',
  address_province: province,
  address_postal_code: zip,
});
const sale = (province: string, zip: string) => ({
  customer: { address: address(province, zip) },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [{ product_category: 'GENERAL_MERCHANDISE' as const, amount: 10_000, quantity: 1 }],
  },
});

const setup = () => createImportingEngine(NOW);

describe('US ZIP codes that exist nowhere', () => {
  it.each([
    ['TX', '00000'], // prefix 000 is assigned to no state
    ['AK', '99999'], // prefix 999 is Alaska's, but no such ZIP exists
    ['NY', '10000'],
    ['CA', '90000-1234'],
  ])('%s %s is a 400 ZIP_STATE_MISMATCH naming customer.address.address_postal_code', async (state, zip) => {
    const { engine } = setup();
    await expect(engine.calculations.create(sale(state, zip), { version: '2026-01-01' })).rejects.toMatchObject({
      type: 'ZIP_STATE_MISMATCH',
      status: 400,
      details: { field: 'customer.address.address_postal_code' },
      message: expect.stringContaining(
        `address_zip_code ${zip.slice(0, 5)} not found in the address_province ${state}`,
      ),
    });
  });

  it('refuses one in an origin address too, naming origin_address', async () => {
    const { engine } = setup();
    await expect(
      engine.calculations.create(
        { ...sale('NY', '10001'), origin_address: address('TX', '00000') },
        {
          version: '2026-01-01',
        },
      ),
    ).rejects.toMatchObject({ type: 'ZIP_STATE_MISMATCH', details: { field: 'origin_address.address_postal_code' } });
  });

  it('still taxes real ZIPs, and Puerto Rico ZIPs the embedded list does not hold', async () => {
    const { engine } = setup();
    // Washington DC unique ZIPs the prefix table names one by one, missing from the ZIP list.
    for (const zip of ['20532', '20558']) {
      await expect(engine.calculations.create(sale('DC', zip))).resolves.toMatchObject({ total_tax_amount: 600 });
    }
    const dallas: Wire = await engine.calculations.create(sale('TX', '75201'));
    expect(dallas.total_tax_amount).toBe(625);
    const sanJuan: Wire = await engine.calculations.create(sale('PR', '00926'));
    expect(sanJuan.line_items[0].tax_jurisdictions[0].jurisdiction_name).toBe('Puerto Rico');
  });

  it('accepts a ZIP the embedded list lacks when an imported rate table lists it for the state', async () => {
    const { store, engine } = setup();
    await expect(engine.calculations.create(sale('CA', '90000'))).rejects.toMatchObject({ type: 'ZIP_STATE_MISMATCH' });
    await store.importRateTables([makeRateRecord(makeLocalTable({ state: 'CA', zip: '90000', cityRate: '0.01' }))]);
    const result: Wire = await engine.calculations.create(sale('CA', '90000'));
    expect(result.line_items[0].tax_jurisdictions.map((entry: Wire) => entry.tax_rate)).toEqual([0.06, 0.01]);
    // Listed for California only: the same ZIP in another state is still refused.
    await expect(engine.calculations.create(sale('NV', '90000'))).rejects.toMatchObject({ type: 'ZIP_STATE_MISMATCH' });
  });
});
