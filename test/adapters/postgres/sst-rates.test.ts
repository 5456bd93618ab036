import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../adapters/postgres/index.ts';
import { createTaxEngine } from '../../../src/engine.ts';
import { importRates } from '../../../src/rate-import/import-rates.ts';
import { createTestDatabase } from './test-database.ts';

const EXAMPLE = join(import.meta.dirname, '../../fixtures/sst/example');

let url: string;
beforeAll(async () => {
  url = await createTestDatabase();
});

describe('SST files on PostgreSQL', () => {
  it('are imported once, answer a ZIP+4 on another instance of the database, and replay there', async () => {
    const schema = `sst_${process.pid}`;
    const first = await createPostgresStore({ connectionString: url, schema });
    const second = await createPostgresStore({ connectionString: url, schema });
    try {
      expect(await importRates({ store: first, inputs: [EXAMPLE] })).toMatchObject({ added: 2 });
      expect(await importRates({ store: first, inputs: [EXAMPLE] })).toMatchObject({ added: 0, unchanged: 2 });
      const now = () => Date.UTC(2026, 4, 15);
      const sale = {
        customer: { address: { address_country: 'US', address_province: 'KS', address_postal_code: '66061-6000' } },
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
        },
      } as never;
      const other = createTaxEngine({ store: second, clock: { now }, ratesCheckIntervalMs: 0 });
      const result = (await other.calculations.create(sale, { version: '2026-03-01' })) as Record<string, unknown>;
      expect(result).toMatchObject({ resolution_precision: 'POSTAL_PLUS', total_tax_amount: 1_048 });
      const replayed = await createTaxEngine({
        store: first,
        clock: { now },
        ratesCheckIntervalMs: 0,
      }).calculations.replay(result.id as string, { version: '2026-03-01' });
      expect(replayed).toStrictEqual(result);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
