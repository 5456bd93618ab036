import type { CertificateView } from '../operations/certificates.ts';
import type { ListedPage } from '../operations/load-page.ts';
import { firstEffective, lastExpiration } from '../core/exemptions/certificate-status.ts';
import type { Mode } from '../core/types.ts';
import type { CertificateJson, CertificateList } from './api-types.ts';
import { isoDay, isoMoment } from './iso-time.ts';

/**
 * An exemption certificate in the shape of the interface's 2026-03-01 `tax.exemption_certificate`,
 * with taxkit's additions (reason, number, percentage, request, revocation; docs/exemptions.md).
 */
export function serializeCertificate({ certificate, status }: CertificateView, mode: Mode): CertificateJson {
  const expiration = lastExpiration(certificate);
  const type = certificate.certificateType;
  return {
    id: certificate.id,
    object: 'tax.exemption_certificate',
    status,
    certificate_type: type === '' ? null : { id: type, name: type, certificate_identifier: type },
    customer: {
      id: certificate.customerId,
      reference_customer_id: certificate.referenceCustomerId === '' ? null : certificate.referenceCustomerId,
    },
    jurisdictions: certificate.jurisdictions.map((jurisdiction) => ({
      jurisdiction_id:
        jurisdiction.province === '' ? jurisdiction.country : `${jurisdiction.country}-${jurisdiction.province}`,
      effective_date: isoDay(jurisdiction.effectiveDate),
      expiration_date: jurisdiction.expirationDate === undefined ? null : isoDay(jurisdiction.expirationDate),
    })),
    effective_date: isoDay(firstEffective(certificate)),
    expiration_date: expiration === undefined ? null : isoDay(expiration),
    created_at: isoMoment(certificate.createdAt),
    updated_at: isoMoment(certificate.updatedAt),
    livemode: mode === 'live',
    download_url: null,
    reason: certificate.reason,
    certificate_number: certificate.certificateNumber === '' ? null : certificate.certificateNumber,
    exempt_percentage: certificate.exemptPercentage === undefined ? null : Number(certificate.exemptPercentage),
    certificate_request_id: certificate.requestId ?? null,
    revoked_at: certificate.revokedAt === undefined ? null : isoMoment(certificate.revokedAt),
  };
}

/** GET /tax/certificates: `{ object: 'list', certificates, has_more, next_cursor }`, `next_cursor` only when more follow. */
export function serializeCertificateList(page: ListedPage<CertificateView>, mode: Mode): CertificateList {
  const certificates = page.items.map((view) => serializeCertificate(view, mode));
  const last = page.items.at(-1)?.certificate.id;
  return {
    object: 'list',
    certificates,
    has_more: page.hasMore,
    ...(page.hasMore && last !== undefined ? { next_cursor: last } : {}),
  };
}
