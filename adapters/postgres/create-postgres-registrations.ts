import type { Registration, Tenant } from '../../src/core/types.ts';
import type { StoreRegistrations } from '../../src/ports/store.ts';
import type { PostgresRunner, Query } from './create-postgres-runner.ts';
import { callPlanner } from './postgres-errors.ts';
import { keyOf } from './record-rows.ts';
import type { Statement } from './statement-parts.ts';

function statement(name: string, text: string, ...parameters: string[]): Statement {
  return { name: `taxkit_registrations_${name}`, text, parameters };
}

const LIST_LIVE = statement(
  'list_live',
  'SELECT body FROM registrations WHERE account_id = $1 AND mode = $2 AND deleted_at IS NULL ORDER BY id',
  'accountId',
  'mode',
);
const GET_LIVE = statement(
  'get_live',
  'SELECT body FROM registrations WHERE account_id = $1 AND mode = $2 AND id = $3 AND deleted_at IS NULL',
  'accountId',
  'mode',
  'id',
);
/**
 * Serialises every registration write of one tenant across instances until the transaction
 * ends: a row lock could not stop two inserts of new, overlapping registrations.
 */
const LOCK_TENANT = statement(
  'lock_tenant',
  "SELECT pg_advisory_xact_lock(hashtextextended('taxkit.registrations:' || $1 || ':' || $2, 0))",
  'accountId',
  'mode',
);
const UPSERT = statement(
  'upsert',
  'INSERT INTO registrations (account_id, mode, id, created_at, deleted_at, body) VALUES ($1, $2, $3, $4, $5, $6) ' +
    'ON CONFLICT (account_id, mode, id) DO UPDATE SET deleted_at = excluded.deleted_at, body = excluded.body',
  'accountId',
  'mode',
  'id',
  'createdAt',
  'deletedAt',
  'body',
);

/** The PostgreSQL store's registrations: each write is one transaction holding the tenant's advisory lock. */
export function createPostgresRegistrations(run: PostgresRunner): StoreRegistrations {
  const key = (tenant: Tenant) => ({ accountId: tenant.accountId, mode: tenant.mode });
  const readAll = async (query: Query, tenant: Tenant) =>
    (await query(LIST_LIVE, key(tenant))).rows.map((row: { body: string }) => JSON.parse(row.body) as Registration);
  const save = (query: Query, tenant: Tenant, registration: Registration) =>
    query(UPSERT, {
      ...key(tenant),
      id: keyOf(registration.id),
      createdAt: registration.createdAt,
      deletedAt: registration.deletedAt ?? null,
      body: JSON.stringify(registration),
    });
  const reading: Query = (s, values) => run.read(s, values);

  return {
    listRegistrations: (tenant) => readAll(reading, tenant),
    async getRegistration(tenant, id) {
      const { rows } = await run.read(GET_LIVE, { ...key(tenant), id: keyOf(id) });
      const row = rows[0] as { body: string } | undefined;
      return row === undefined ? undefined : (JSON.parse(row.body) as Registration);
    },
    writeRegistration: (tenant, id, plan) =>
      run.transaction(async (query) => {
        await query(LOCK_TENANT, key(tenant));
        const all = await readAll(query, tenant);
        const current = all.find((registration) => registration.id === id);
        const next = callPlanner(() =>
          plan(
            current,
            all.filter((registration) => registration.id !== id),
          ),
        );
        if (next.id !== id) throw new TypeError(`taxkit: a registration planner changed id ${id}.`);
        await save(query, tenant, next);
        return next;
      }),
    deleteRegistration: (tenant, id, at) =>
      run.transaction(async (query) => {
        await query(LOCK_TENANT, key(tenant));
        const { rows } = await query(GET_LIVE, { ...key(tenant), id: keyOf(id) });
        const row = rows[0] as { body: string } | undefined;
        if (row === undefined) return undefined;
        const deleted: Registration = { ...(JSON.parse(row.body) as Registration), deletedAt: at };
        await save(query, tenant, deleted);
        return deleted;
      }),
  };
}
