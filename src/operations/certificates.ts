import { certificateStatus, type CertificateStatus } from '../core/exemptions/certificate-status.ts';
import { keyedError } from '../core/errors.ts';
import { notFound } from '../core/not-found.ts';
import type {
  CertificateJurisdiction,
  CertificateRequest,
  ExemptionCertificate,
  ExemptionReason,
  Tenant,
} from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { checkedRequestStatus } from '../core/exemptions/checked-request-status.ts';
import { type CertificateListRequest, listOfCustomer, storedCustomer } from './certificate-customer.ts';
import { checkPlace, placeId } from './certificate-places.ts';
import { callTime } from './call-time.ts';
import { allPages } from './each-page.ts';
import type { ListedPage } from './load-page.ts';

/** One place of a certificate as the wire layer parses it (Unix seconds). */
export interface CertificateJurisdictionInput {
  readonly country: string;
  readonly province: string;
  readonly effectiveDate: number;
  readonly expirationDate?: number | undefined;
}

/** A new certificate as the wire layer parses it. */
export interface CertificateInput {
  /** The customer's `cust_…` id or reference id. */
  readonly customerId: string;
  readonly reason: ExemptionReason;
  readonly certificateNumber: string;
  readonly certificateType: string;
  /** An exact decimal percentage, 0 < p ≤ 100, at most two decimals; absent: the whole price. */
  readonly exemptPercentage?: string | undefined;
  readonly jurisdictions: readonly CertificateJurisdictionInput[];
  /** The certificate request this certificate answers. */
  readonly requestId?: string | undefined;
}

/** The fields an update changes; absent ones stay. `jurisdictions` replaces the whole list. */
export interface CertificatePatch {
  readonly reason?: ExemptionReason | undefined;
  readonly certificateNumber?: string | undefined;
  readonly certificateType?: string | undefined;
  /** `null` clears it (the whole price exempt again). */
  readonly exemptPercentage?: string | null | undefined;
  readonly jurisdictions?: readonly CertificateJurisdictionInput[] | undefined;
}

/** A certificate with its status at the time of the call, which is what every answer shows. */
export interface CertificateView {
  readonly certificate: ExemptionCertificate;
  readonly status: CertificateStatus;
}

/**
 * Stores a certificate for a stored customer (CUSTOMER_NOT_FOUND keyed `customerId` when the
 * account and mode have none by that id or reference), its places and dates checked (errors
 * keyed `['jurisdictions', i, …]`). With `requestId`, fulfils that certificate request of the
 * same customer in the same write (CERTIFICATE_REQUEST_NOT_FOUND, REQUEST_ALREADY_FULFILLED,
 * REQUEST_INVALID). Writes nothing when anything fails.
 */
export async function createCertificate(
  deps: EngineDeps,
  tenant: Tenant,
  input: CertificateInput,
): Promise<CertificateView> {
  const jurisdictions = checkJurisdictions(deps, input.jurisdictions);
  const customer = await storedCustomer(deps, tenant, input.customerId);
  const { nowMs, now } = callTime(deps, tenant);
  const id = deps.ids.next('cert', nowMs);
  const percentage = wholePriceAsAbsent(input.exemptPercentage);
  const certificate: ExemptionCertificate = {
    id,
    customerId: customer.id,
    referenceCustomerId: customer.referenceCustomerId,
    reason: input.reason,
    certificateNumber: input.certificateNumber,
    certificateType: input.certificateType,
    ...(percentage === undefined ? {} : { exemptPercentage: percentage }),
    jurisdictions,
    ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
    createdAt: now,
    updatedAt: now,
  };
  const fulfil = (request: CertificateRequest): CertificateRequest => {
    if (request.customerId !== customer.id) {
      throw keyedError(
        'INVALID_VALUE',
        ['certificateRequestId'],
        `{field} ${request.id} asks customer ${request.customerId} for a certificate, not ${customer.id}.`,
      );
    }
    checkedRequestStatus(request, now, ['certificateRequestId']);
    return { ...request, status: 'fulfilled', certificateId: id, updatedAt: now };
  };
  await deps.store.insertCertificate(tenant, certificate, fulfil);
  return { certificate, status: certificateStatus(certificate, now) };
}

/** The certificate with that id; 404 CERTIFICATE_NOT_FOUND. Revoked ones too, with status `invalid`. */
export async function getCertificate(deps: EngineDeps, tenant: Tenant, id: string): Promise<CertificateView> {
  const certificate = await deps.store.getCertificate(tenant, id);
  if (certificate === undefined) throw notFound('certificate', id);
  return viewOf(certificate, callTime(deps, tenant).now);
}

