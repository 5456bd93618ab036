import { z } from 'zod';
import type { CertificateRequestInput } from '../operations/certificate-requests.ts';
import { type FieldMap, fieldMap } from './field-map.ts';
import { parseBody } from './parse-body.ts';
import { REFERENCE_ID_MAX_LENGTH } from './request-bounds.ts';
import { requiredString, unixSeconds } from './common-schemas.ts';

/** Body of POST /tax/certificate-requests (taxkit extension, 2026-03-01+; docs/exemptions.md). */
export const certificateRequestCreateSchema = z.strictObject({
  customer_id: requiredString(REFERENCE_ID_MAX_LENGTH),
  /** The form asked for, e.g. "US-CA-CDTFA-230". */
  certificate_type_id: z.string().max(REFERENCE_ID_MAX_LENGTH).optional(),
  /** Places as "US-CA" (a country alone, "DE", where taxkit has no states). */
  jurisdictions: z.array(z.string().min(1).max(10)).min(1).max(100),
  /** When a pending request lapses (Unix seconds); absent: never. */
  expires_at: unixSeconds.optional(),
});

export type CertificateRequestCreateRequest = z.input<typeof certificateRequestCreateSchema>;

/** A certificate-request create body as `createCertificateRequest` takes it. */
export function parseCertificateRequestCreate(body: unknown): CertificateRequestInput {
  const request = parseBody(certificateRequestCreateSchema, body);
  return {
    customerId: request.customer_id,
    certificateType: request.certificate_type_id ?? '',
    jurisdictions: request.jurisdictions,
    expiresAt: request.expires_at,
  };
}

/** Where the certificate-request operations' domain keys sit in a request. */
export const certificateRequestFields: FieldMap = fieldMap(
  {
    customerId: 'customer_id',
    certificateType: 'certificate_type_id',
    jurisdictions: 'jurisdictions',
    expiresAt: 'expires_at',
  },
  // A place's country or province error names the place's entry.
  { jurisdictions: ([index]) => (typeof index === 'number' ? `[${index}]` : undefined) },
);
