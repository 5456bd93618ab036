import type { CertificateRequest, ExemptionCertificate, Page, Tenant } from '../../src/core/types.ts';
import {
  certificateNotFound,
  certificateRequestNotFound,
  plannedForOther,
  tooManyForCustomer,
} from '../../src/ports/store-errors.ts';
import {
  type CertificateQuery,
  MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER,
  MAX_CERTIFICATES_PER_CUSTOMER,
  type StoreCertificates,
} from '../../src/ports/store.ts';
import type { PostgresRunner, Query } from './create-postgres-runner.ts';
import { callPlanner } from './postgres-errors.ts';
import { keyOf, recordOf, recordsOf, tenantOf } from './record-rows.ts';
import type { Statement } from './statement-parts.ts';

/** A statement from SQL with `:name` placeholders, numbered for node-postgres in order of appearance. */
function statement(name: string, text: string): Statement {
  const parameters: string[] = [];
  const numbered = text.replace(/:([a-zA-Z]+)/g, (_, parameter: string) => {
    parameters.push(parameter);
    return `$${parameters.length}`;
  });
  return { name: `taxkit_${name}`, text: numbered, parameters };
}

/** The statements over one of the two tables, which have the same columns. */
function tableStatements(table: 'certificates' | 'certificate_requests') {
  const tenant = 'account_id = :accountId and mode = :mode';
  // Four list forms rather than one with `(:after is null or …)`, which the planner cannot answer from the index.
  const page = (byCustomer: boolean, after: boolean) =>
    statement(
      `list_${table}${byCustomer ? '_by_customer' : ''}${after ? '_after' : ''}`,
      `select body from ${table} where ${tenant}` +
        (byCustomer ? ' and customer_id = :customerId' : '') +
        (after ? ' and id > :after' : '') +
        ' order by id limit :limit',
    );
  return {
    insert: statement(
      `insert_${table}`,
      `insert into ${table} (account_id, mode, id, customer_id, created_at, body) ` +
        'values (:accountId, :mode, :id, :customerId, :createdAt, :body)',
    ),
    get: statement(`get_${table}`, `select body from ${table} where ${tenant} and id = :id`),
    countOfCustomer: statement(
      `count_${table}_of_customer`,
      `select cast(count(*) as integer) as count from ${table} where ${tenant} and customer_id = :customerId`,
    ),
    // Two writers for one customer count one after the other: the bound holds under concurrency.
    lockCustomer: statement(
      `lock_${table}_customer`,
      `select pg_advisory_xact_lock(hashtextextended('taxkit.${table}:' || :accountId || ':' || :mode || ':' || :customerId, 0))`,
    ),
    lock: statement(`lock_${table}`, `select body from ${table} where ${tenant} and id = :id for update`),
    replace: statement(`replace_${table}`, `update ${table} set body = :body where ${tenant} and id = :id`),
    pages: [page(false, false), page(false, true), page(true, false), page(true, true)] as const,
  };
}

type TableStatements = ReturnType<typeof tableStatements>;

const CERTIFICATES = tableStatements('certificates');
const REQUESTS = tableStatements('certificate_requests');

/**
 * The PostgreSQL store's exemption certificates and certificate requests. A change reads the
 * row `FOR UPDATE` in one transaction, so two instances revoking or fulfilling at once apply
 * one after the other; a certificate and the request it fulfils commit together.
 */