/** One page of certificates in id order, of one customer when the request names one. */
export async function listCertificates(
  deps: EngineDeps,
  tenant: Tenant,
  request: CertificateListRequest,
): Promise<ListedPage<CertificateView>> {
  return listOfCustomer(deps, tenant, request, (options) => deps.store.listCertificates(tenant, options), viewOf);
}

/**
 * Changes a certificate's reason, number, type, percentage or places (the list is replaced).
 * A revoked certificate cannot change (INVALID_VALUE): make a new one.
 */
export async function updateCertificate(
  deps: EngineDeps,
  tenant: Tenant,
  id: string,
  patch: CertificatePatch,
): Promise<CertificateView> {
  const jurisdictions = patch.jurisdictions === undefined ? undefined : checkJurisdictions(deps, patch.jurisdictions);
  const { now } = callTime(deps, tenant);
  const updated = await deps.store.updateCertificate(tenant, id, (current) => {
    if (current.revokedAt !== undefined) {
      throw keyedError('INVALID_VALUE', ['certificateId'], `Certificate ${id} is revoked; create a new one.`);
    }
    const { exemptPercentage: _old, ...rest } = current;
    const percentage =
      patch.exemptPercentage === undefined
        ? current.exemptPercentage
        : patch.exemptPercentage === null
          ? undefined
          : wholePriceAsAbsent(patch.exemptPercentage);
    return {
      ...rest,
      ...(patch.reason === undefined ? {} : { reason: patch.reason }),
      ...(patch.certificateNumber === undefined ? {} : { certificateNumber: patch.certificateNumber }),
      ...(patch.certificateType === undefined ? {} : { certificateType: patch.certificateType }),
      ...(percentage === undefined ? {} : { exemptPercentage: percentage }),
      ...(jurisdictions === undefined ? {} : { jurisdictions }),
      updatedAt: now,
    };
  });
  return viewOf(updated, now);
}

/**
 * Revokes a certificate: it stays (status `invalid`, `revokedAt`) and exempts no sale
 * calculated from now on. Revoking a revoked certificate changes nothing.
 */
export async function revokeCertificate(deps: EngineDeps, tenant: Tenant, id: string): Promise<CertificateView> {
  const { now } = callTime(deps, tenant);
  const revoked = await deps.store.updateCertificate(tenant, id, (current) =>
    current.revokedAt === undefined ? { ...current, revokedAt: now, updatedAt: now } : current,
  );
  return viewOf(revoked, now);
}

/**
 * Every certificate of a stored customer, for a calculation: read a page at a time, so a
 * customer with many stays within the store's page bound.
 */
export async function customerCertificates(
  deps: EngineDeps,
  tenant: Tenant,
  customerId: string,
): Promise<ExemptionCertificate[]> {
  return allPages((after) =>
    deps.store.listCertificates(tenant, { customerId, limit: 100, ...(after === undefined ? {} : { after }) }),
  );
}

function viewOf(certificate: ExemptionCertificate, now: number): CertificateView {
  return { certificate, status: certificateStatus(certificate, now) };
}

/** 100 % is the whole price: kept as no percentage, so every answer and note says "exempt". */
function wholePriceAsAbsent(percentage: string | undefined): string | undefined {
  return percentage === undefined || Number(percentage) >= 100 ? undefined : percentage;
}

/**
 * At least one place; each a known place (see `checkPlace`), named once, effective no later
 * than it expires. Errors keyed `['jurisdictions', i, …]`.
 */
function checkJurisdictions(
  deps: EngineDeps,
  jurisdictions: readonly CertificateJurisdictionInput[],
): CertificateJurisdiction[] {
  if (jurisdictions.length === 0) {
    throw keyedError(
      'MISSING_FIELD',
      ['jurisdictions'],
      '{field} must list at least one place the certificate covers.',
    );
  }
  const seen = new Set<string>();
  return jurisdictions.map((jurisdiction, index) => {
    const key = ['jurisdictions', index];
    const place = checkPlace(deps.locations, jurisdiction.country, jurisdiction.province, key);
    const id = placeId(place);
    if (seen.has(id)) {
      throw keyedError('INVALID_VALUE', key, `{field} names ${id} a second time; give each place once.`);
    }
    seen.add(id);
    const { effectiveDate, expirationDate } = jurisdiction;
    if (expirationDate !== undefined && expirationDate < effectiveDate) {
      throw keyedError(
        'INVALID_VALUE',
        [...key, 'expirationDate'],
        `{field} ${expirationDate} is before the effective date ${effectiveDate}.`,
      );
    }
    return expirationDate === undefined ? { ...place, effectiveDate } : { ...place, effectiveDate, expirationDate };
  });
}
