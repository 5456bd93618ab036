import { TaxError } from '../core/errors.ts';

/** The dated versions of the service interface, oldest first (docs/interface.md §9). */
export const API_VERSIONS = ['2024-09-01', '2025-05-12', '2026-01-01', '2026-03-01'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** Absent header → the base version, as the hosted API does. */
export const DEFAULT_API_VERSION: ApiVersion = '2024-09-01';
export const LATEST_API_VERSION = '2026-03-01' satisfies ApiVersion;

/** Whether `version` is `since` or newer. Dates in ISO form compare as strings. */
export function isAtLeast(version: ApiVersion, since: ApiVersion): boolean {
  return version >= since;
}

/** Reads an `X-API-Version` value; absent → 2024-09-01, unknown → INVALID_API_VERSION. */
export function parseApiVersion(value: string | null | undefined): ApiVersion {
  if (value === undefined || value === null || value.trim() === '') return DEFAULT_API_VERSION;
  const trimmed = value.trim();
  if ((API_VERSIONS as readonly string[]).includes(trimmed)) return trimmed as ApiVersion;
  throw new TaxError('INVALID_API_VERSION', `X-API-Version "${value}" is not one of ${API_VERSIONS.join(', ')}.`);
}

/** Merchant and platform operations exist from 2026-01-01 (docs/interface.md §9 rule 1). */
export function requireVersion(version: ApiVersion, since: ApiVersion, operation: string): void {
  if (!isAtLeast(version, since)) {
    throw new TaxError(
      'UNSUPPORTED_API_VERSION',
      `${operation} requires X-API-Version ${since} or later; this request used ${version}.`,
    );
  }
}