export function createPostgresCertificates(run: PostgresRunner): StoreCertificates {
  const row = (tenant: Tenant, record: { id: string; customerId: string; createdAt: number }) => ({
    ...tenantOf(tenant),
    id: keyOf(record.id),
    customerId: keyOf(record.customerId),
    createdAt: record.createdAt,
    body: JSON.stringify(record),
  });
  const get = async <T>(statements: TableStatements, tenant: Tenant, id: string) =>
    recordOf<T>((await run.read(statements.get, { ...tenantOf(tenant), id: keyOf(id) })).rows);
  const replace = <T extends { readonly id: string }>(
    statements: TableStatements,
    missing: (id: string) => Error,
    tenant: Tenant,
    id: string,
    update: (current: T) => T,
  ) =>
    run.transaction(async (query: Query) => {
      const values = { ...tenantOf(tenant), id: keyOf(id) };
      const current = recordOf<T>((await query(statements.lock, values)).rows);
      if (current === undefined) throw missing(id);
      const next = callPlanner(() => update(current));
      if (next.id !== id) throw plannedForOther('record', id);
      const body = JSON.stringify(next);
      await query(statements.replace, { ...values, body });
      return JSON.parse(body) as T;
    });
  /** Refuses a customer's record past its bound, holding the customer's lock to the transaction's end. */
  const checkRoom = async (
    query: Query,
    kind: 'certificates' | 'certificate requests',
    tenant: Tenant,
    customerId: string,
  ) => {
    const [statements, limit] =
      kind === 'certificates'
        ? [CERTIFICATES, MAX_CERTIFICATES_PER_CUSTOMER]
        : [REQUESTS, MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER];
    const values = { ...tenantOf(tenant), customerId: keyOf(customerId) };
    await query(statements.lockCustomer, values);
    const { rows } = await query(statements.countOfCustomer, values);
    if (((rows[0] as { count: number } | undefined)?.count ?? 0) >= limit) throw tooManyForCustomer(kind);
  };
  const page = async <T>(statements: TableStatements, tenant: Tenant, query: CertificateQuery): Promise<Page<T>> => {
    const limit = clampLimit(query.limit);
    const byCustomer = query.customerId !== undefined;
    const after = query.after !== undefined;
    const chosen = statements.pages[(byCustomer ? 2 : 0) + (after ? 1 : 0)] as Statement;
    const { rows } = await run.read(chosen, {
      ...tenantOf(tenant),
      limit: limit + 1,
      ...(query.customerId === undefined ? {} : { customerId: keyOf(query.customerId) }),
      ...(query.after === undefined ? {} : { after: keyOf(query.after) }),
    });
    return { items: recordsOf<T>(rows.slice(0, limit)), hasMore: rows.length > limit };
  };

  return {
    insertCertificate: (tenant, certificate, fulfil) =>
      run.transaction(async (query) => {
        await checkRoom(query, 'certificates', tenant, certificate.customerId);
        const requestId = certificate.requestId;
        if (requestId !== undefined) {
          const values = { ...tenantOf(tenant), id: keyOf(requestId) };
          const request = recordOf<CertificateRequest>((await query(REQUESTS.lock, values)).rows);
          if (request === undefined) throw certificateRequestNotFound(requestId, true);
          const fulfilled = fulfil === undefined ? request : callPlanner(() => fulfil(request));
          if (fulfilled.id !== request.id) throw plannedForOther('certificate request', request.id);
          await query(REQUESTS.replace, { ...values, body: JSON.stringify(fulfilled) });
        }
        await query(CERTIFICATES.insert, row(tenant, certificate));
      }),
    getCertificate: (tenant, id) => get<ExemptionCertificate>(CERTIFICATES, tenant, id),
    listCertificates: (tenant, query) => page<ExemptionCertificate>(CERTIFICATES, tenant, query),
    updateCertificate: (tenant, id, update) => replace(CERTIFICATES, certificateNotFound, tenant, id, update),

    insertCertificateRequest: (tenant, request) =>
      run.transaction(async (query) => {
        await checkRoom(query, 'certificate requests', tenant, request.customerId);
        await query(REQUESTS.insert, row(tenant, request));
      }),
    getCertificateRequest: (tenant, id) => get<CertificateRequest>(REQUESTS, tenant, id),
    listCertificateRequests: (tenant, query) => page<CertificateRequest>(REQUESTS, tenant, query),
    updateCertificateRequest: (tenant, id, update) =>
      replace(REQUESTS, (missing) => certificateRequestNotFound(missing), tenant, id, update),
  };
}

/** 1..100 as the port says; NaN counts as the smallest page. */
function clampLimit(limit: number): number {
  const whole = Math.trunc(limit);
  return whole >= 1 ? Math.min(whole, 100) : 1;
}
