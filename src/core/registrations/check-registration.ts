import { keyedError } from '../errors.ts';
import type { LocationTables } from '../location/location-tables.ts';
import type { Registration } from '../types.ts';
import { REGISTRATION_TYPES } from './registration-types.ts';

/**
 * Refuses a registration that names an unknown place or scheme, a province the scheme does
 * not take, or an `expiresAt` not after `activeFrom`. Errors are keyed by the registration's
 * fields (`country`, `province`, `type`, `expiresAt`). Pure.
 */
export function checkRegistration(registration: Registration, locations: LocationTables): void {
  const { country, province, type } = registration;
  if (!locations.countries.has(country)) {
    throw keyedError('INVALID_COUNTRY_CODE', ['country'], `{field} "${country}" is not a country taxkit knows.`);
  }
  const rule = REGISTRATION_TYPES[type];
  if (rule === undefined || !Object.hasOwn(REGISTRATION_TYPES, type)) {
    throw keyedError(
      'INVALID_VALUE',
      ['type'],
      `{field} must be one of ${Object.keys(REGISTRATION_TYPES).join(', ')}; got "${type}".`,
    );
  }
  if (rule.countries !== undefined && !rule.countries.has(country)) {
    throw keyedError('INVALID_VALUE', ['type'], `{field} ${type} is not a scheme of ${country}.`);
  }
  if (rule.provinces === 'none') {
    if (province !== '') {
      throw keyedError('INVALID_VALUE', ['province'], `{field} must be absent for a ${type} registration.`);
    }
  } else if (rule.provinces === 'required') {
    if (province === '') throw keyedError('MISSING_FIELD', ['province'], `{field} is required for ${type}.`);
    if (locations.subdivisions.get(country)?.has(province) !== true) {
      throw keyedError(
        'INVALID_VALUE',
        ['province'],
        `{field} "${province}" is not a state or province of ${country}.`,
      );
    }
  } else if (!rule.provinces.includes(province)) {
    throw keyedError('INVALID_VALUE', ['province'], `{field} must be one of ${rule.provinces.join(', ')} for ${type}.`);
  }
  if (registration.expiresAt !== undefined && registration.expiresAt <= registration.activeFrom) {
    throw keyedError('INVALID_VALUE', ['expiresAt'], '{field} must be after {field:activeFrom}.');
  }
}

/**
 * Refuses `registration` when another live one of the same place and scheme is active on any
 * day it is (periods are half open: one may start the second the other expires). Keyed
 * `activeFrom`. The store calls it inside its write transaction, so two writers cannot both pass.
 */
export function checkNoOverlap(registration: Registration, others: readonly Registration[]): void {
  for (const other of others) {
    if (other.id === registration.id || other.deletedAt !== undefined) continue;
    if (other.country !== registration.country || other.province !== registration.province) continue;
    if (other.type !== registration.type) continue;
    const endsAfterOtherStarts = registration.expiresAt === undefined || registration.expiresAt > other.activeFrom;
    const startsBeforeOtherEnds = other.expiresAt === undefined || registration.activeFrom < other.expiresAt;
    if (endsAfterOtherStarts && startsBeforeOtherEnds) {
      throw keyedError(
        'INVALID_VALUE',
        ['activeFrom'],
        `{field}: registration ${other.id} for the same place and type is active in the same period; expire it first.`,
      );
    }
  }
}
