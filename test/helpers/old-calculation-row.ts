import type Database from 'better-sqlite3';
import type { Tenant } from '../../src/core/types.ts';

/**
 * Writes a calculation row as an earlier taxkit version did: `body` is its text (compact JSON,
 * or keyed JSON before that) and no templates row is named. The file is marked as those
 * versions left it (`user_version` 0), so the next store opened on it migrates the row to a
 * record, and tests can check that such rows still read.
 */
export function writeOldCalculationRow(client: Database.Database, tenant: Tenant, id: string, body: string): void {
  client
    .prepare(
      `INSERT INTO calculations (account_id, mode, id, kind, currency, total_excluding_tax_minor, total_tax_minor,
         total_including_tax_minor, created_at, expires_at, body) VALUES (?, ?, ?, 'standard', 'USD', 0, 0, 0, 0, 0, ?)`,
    )
    .run(tenant.accountId, tenant.mode, id, body);
  client.pragma('user_version = 0');
}
