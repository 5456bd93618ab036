/** Full calculations through the engine's public API (parse, resolve, rate, store, serialize). */
import type { CalculationRequest } from '../src/wire/api-types.ts';
import { bench, describe } from 'vitest';
import { benchCart } from './cart.mjs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore } from '../adapters/memory/index.ts';
import { createSqliteStore } from '../adapters/sqlite/index.ts';
import { createTaxEngine } from '../src/engine.ts';

const engine = createTaxEngine({ store: createMemoryStore() });
// What `taxkit serve` uses: a durable SQLite file (calculations themselves skip the fsync).
const sqliteEngine = createTaxEngine({
  store: createSqliteStore({ path: join(mkdtempSync(join(tmpdir(), 'taxkit-bench-')), 'calc.db') }),
});
// cart.mjs is plain JavaScript (the load script shares it): its carts are typed here.
const three = benchCart(3) as CalculationRequest;
const hundred = benchCart(100) as CalculationRequest;
const canada: CalculationRequest = {
  ...three,
  customer: { address: { address_province: 'QC', address_postal_code: 'H2X 1Y4', address_country: 'CA' } },
};

// An EU seller (Art. 59c): a B2C sale to another member state is decided by the kept EU count
// and taxed at origin (three passes of the pure core), against the same seller's domestic sale.
const euSeller = createTaxEngine({
  store: createMemoryStore(),
  defaultOrigin: { line1: '', line2: '', city: 'Paris', province: '', postalCode: '75001', country: 'FR' },
});
const inEur = (country: string, postal: string): CalculationRequest => ({
  ...three,
  customer: { address: { address_province: '', address_postal_code: postal, address_country: country } },
  order_details: { ...three.order_details, customer_currency_code: 'EUR' },
});
const toGermany = inEur('DE', '10115');
const inFrance = inEur('FR', '75001');

describe('engine.calculations.create', () => {
  bench('3-line cart, EU seller, domestic (FR to FR)', async () => {
    await euSeller.calculations.create(inFrance);
  });
  bench('3-line cart, EU seller, distance sale at origin (FR to DE)', async () => {
    await euSeller.calculations.create(toGermany);
  });
  bench('3-line cart, US ZIP', async () => {
    await engine.calculations.create(three);
  });
  bench('3-line cart, Quebec (GST + QST)', async () => {
    await engine.calculations.create(canada);
  });
  bench('3-line cart, US ZIP, SQLite store', async () => {
    await sqliteEngine.calculations.create(three);
  });
  bench('100-line cart, US ZIP', async () => {
    await engine.calculations.create(hundred);
  });
});
