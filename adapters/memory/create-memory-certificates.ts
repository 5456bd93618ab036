import {
  certificateNotFound,
  certificateRequestNotFound,
  idTaken,
  plannedForOther,
} from '../../src/ports/store-errors.ts';
import type { CertificateQuery, StoreCertificates } from '../../src/ports/store.ts';
import type { Page, Tenant } from '../../src/core/types.ts';
import { copyRecord } from './copy-record.ts';
import { pageOf } from './page-of.ts';
import type { TenantRecords } from './tenant-records.ts';

/**
 * The memory store's exemption certificates and certificate requests. As elsewhere in this
 * store, each method checks and writes with no `await` in between and copies records in and out.
 */
export function createMemoryCertificates(recordsOf: (tenant: Tenant) => TenantRecords): StoreCertificates {
  return {
    async insertCertificate(tenant, certificate, fulfil) {
      const records = recordsOf(tenant);
      if (records.certificates.has(certificate.id)) throw idTaken('certificate', certificate.id);
      const requestId = certificate.requestId;
      if (requestId !== undefined) {
        const request = records.certificateRequests.get(requestId);
        if (request === undefined) throw certificateRequestNotFound(requestId, true);
        const fulfilled = fulfil === undefined ? request : copyRecord(fulfil(copyRecord(request)));
        if (fulfilled.id !== request.id) throw plannedForOther('certificate request', request.id);
        records.certificateRequests.set(requestId, fulfilled);
      }
      records.certificates.set(certificate.id, copyRecord(certificate));
    },
    async getCertificate(tenant, id) {
      const certificate = recordsOf(tenant).certificates.get(id);
      return certificate === undefined ? undefined : copyRecord(certificate);
    },
    async listCertificates(tenant, query) {
      return pageFor(recordsOf(tenant).certificates.values(), query);
    },
    async updateCertificate(tenant, id, update) {
      const records = recordsOf(tenant);
      const current = records.certificates.get(id);
      if (current === undefined) throw certificateNotFound(id);
      const next = copyRecord(update(copyRecord(current)));
      if (next.id !== id) throw plannedForOther('certificate', id);
      records.certificates.set(id, next);
      return copyRecord(next);
    },

    async insertCertificateRequest(tenant, request) {
      const records = recordsOf(tenant);
      if (records.certificateRequests.has(request.id)) throw idTaken('certificate request', request.id);
      records.certificateRequests.set(request.id, copyRecord(request));
    },
    async getCertificateRequest(tenant, id) {
      const request = recordsOf(tenant).certificateRequests.get(id);
      return request === undefined ? undefined : copyRecord(request);
    },
    async listCertificateRequests(tenant, query) {
      return pageFor(recordsOf(tenant).certificateRequests.values(), query);
    },
    async updateCertificateRequest(tenant, id, update) {
      const records = recordsOf(tenant);
      const current = records.certificateRequests.get(id);
      if (current === undefined) throw certificateRequestNotFound(id);
      const next = copyRecord(update(copyRecord(current)));
      if (next.id !== id) throw plannedForOther('certificate request', id);
      records.certificateRequests.set(id, next);
      return copyRecord(next);
    },
  };
}

/** One page in id order, of the query's customer when it names one. */
function pageFor<T extends { readonly id: string; readonly customerId: string }>(
  records: Iterable<T>,
  query: CertificateQuery,
): Page<T> {
  const mine =
    query.customerId === undefined
      ? [...records]
      : [...records].filter((record) => record.customerId === query.customerId);
  return pageOf(mine, (record) => record.id, query);
}
