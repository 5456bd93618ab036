import type { PageOf } from './serialize-lists.ts';
import type { Mode, Registration } from '../core/types.ts';
import type { DeletedRegistration, Registration as RegistrationJson, RegistrationList } from './api-types.ts';

/** A registration as POST and GET /tax/registrations return it. */
export function serializeRegistration(registration: Registration, mode: Mode): RegistrationJson {
  return {
    id: registration.id,
    object: 'tax.registration',
    country: registration.country,
    province: registration.province === '' ? null : registration.province,
    type: registration.type,
    registration_number: registration.registrationNumber === '' ? null : registration.registrationNumber,
    active_from: registration.activeFrom,
    expires_at: registration.expiresAt ?? null,
    testmode: mode === 'test',
    created_at: registration.createdAt,
    updated_at: registration.updatedAt,
  };
}

export function serializeRegistrationList(page: PageOf<Registration>, mode: Mode): RegistrationList {
  return {
    object: 'list',
    registrations: page.items.map((registration) => serializeRegistration(registration, mode)),
    has_more: page.hasMore,
    last_registration_id: page.lastId,
  };
}

/** The answer to DELETE /tax/registrations/{id}. */
export function serializeDeletedRegistration(registration: Registration): DeletedRegistration {
  return {
    id: registration.id,
    object: 'tax.registration',
    deleted: true,
    deleted_at: registration.deletedAt ?? null,
  };
}
