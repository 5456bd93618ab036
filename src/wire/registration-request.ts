import { z } from 'zod';
import type { RegistrationInput, RegistrationPatch } from '../operations/registrations.ts';
import { type FieldMap, fieldMap } from './field-map.ts';
import { unixSeconds } from './common-schemas.ts';
import { parseBody } from './parse-body.ts';
import { taxRule } from './tax-rule.ts';

/** Body of POST /tax/registrations. */
export const registrationRequestSchema = z.strictObject({
  country: z
    .string()
    .refine((value) => /^[A-Z]{2}$/.test(value), taxRule('INVALID_COUNTRY_CODE', 'must be an ISO 3166-1 alpha-2 code')),
  province: z.string().max(3).optional(),
  type: z.string().max(40).optional(),
  registration_number: z.string().max(100).optional(),
  active_from: unixSeconds,
  expires_at: unixSeconds.optional(),
});

/** Body of POST /tax/registrations/{id}: the dates and the number may change; the place and scheme may not. */
export const registrationUpdateSchema = z.strictObject({
  active_from: unixSeconds.optional(),
  expires_at: unixSeconds.nullable().optional(),
  registration_number: z.string().max(100).optional(),
});

export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
export type RegistrationUpdateRequest = z.input<typeof registrationUpdateSchema>;

export function parseRegistrationRequest(body: unknown): RegistrationInput {
  const request = parseBody(registrationRequestSchema, body);
  return {
    country: request.country,
    province: request.province ?? '',
    type: request.type,
    registrationNumber: request.registration_number ?? '',
    activeFrom: request.active_from,
    expiresAt: request.expires_at,
  };
}

export function parseRegistrationUpdate(body: unknown): RegistrationPatch {
  const request = parseBody(registrationUpdateSchema, body);
  return {
    activeFrom: request.active_from,
    expiresAt: request.expires_at,
    registrationNumber: request.registration_number,
  };
}

/** Where the registration operations' domain keys sit in a request. */
export const registrationFields: FieldMap = fieldMap({
  registrationId: 'id',
  country: 'country',
  province: 'province',
  type: 'type',
  registrationNumber: 'registration_number',
  activeFrom: 'active_from',
  expiresAt: 'expires_at',
});
