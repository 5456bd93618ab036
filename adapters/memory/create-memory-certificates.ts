import {
  certificateNotFound,
  certificateRequestNotFound,
  idTaken,
  plannedForOther,
  tooManyForCustomer,
} from '../../src/ports/store-errors.ts';
import {
  type CertificateQuery,
  MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER,
  MAX_CERTIFICATES_PER_CUSTOMER,
  type StoreCertificates,
} from '../../src/ports/store.ts';
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
      const owned = records.certificatesByCustomer.get(certificate.customerId)?.size ?? 0;
      if (owned >= MAX_CERTIFICATES_PER_CUSTOMER) throw tooManyForCustomer('certificates');
      const requestId = certificate.requestId;
      if (requestId !== undefined) {
        const request = records.certificateRequests.get(requestId);
        if (request === undefined) throw certificateRequestNotFound(requestId, true);
        const fulfilled = fulfil === undefined ? request : copyRecord(fulfil(copyRecord(request)));
        if (fulfilled.id !== request.id) throw plannedForOther('certificate request', request.id);
        records.certificateRequests.set(requestId, fulfilled);
      }
      records.certificates.set(certificate.id, copyRecord(certificate));
      addTo(records.certificatesByCustomer, certificate.customerId, certificate.id);
    },
    async getCertificate(tenant, id) {
      const certificate = recordsOf(tenant).certificates.get(id);
      return certificate === undefined ? undefined : copyRecord(certificate);
    },
    async listCertificates(tenant, query) {
      const records = recordsOf(tenant);
      return pageFor(records.certificates, records.certificatesByCustomer, query);
    },
    async updateCertificate(tenant, id, update) {
      const records = recordsOf(tenant);
      const current = records.certificates.get(id);
      if (current === undefined) throw certificateNotFound(id);
      const next = copyRecord(update(copyRecord(current)));
      if (next.id !== id) throw plannedForOther('certificate', id);
      records.certificates.set(id, next);
      moveIndex(records.certificatesByCustomer, current.customerId, next.customerId, id);
      return copyRecord(next);
    },

    async insertCertificateRequest(tenant, request) {
      const records = recordsOf(tenant);
      if (records.certificateRequests.has(request.id)) throw idTaken('certificate request', request.id);
      const owned = records.certificateRequestsByCustomer.get(request.customerId)?.size ?? 0;
      if (owned >= MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER) {
        throw tooManyForCustomer('certificate requests');
      }
      records.certificateRequests.set(request.id, copyRecord(request));
      addTo(records.certificateRequestsByCustomer, request.customerId, request.id);
    },
    async getCertificateRequest(tenant, id) {
      const request = recordsOf(tenant).certificateRequests.get(id);
      return request === undefined ? undefined : copyRecord(request);
    },
    async listCertificateRequests(tenant, query) {
      const records = recordsOf(tenant);
      return pageFor(records.certificateRequests, records.certificateRequestsByCustomer, query);
    },
    async updateCertificateRequest(tenant, id, update) {
      const records = recordsOf(tenant);
      const current = records.certificateRequests.get(id);
      if (current === undefined) throw certificateRequestNotFound(id);
      const next = copyRecord(update(copyRecord(current)));
      if (next.id !== id) throw plannedForOther('certificate request', id);
      records.certificateRequests.set(id, next);
      moveIndex(records.certificateRequestsByCustomer, current.customerId, next.customerId, id);
      return copyRecord(next);
    },
  };
}

/** One page in id order, of the query's customer when it names one (read through the customer index). */
function pageFor<T extends { readonly id: string; readonly customerId: string }>(
  records: ReadonlyMap<string, T>,
  byCustomer: ReadonlyMap<string, ReadonlySet<string>>,
  query: CertificateQuery,
): Page<T> {
  if (query.customerId === undefined) return pageOf(records.values(), (record) => record.id, query);
  const ids = byCustomer.get(query.customerId) ?? new Set<string>();
  const mine = [...ids].map((id) => records.get(id) as T);
  return pageOf(mine, (record) => record.id, query);
}

function addTo(index: Map<string, Set<string>>, customerId: string, id: string): void {
  const ids = index.get(customerId);
  if (ids === undefined) index.set(customerId, new Set([id]));
  else ids.add(id);
}

/** Keeps the customer index right when an update names another customer. */
function moveIndex(index: Map<string, Set<string>>, from: string, to: string, id: string): void {
  if (from === to) return;
  index.get(from)?.delete(id);
  addTo(index, to, id);
}
