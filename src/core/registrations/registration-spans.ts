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
  return spans.some((span) => span.type === type && activeAt(span, at));
}

/**
 * Whether a span that collects tax covering one of `keys` (most specific first, the country
 * among them) is active at `at`. A fee-only registration (`us_state_retail_delivery_fee`) does
 * not count: it makes no tax due.
 */
export function registeredOn(spans: readonly RegistrationSpan[], keys: readonly string[], at: number): boolean {
  for (const span of spans) {
    if (!activeAt(span, at) || isFeeOnly(span)) continue;
    if (keys.some((key) => span.places.includes(key))) return true;
  }
  return false;
}

/**
 * Whether the seller owes the per-order fees of the place of `keys` ("US-CO", then "US") at
 * `at`: a fee-only registration covering it is active, or a seed of the engine option names it
 * (a seed has no scheme, so it stands for every registration of the place).
 */
export function owesOrderFeesIn(spans: readonly RegistrationSpan[], keys: readonly string[], at: number): boolean {
  return spans.some(
    (span) =>
      activeAt(span, at) &&
      (span.type === undefined || isFeeOnly(span)) &&
      keys.some((key) => span.places.includes(key)),
  );
}

function activeAt(span: RegistrationSpan, at: number): boolean {
  return (
    (span.activeFrom === undefined || at >= span.activeFrom) && (span.expiresAt === undefined || at < span.expiresAt)
  );
}

function isFeeOnly(span: RegistrationSpan): boolean {
  return span.type !== undefined && REGISTRATION_TYPES[span.type]?.feeOnly === true;
}
