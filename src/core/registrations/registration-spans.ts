import type { Registration } from '../types.ts';
import { REGISTRATION_TYPES } from './registration-types.ts';

/**
 * Where and when an account collects: place keys ("US-IN", "DE", or a country for all of it)
 * and the half-open period `activeFrom..expiresAt` (Unix seconds; an absent bound is open).
 */
export interface RegistrationSpan {
  readonly places: readonly string[];
  /** The registration's scheme (`eu_oss_union`, `domestic`, …); absent for the engine option's seeds. */
  readonly type?: string;
  readonly activeFrom?: number;
  readonly expiresAt?: number;
}

/** The spans of stored registrations (deleted ones left out). */
export function registrationSpans(registrations: readonly Registration[]): readonly RegistrationSpan[] {
  const spans: RegistrationSpan[] = [];
  for (const registration of registrations) {
    if (registration.deletedAt !== undefined) continue;
    const rule = REGISTRATION_TYPES[registration.type];
    if (rule === undefined) continue;
    spans.push({
      places: rule.covers(registration.country, registration.province),
      type: registration.type,
      activeFrom: registration.activeFrom,
      ...(registration.expiresAt === undefined ? {} : { expiresAt: registration.expiresAt }),
    });
  }
  return spans;
}

/** The engine option `registrations: ['US-CA', 'DE']`: each place, with no start and no end. */
export function seedSpans(places: Iterable<string>): readonly RegistrationSpan[] {
  return [{ places: [...places] }];
}

/** Whether a registration of scheme `type` is active at `at` (the EU one-stop shop, say). */
export function registeredFor(spans: readonly RegistrationSpan[], type: string, at: number): boolean {
  return spans.some(
    (span) =>
      span.type === type &&
      (span.activeFrom === undefined || at >= span.activeFrom) &&
      (span.expiresAt === undefined || at < span.expiresAt),
  );
}

/** Whether a span covering one of `keys` (most specific first, the country among them) is active at `at`. */
export function registeredOn(spans: readonly RegistrationSpan[], keys: readonly string[], at: number): boolean {
  for (const span of spans) {
    if (span.activeFrom !== undefined && at < span.activeFrom) continue;
    if (span.expiresAt !== undefined && at >= span.expiresAt) continue;
    if (keys.some((key) => span.places.includes(key))) return true;
  }
  return false;
}
