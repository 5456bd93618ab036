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

describe('engine.calculations.create', () => {
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
