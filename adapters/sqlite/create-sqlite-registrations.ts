import type Database from 'better-sqlite3';
import type { Registration, Tenant } from '../../src/core/types.ts';
import type { StoreRegistrations } from '../../src/ports/store.ts';
import { callPlanner, settle } from './sqlite-errors.ts';
import { writeTransaction } from './write-transaction.ts';

/**
 * The SQLite store's registrations. A write reads the tenant's live registrations, runs the
 * planner on them and writes, in one `BEGIN IMMEDIATE` transaction, so an overlap check and
 * the write it allows are atomic across processes sharing the file.
 */
export function createSqliteRegistrations(client: Database.Database): StoreRegistrations {
  const listLive = client.prepare<{ accountId: string; mode: string }, { body: string }>(
    'SELECT body FROM registrations WHERE account_id = @accountId AND mode = @mode AND deleted_at IS NULL ORDER BY id',
  );
  const getLive = client.prepare<{ accountId: string; mode: string; id: string }, { body: string }>(
    'SELECT body FROM registrations WHERE account_id = @accountId AND mode = @mode AND id = @id AND deleted_at IS NULL',
  );
  const upsert = client.prepare(
    'INSERT INTO registrations (account_id, mode, id, created_at, deleted_at, body) ' +
      'VALUES (@accountId, @mode, @id, @createdAt, @deletedAt, @body) ' +
      'ON CONFLICT (account_id, mode, id) DO UPDATE SET deleted_at = excluded.deleted_at, body = excluded.body',
  );
  const key = (tenant: Tenant) => ({ accountId: tenant.accountId, mode: tenant.mode });
  const save = (tenant: Tenant, registration: Registration) =>
    upsert.run({
      ...key(tenant),
      id: registration.id,
      createdAt: registration.createdAt,
      deletedAt: registration.deletedAt ?? null,
      body: JSON.stringify(registration),
    });
  const readAll = (tenant: Tenant) => listLive.all(key(tenant)).map((row) => JSON.parse(row.body) as Registration);

  const write = writeTransaction(
    client,
    (tenant: Tenant, id: string, plan: Parameters<StoreRegistrations['writeRegistration']>[2]) => {
      const all = readAll(tenant);
      const current = all.find((registration) => registration.id === id);
      const next = callPlanner(() =>
        plan(
          current,
          all.filter((registration) => registration.id !== id),
        ),
      );
      if (next.id !== id) throw new TypeError(`taxkit: a registration planner changed id ${id}.`);
      save(tenant, next);
      return next;
    },
  );
  const remove = writeTransaction(client, (tenant: Tenant, id: string, at: number) => {
    const row = getLive.get({ ...key(tenant), id });
    if (row === undefined) return undefined;
    const deleted: Registration = { ...(JSON.parse(row.body) as Registration), deletedAt: at };
    save(tenant, deleted);
    return deleted;
  });

  return {
    listRegistrations: (tenant) => settle(() => readAll(tenant)),
    getRegistration: (tenant, id) =>
      settle(() => {
        const row = getLive.get({ ...key(tenant), id });
        return row === undefined ? undefined : (JSON.parse(row.body) as Registration);
      }),
    writeRegistration: (tenant, id, plan) => settle(() => write(tenant, id, plan)),
    deleteRegistration: (tenant, id, at) => settle(() => remove(tenant, id, at)),
  };
}
