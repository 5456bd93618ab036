import { dayOfUnixSeconds } from '../rates/day-number.ts';
import type { CertificateRequest, CertificateRequestStatus, ExemptionCertificate } from '../types.ts';

/** A certificate's status as the 2026-03-01 interface names it; taxkit derives it from the dates. */
export type CertificateStatus = 'processing' | 'needs_info' | 'active' | 'expiring' | 'expired' | 'invalid';

/**
 * How many days before it lapses a certificate reads as `expiring`: long enough to collect a
 * renewal from the customer before sales in the state start being taxed (docs/exemptions.md).
 */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * The status of a certificate at `now` (Unix seconds), from its dates: `invalid` once revoked;
 * `expired` when every place it covers has lapsed; `expiring` when the last of them lapses within
 * {@link EXPIRING_WITHIN_DAYS} days; `active` otherwise, including a certificate whose places
 * are not effective yet (it is on file and will apply). taxkit reviews no documents, so
 * `processing` and `needs_info` never occur. Pure.
 */
export function certificateStatus(certificate: ExemptionCertificate, now: number): CertificateStatus {
  if (certificate.revokedAt !== undefined) return 'invalid';
  const last = lastExpiration(certificate);
  if (last === undefined) return 'active';
  const today = dayOfUnixSeconds(now);
  const lastDay = dayOfUnixSeconds(last);
  if (lastDay < today) return 'expired';
  return lastDay - today <= EXPIRING_WITHIN_DAYS ? 'expiring' : 'active';
}

/** The earliest effective date of the places a certificate covers. */
export function firstEffective(certificate: ExemptionCertificate): number {
  return Math.min(...certificate.jurisdictions.map((jurisdiction) => jurisdiction.effectiveDate));
}

/** The latest expiration of the places it covers; `undefined` when one of them never expires. */
export function lastExpiration(certificate: ExemptionCertificate): number | undefined {
  let last = Number.NEGATIVE_INFINITY;
  for (const jurisdiction of certificate.jurisdictions) {
    if (jurisdiction.expirationDate === undefined) return undefined;
    last = Math.max(last, jurisdiction.expirationDate);
  }
  return last;
}

/** A certificate request's status at `now`: a pending one whose `expiresAt` has passed is `invalid`. */
export function certificateRequestStatus(request: CertificateRequest, now: number): CertificateRequestStatus {
  if (request.status === 'pending' && request.expiresAt !== undefined && request.expiresAt < now) return 'invalid';
  return request.status;
}
