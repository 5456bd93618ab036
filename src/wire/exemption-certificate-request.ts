import { z } from 'zod';
import type { ExemptionReason } from '../core/types.ts';
import type { CertificateListRequest } from '../operations/certificate-customer.ts';
import type { CertificateInput, CertificateJurisdictionInput, CertificatePatch } from '../operations/certificates.ts';
import { type FieldMap, fieldMap, listFields } from './field-map.ts';
import { listRequestSchema } from './list-request.ts';
import { parseBody } from './parse-body.ts';
import { REFERENCE_ID_MAX_LENGTH } from './request-bounds.ts';
import { requiredString, unixSeconds } from './common-schemas.ts';
import { taxRule } from './tax-rule.ts';

/** The Streamlined Sales Tax reasons (docs/exemptions.md). */
export const exemptionReasonSchema = z.enum([
  'resale',
  'government',
  'nonprofit',
  'agricultural',
  'industrial_production',
  'educational',
  'direct_pay',
  'other',
] satisfies ExemptionReason[]);

/** A percentage above 0 and at most 100, with at most two decimals ("12.5 %" is 12.5). */
const exemptPercentage = z
  .number()
  .refine(
    (value) =>
      Number.isFinite(value) && value > 0 && value <= 100 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    taxRule('INVALID_VALUE', 'must be a percentage above 0 and at most 100, with at most two decimals'),
  );

const certificateJurisdictionSchema = z.strictObject({
  country: z.string().min(1).max(3),
  /** State or province code ("TX"); empty or absent for a country taxkit taxes as one place. */
  province: z.string().max(3).optional(),
  effective_date: unixSeconds,
  expiration_date: unixSeconds.optional(),
});

const certificateFieldsSchema = {
  reason: exemptionReasonSchema,
  certificate_number: z.string().max(REFERENCE_ID_MAX_LENGTH).optional(),
  /** The form, e.g. "US-CA-CDTFA-230". */
  certificate_type: z.string().max(REFERENCE_ID_MAX_LENGTH).optional(),
  exempt_percentage: exemptPercentage.optional(),
  jurisdictions: z.array(certificateJurisdictionSchema).min(1).max(100),
};

/** Body of POST /tax/certificates (taxkit extension, 2026-03-01+; docs/exemptions.md). */
export const certificateCreateSchema = z.strictObject({
  customer_id: requiredString(REFERENCE_ID_MAX_LENGTH),
  ...certificateFieldsSchema,
  /** The certificate request this certificate answers; it becomes `fulfilled`. */
  certificate_request_id: requiredString(REFERENCE_ID_MAX_LENGTH).optional(),
});

/** Body of POST /tax/certificates/{id}: every field optional; `jurisdictions` replaces the list; `exempt_percentage: null` clears it. */
export const certificateUpdateSchema = z.strictObject({
  reason: certificateFieldsSchema.reason.optional(),
  certificate_number: certificateFieldsSchema.certificate_number,
  certificate_type: certificateFieldsSchema.certificate_type,
  exempt_percentage: exemptPercentage.nullable().optional(),
  jurisdictions: certificateFieldsSchema.jurisdictions.optional(),
});

/** Query of GET /tax/certificates and GET /tax/certificate-requests. */
export const certificateListQuerySchema = z.strictObject({
  ...listRequestSchema.shape,
  /** A customer's `cust_…` id or reference id (`id_type` says which; either when absent). */
  customer_id: z.string().min(1).max(REFERENCE_ID_MAX_LENGTH).optional(),
  id_type: z.enum(['id', 'reference_customer_id']).optional(),
});

export type CertificateCreateRequest = z.input<typeof certificateCreateSchema>;
export type CertificateUpdateRequest = z.input<typeof certificateUpdateSchema>;
export type CertificateListQuery = z.input<typeof certificateListQuerySchema>;

/** A certificate create request as `createCertificate` takes it; throws the TaxError of the first problem. */
export function parseCertificateCreate(body: unknown): CertificateInput {
  const request = parseBody(certificateCreateSchema, body);
  return {
    customerId: request.customer_id,
    reason: request.reason,
    certificateNumber: request.certificate_number ?? '',
    certificateType: request.certificate_type ?? '',
    exemptPercentage: request.exempt_percentage === undefined ? undefined : percentageText(request.exempt_percentage),
    jurisdictions: request.jurisdictions.map(toJurisdiction),
    requestId: request.certificate_request_id,
  };
}

/** A certificate update as `updateCertificate` takes it: only what it sent. */
export function parseCertificateUpdate(body: unknown): CertificatePatch {
  const request = parseBody(certificateUpdateSchema, body);
  return {
    reason: request.reason,
    certificateNumber: request.certificate_number,
    certificateType: request.certificate_type,
    exemptPercentage:
      request.exempt_percentage === undefined || request.exempt_percentage === null
        ? request.exempt_percentage
        : percentageText(request.exempt_percentage),
    jurisdictions: request.jurisdictions?.map(toJurisdiction),
  };
}

/** A certificate or certificate-request list query. */
export function parseCertificateListQuery(query: unknown): CertificateListRequest {
  const {
    cursor,
    limit,
    customer_id: customerId,
    id_type: idType,
  } = parseBody(certificateListQuerySchema, query ?? {});
  return {
    after: cursor,
    limit,
    customerId,
    customerIdType: idType === undefined ? undefined : idType === 'id' ? 'id' : 'reference',
  };
}

/** The exact decimal text of a percentage with at most two decimals: 12.5 → "12.5". */
function percentageText(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function toJurisdiction(jurisdiction: z.output<typeof certificateJurisdictionSchema>): CertificateJurisdictionInput {
  return {
    country: jurisdiction.country,
    province: jurisdiction.province ?? '',
    effectiveDate: jurisdiction.effective_date,
    expirationDate: jurisdiction.expiration_date,
  };
}

/** Where the certificate operations' domain keys sit in a request (or the path's certificate id). */
export const certificateFields: FieldMap = fieldMap(
  {
    customerId: 'customer_id',
    certificateId: 'certificate_id',
    certificateRequestId: 'certificate_request_id',
    reason: 'reason',
    certificateNumber: 'certificate_number',
    certificateType: 'certificate_type',
    exemptPercentage: 'exempt_percentage',
    jurisdictions: 'jurisdictions',
  },
  {
    jurisdictions: listFields(
      fieldMap({
        country: 'country',
        province: 'province',
        effectiveDate: 'effective_date',
        expirationDate: 'expiration_date',
      }),
    ),
  },
);
