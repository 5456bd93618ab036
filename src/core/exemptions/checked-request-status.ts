import { type DomainKey, keyedError, TaxError } from '../errors.ts';
import type { CertificateRequest } from '../types.ts';
import { certificateRequestStatus } from './certificate-status.ts';

/**
 * A request that can still change: pending and not lapsed. Otherwise 409
 * REQUEST_ALREADY_FULFILLED, or REQUEST_INVALID (canceled or lapsed), keyed `key` when given.
 */
export function checkedRequestStatus(request: CertificateRequest, now: number, key?: DomainKey): void {
  const status = certificateRequestStatus(request, now);
  if (status === 'pending') return;
  const type = status === 'fulfilled' ? 'REQUEST_ALREADY_FULFILLED' : 'REQUEST_INVALID';
  const message =
    status === 'fulfilled'
      ? `Certificate request ${request.id} is already fulfilled by certificate ${request.certificateId ?? ''}.`
      : `Certificate request ${request.id} is ${status}: it can no longer change.`;
  throw key === undefined ? new TaxError(type, message) : keyedError(type, key, message);
}
