import type Database from 'better-sqlite3';
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
import { clampLimit } from './create-sqlite-directory.ts';
import { recordOf, tenantOf } from './record-rows.ts';
import { callPlanner, settle } from './sqlite-errors.ts';
import { writeTransaction } from './write-transaction.ts';

type Row = { body: string };

/** The statements over one of the two tables, which have the same columns. */
function prepareTable(client: Database.Database, table: 'certificates' | 'certificate_requests') {
  const tenant = 'account_id = @accountId AND mode = @mode';
  // Four list forms rather than one with `(@after IS NULL OR …)`, which SQLite cannot answer from the index.
  const page = (byCustomer: boolean, after: boolean) =>
    client.prepare<Record<string, unknown>, Row>(
      `SELECT body FROM ${table} WHERE ${tenant}` +
        (byCustomer ? ' AND customer_id = @customerId' : '') +
        (after ? ' AND id > @after' : '') +
        ' ORDER BY id LIMIT @limit',
    );
  return {
    insert: client.prepare(
      `INSERT INTO ${table} (account_id, mode, id, customer_id, created_at, body) ` +
        'VALUES (@accountId, @mode, @id, @customerId, @createdAt, @body)',
    ),
    get: client.prepare<Record<string, unknown>, Row>(`SELECT body FROM ${table} WHERE ${tenant} AND id = @id`),
    // Answered from the customer index (account, mode, customer, id).
    countOfCustomer: client
      .prepare<Record<string, unknown>, number>(
        `SELECT count(*) FROM ${table} WHERE ${tenant} AND customer_id = @customerId`,
      )
      .pluck(),
    replace: client.prepare(`UPDATE ${table} SET body = @body WHERE ${tenant} AND id = @id`),
    pages: [page(false, false), page(false, true), page(true, false), page(true, true)] as const,
  };
}

type TableStatements = ReturnType<typeof prepareTable>;

/**
 * The SQLite store's exemption certificates and certificate requests: JSON bodies beside the
 * customer id; every check-then-write is one `BEGIN IMMEDIATE` transaction, so a certificate
 * and the request it fulfils are written together or not at all.
 */
export function createSqliteCertificates(client: Database.Database): StoreCertificates {
  const certificates = prepareTable(client, 'certificates');
  const requests = prepareTable(client, 'certificate_requests');
  const row = (tenant: Tenant, record: { id: string; customerId: string; createdAt: number }) => ({
    ...tenantOf(tenant),
    id: record.id,
    customerId: record.customerId,
    createdAt: record.createdAt,
    body: JSON.stringify(record),
  });

  const insertCertificate = writeTransaction(
    client,
    (tenant: Tenant, certificate: ExemptionCertificate, fulfil?: (r: CertificateRequest) => CertificateRequest) => {
      const owned = certificates.countOfCustomer.get({ ...tenantOf(tenant), customerId: certificate.customerId }) ?? 0;
      if (owned >= MAX_CERTIFICATES_PER_CUSTOMER) throw tooManyForCustomer('certificates');
      const requestId = certificate.requestId;
      if (requestId !== undefined) {
        const request = recordOf<CertificateRequest>(requests.get.get({ ...tenantOf(tenant), id: requestId }));
        if (request === undefined) throw certificateRequestNotFound(requestId, true);
        const fulfilled = fulfil === undefined ? request : callPlanner(() => fulfil(request));
        if (fulfilled.id !== request.id) throw plannedForOther('certificate request', request.id);
        requests.replace.run({ ...tenantOf(tenant), id: requestId, body: JSON.stringify(fulfilled) });
      }
      certificates.insert.run(row(tenant, certificate));
    },
  );

  const insertRequest = writeTransaction(client, (tenant: Tenant, request: CertificateRequest) => {
    const owned = requests.countOfCustomer.get({ ...tenantOf(tenant), customerId: request.customerId }) ?? 0;
    if (owned >= MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER) {
      throw tooManyForCustomer('certificate requests');
    }
    requests.insert.run(row(tenant, request));
  });

  const replaceIn = <T extends { id: string }>(statements: TableStatements, missing: (id: string) => Error) =>
    writeTransaction(client, (tenant: Tenant, id: string, update: (current: T) => T): T => {
      const current = recordOf<T>(statements.get.get({ ...tenantOf(tenant), id }));
      if (current === undefined) throw missing(id);
      const next = callPlanner(() => update(current));
      if (next.id !== id) throw plannedForOther('record', id);
      const body = JSON.stringify(next);
      statements.replace.run({ ...tenantOf(tenant), id, body });
      return JSON.parse(body) as T;
    });
  const replaceCertificate = replaceIn<ExemptionCertificate>(certificates, certificateNotFound);
  const replaceRequest = replaceIn<CertificateRequest>(requests, (id) => certificateRequestNotFound(id));

  return {
    insertCertificate: (tenant, certificate, fulfil) => settle(() => insertCertificate(tenant, certificate, fulfil)),
    getCertificate: (tenant, id) =>
      settle(() => recordOf<ExemptionCertificate>(certificates.get.get({ ...tenantOf(tenant), id }))),
    listCertificates: (tenant, query) => settle(() => pageOf<ExemptionCertificate>(certificates, tenant, query)),
    updateCertificate: (tenant, id, update) => settle(() => replaceCertificate(tenant, id, update)),

    insertCertificateRequest: (tenant, request) => settle(() => insertRequest(tenant, request)),
    getCertificateRequest: (tenant, id) =>
      settle(() => recordOf<CertificateRequest>(requests.get.get({ ...tenantOf(tenant), id }))),
    listCertificateRequests: (tenant, query) => settle(() => pageOf<CertificateRequest>(requests, tenant, query)),
    updateCertificateRequest: (tenant, id, update) => settle(() => replaceRequest(tenant, id, update)),
  };
}

/** One page in id order; one row more than the page says whether another follows. */
function pageOf<T>(statements: TableStatements, tenant: Tenant, query: CertificateQuery): Page<T> {
  const limit = clampLimit(query.limit);
  const byCustomer = query.customerId !== undefined;
  const after = query.after !== undefined;
  const statement = statements.pages[(byCustomer ? 2 : 0) + (after ? 1 : 0)] as (typeof statements.pages)[0];
  const rows = statement.all({
    ...tenantOf(tenant),
    limit: limit + 1,
    ...(byCustomer ? { customerId: query.customerId } : {}),
    ...(after ? { after: query.after } : {}),
  });
  return { items: rows.slice(0, limit).map((r) => JSON.parse(r.body) as T), hasMore: rows.length > limit };
}
