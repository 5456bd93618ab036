import { checkNoOverlap, checkRegistration } from '../core/registrations/check-registration.ts';
import { defaultRegistrationType } from '../core/registrations/registration-types.ts';
import { notFound } from '../core/not-found.ts';
import type { Registration, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';

/** A new registration as the wire layer parses it. */
export interface RegistrationInput {
  readonly country: string;
  /** '' when none was given. */
  readonly province: string;
  /** The scheme; the country's usual one when absent. */
  readonly type?: string | undefined;
  readonly registrationNumber: string;
  readonly activeFrom: number;
  readonly expiresAt?: number | undefined;
}

/** What an update may change; `expiresAt: null` removes the end. */
export interface RegistrationPatch {
  readonly activeFrom?: number | undefined;
  readonly expiresAt?: number | null | undefined;
  readonly registrationNumber?: string | undefined;
}

/**
 * Records a registration (`taxreg_…`): a known place and scheme, `expiresAt` after
 * `activeFrom`, and no other live registration of the same place and scheme active on any of
 * its days (checked inside the store's write, so nothing is written on a refusal).
 */
export async function createRegistration(
  deps: EngineDeps,
  tenant: Tenant,
  input: RegistrationInput,
): Promise<Registration> {
  const { nowMs, now } = callTime(deps, tenant);
  const { expiresAt, type, ...rest } = input;
  const registration: Registration = {
    id: deps.ids.next('taxreg', nowMs),
    ...rest,
    type: type ?? defaultRegistrationType(input.country, input.province),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    createdAt: now,
    updatedAt: now,
  };
  checkRegistration(registration, deps.locations);
  const written = await deps.store.writeRegistration(tenant, registration.id, (_current, others) => {
    checkNoOverlap(registration, others);
    return registration;
  });
  deps.registrationBook.forget(tenant);
  return written;
}

/** The live registration with that id; 404 REGISTRATION_NOT_FOUND. */
export async function getRegistration(deps: EngineDeps, tenant: Tenant, id: string): Promise<Registration> {
  const found = await deps.store.getRegistration(tenant, id);
  if (found === undefined) throw notFound('registration', id, ['registrationId']);
  return found;
}

/** Every live registration of the account and mode, in id order. */
export function listRegistrations(deps: EngineDeps, tenant: Tenant): Promise<readonly Registration[]> {
  return deps.store.listRegistrations(tenant);
}

/** Changes the dates or the number of a live registration, with the checks of a new one. */
export async function updateRegistration(
  deps: EngineDeps,
  tenant: Tenant,
  id: string,
  patch: RegistrationPatch,
): Promise<Registration> {
  const { now } = callTime(deps, tenant);
  const written = await deps.store.writeRegistration(tenant, id, (current, others) => {
    if (current === undefined) throw notFound('registration', id, ['registrationId']);
    const { expiresAt: _old, ...kept } = current;
    const expiresAt = patch.expiresAt === undefined ? current.expiresAt : (patch.expiresAt ?? undefined);
    const next: Registration = {
      ...kept,
      ...(patch.activeFrom === undefined ? {} : { activeFrom: patch.activeFrom }),
      ...(patch.registrationNumber === undefined ? {} : { registrationNumber: patch.registrationNumber }),
      ...(expiresAt === undefined ? {} : { expiresAt }),
      updatedAt: now,
    };
    checkRegistration(next, deps.locations);
    checkNoOverlap(next, others);
    return next;
  });
  deps.registrationBook.forget(tenant);
  return written;
}

/** Soft-deletes the registration: calculations no longer collect by it, on any date. */
export async function deleteRegistration(deps: EngineDeps, tenant: Tenant, id: string): Promise<Registration> {
  const deleted = await deps.store.deleteRegistration(tenant, id, callTime(deps, tenant).now);
  if (deleted === undefined) throw notFound('registration', id, ['registrationId']);
  deps.registrationBook.forget(tenant);
  return deleted;
}
