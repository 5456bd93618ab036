import { TaxError } from '../core/errors.ts';
import { isAtLeast, requireVersion, type ApiVersion } from './api-version.ts';
import { checkCurrency } from './currencies.ts';

/**
 * Every rule of the service interface that depends on the API version, apart from the
 * response shapes (the serializers) and the error body (serialize-error.ts). The engine's
 * operations never see a version: the wire layer applies these while parsing a request.
 *
 * @module
 */

/** Merchants and platform operations exist from this version on (docs/interface.md §9 rule 1). */
export const PLATFORM_SINCE = '2026-01-01' satisfies ApiVersion;

/** Exemption certificates and certificate requests exist from this version on (docs/exemptions.md). */
export const CERTIFICATES_SINCE = '2026-03-01' satisfies ApiVersion;

/** `customer.ip` exists from this version on (docs/interface.md §2.2). */
export const CUSTOMER_IP_SINCE = '2026-03-01' satisfies ApiVersion;

/** 400 UNSUPPORTED_API_VERSION unless `version` has merchants and platform operations. */
export function requirePlatformVersion(version: ApiVersion, operation: string): void {
  requireVersion(version, PLATFORM_SINCE, operation);
}

/** Whether `version` accepts `customer.ip`. */
export function customerIpAllowed(version: ApiVersion): boolean {
  return isAtLeast(version, CUSTOMER_IP_SINCE);
}

/** The parts of a calculation request whose rules depend on the version. */
export interface VersionedCalculationParts {
  readonly customer: { readonly ip?: unknown };
  readonly order_details: { readonly customer_currency_code: string };
}

/**
 * Applies the version's rules to a parsed calculation request (standard or platform):
 * `customer.ip` only from 2026-03-01, and the version's currency list. Returns the currency,
 * upper-cased.
 */
export function applyCalculationVersionRules(request: VersionedCalculationParts, version: ApiVersion): string {
  if (request.customer.ip !== undefined && !customerIpAllowed(version)) {
    throw new TaxError('UNRECOGNIZED_FIELD', `customer.ip requires X-API-Version ${CUSTOMER_IP_SINCE}.`, {
      details: { field: 'customer.ip' },
    });
  }
  return checkCurrency(request.order_details.customer_currency_code, version);
}
