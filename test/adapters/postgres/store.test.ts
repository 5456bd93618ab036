import { createPostgresStore } from '../../../adapters/postgres/index.ts';
import { describeTaxStore } from '../../conformance/store.suite.ts';
import { createTestDatabase } from './test-database.ts';

const url = await createTestDatabase();

/** Every table of the store, emptied before each case: as empty as a new SQLite file. */
const TABLES =
  'calculations, transactions, refunds, refund_reversals, products, customers, merchants, registrations, certificates, certificate_requests, housekeeping, rate_tables, rate_snapshots, exchange_rates';

describeTaxStore('postgres', async () => {
  const store = await createPostgresStore({ connectionString: url });
  await store.pool.query(`TRUNCATE ${TABLES}`);
  return store;
});
