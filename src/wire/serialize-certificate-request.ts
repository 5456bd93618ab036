import type { CertificateRequestView } from '../operations/certificate-requests.ts';
import type { ListedPage } from '../operations/load-page.ts';
import type { Mode } from '../core/types.ts';
import type { CertificateRequestJson, CertificateRequestList } from './api-types.ts';
import { isoMoment } from './iso-time.ts';

/** A certificate request in the shape of the interface's 2026-03-01 `tax.certificate_request`. */
export function serializeCertificateRequest(
  { request, status }: CertificateRequestView,
  mode: Mode,
): CertificateRequestJson {
  return {
    id: request.id,
    object: 'tax.certificate_request',
    status,
    customer: {
      id: request.customerId,
      reference_customer_id: request.referenceCustomerId === '' ? null : request.referenceCustomerId,
    },
    certificate_id: request.certificateId ?? null,
    certificate_type_id: request.certificateType === '' ? null : request.certificateType,
    jurisdictions: [...request.jurisdictions],
    created_at: isoMoment(request.createdAt),
    updated_at: isoMoment(request.updatedAt),
    expires_at: request.expiresAt === undefined ? null : isoMoment(request.expiresAt),
    livemode: mode === 'live',
  };
}

/** GET /tax/certificate-requests: `next_cursor` only when more follow. */
export function serializeCertificateRequestList(
  page: ListedPage<CertificateRequestView>,
  mode: Mode,
): CertificateRequestList {
  const last = page.items.at(-1)?.request.id;
  return {
    object: 'list',
    certificate_requests: page.items.map((view) => serializeCertificateRequest(view, mode)),
    has_more: page.hasMore,
    ...(page.hasMore && last !== undefined ? { next_cursor: last } : {}),
  };
}
