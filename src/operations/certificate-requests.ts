import { certificateRequestStatus } from '../core/exemptions/certificate-status.ts';
import { checkedRequestStatus } from '../core/exemptions/checked-request-status.ts';
import { type DomainKey, keyedError } from '../core/errors.ts';
import { notFound } from '../core/not-found.ts';
import type { CertificateRequest, CertificateRequestStatus, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { checkPlace, placeId } from './certificate-places.ts';
import { type CertificateListRequest, listOfCustomer, storedCustomer } from './certificate-customer.ts';
import { callTime } from './call-time.ts';
import type { ListedPage } from './load-page.ts';

/** A new certificate request as the wire layer parses it. */
export interface CertificateRequestInput {
  readonly customerId: string;
  readonly certificateType: string;
  /** Places as "US-CA" (or "DE"). */
  readonly jurisdictions: readonly string[];
  /** Unix seconds; absent: it never lapses. */
  readonly expiresAt?: number | undefined;
}

/** A certificate request with its status at the time of the call. */
export interface CertificateRequestView {
  readonly request: CertificateRequest;
  readonly status: CertificateRequestStatus;
}

/**
 * Opens a request for a certificate from a stored customer (CUSTOMER_NOT_FOUND keyed
 * `customerId`), for the places listed (each checked, keyed `['jurisdictions', i]`), pending
 * until a certificate naming it is created, it is canceled, or it lapses at `expiresAt`.
 */
export async function createCertificateRequest(
  deps: EngineDeps,
  tenant: Tenant,
  input: CertificateRequestInput,
): Promise<CertificateRequestView> {
  if (input.jurisdictions.length === 0) {
    throw keyedError('MISSING_FIELD', ['jurisdictions'], '{field} must list at least one place.');
  }
  const jurisdictions = input.jurisdictions.map((id, index) => placeOfId(deps, id, ['jurisdictions', index]));
  if (new Set(jurisdictions).size !== jurisdictions.length) {
    throw keyedError('INVALID_VALUE', ['jurisdictions'], '{field} names a place more than once.');
  }
  const { nowMs, now } = callTime(deps, tenant);
  if (input.expiresAt !== undefined && input.expiresAt <= now) {
    throw keyedError('INVALID_VALUE', ['expiresAt'], `{field} ${input.expiresAt} is not in the future.`);
  }
  const customer = await storedCustomer(deps, tenant, input.customerId);
  const request: CertificateRequest = {
    id: deps.ids.next('cert_req', nowMs),
    customerId: customer.id,
    referenceCustomerId: customer.referenceCustomerId,
    certificateType: input.certificateType,
    jurisdictions,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    ...(input.expiresAt === undefined ? {} : { expiresAt: input.expiresAt }),
  };
  await deps.store.insertCertificateRequest(tenant, request);
  return { request, status: 'pending' };
}

/** The request with that id; 404 CERTIFICATE_REQUEST_NOT_FOUND. */
export async function getCertificateRequest(
  deps: EngineDeps,
  tenant: Tenant,
  id: string,
): Promise<CertificateRequestView> {
  const request = await deps.store.getCertificateRequest(tenant, id);
  if (request === undefined) throw notFound('certificate request', id);
  return viewOf(request, callTime(deps, tenant).now);
}

/** One page of requests in id order, whatever their status, of one customer when the request names one. */
export async function listCertificateRequests(
  deps: EngineDeps,
  tenant: Tenant,
  request: CertificateListRequest,
): Promise<ListedPage<CertificateRequestView>> {
  return listOfCustomer(
    deps,
    tenant,
    request,
    (options) => deps.store.listCertificateRequests(tenant, options),
    viewOf,
  );
}

/**
 * Cancels a pending request (DELETE). Terminal and idempotent: a canceled one is answered as
 * it is; a fulfilled one is 409 REQUEST_ALREADY_FULFILLED, a lapsed one 409 REQUEST_INVALID.
 */
export async function cancelCertificateRequest(
  deps: EngineDeps,
  tenant: Tenant,
  id: string,
): Promise<CertificateRequestView> {
  const { now } = callTime(deps, tenant);
  const canceled = await deps.store.updateCertificateRequest(tenant, id, (current) => {
    if (current.status === 'canceled') return current;
    checkedRequestStatus(current, now);
    return { ...current, status: 'canceled', updatedAt: now };
  });
  return viewOf(canceled, now);
}

function viewOf(request: CertificateRequest, now: number): CertificateRequestView {
  return { request, status: certificateRequestStatus(request, now) };
}

/** "US-CA" → checked "US-CA"; "DE" → "DE". */
function placeOfId(deps: EngineDeps, id: string, key: DomainKey): string {
  const [country = '', province = '', extra] = id.split('-');
  if (extra !== undefined) {
    throw keyedError('INVALID_VALUE', key, `{field} "${id}" is not a place id such as "US-CA" or "DE".`);
  }
  return placeId(checkPlace(deps.locations, country, province, key));
}
