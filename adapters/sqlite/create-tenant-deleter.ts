import type Database from 'better-sqlite3';
import type { Tenant } from '../../src/core/types.ts';
import { writeTransaction } from './write-transaction.ts';

/** Every table whose rows belong to a tenant (rate tables belong to no one). */
const TENANT_TABLES = [
  'calculations',
  'transactions',
  'refunds',
  'refund_reversals',
  'products',
  'customers',
  'merchants',
  'registrations',
  'certificates',
  'certificate_requests',
] as const;

/**
 * `deleteTenantRecords` of the SQLite store: one IMMEDIATE transaction deleting the tenant's
 * rows from every table, so a reset is all or nothing. The caller flushes queued writes first.
 */
export function createTenantDeleter(client: Database.Database): (tenant: Tenant) => void {
  const statements = TENANT_TABLES.map((table) =>
    client.prepare(`DELETE FROM ${table} WHERE account_id = @accountId AND mode = @mode`),
  );
  return writeTransaction(client, (tenant: Tenant) => {
    for (const statement of statements) statement.run({ accountId: tenant.accountId, mode: tenant.mode });
  });
}
