import { checkNoOverlap, checkRegistration } from '../core/registrations/check-registration.ts';
import { defaultRegistrationType } from '../core/registrations/registration-types.ts';
import { notFound } from '../core/not-found.ts';
import type { Registration, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { TaxError } from '../core/errors.ts';
import { callTime } from './call-time.ts';
import type { ListedPage, PageRequest } from './load-page.ts';

/**
 * The most live registrations one account may have per mode: every calculation of a live
 * account checks them, and `GET /tax/registrations` without a cursor lists them all. Every US
 * state, province and VAT country with a renewal each is well under it.
 */
export const MAX_REGISTRATIONS_PER_ACCOUNT = 1000;

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
    // Counted inside the store's write, so two writers cannot both take the last place.
    if (others.length >= MAX_REGISTRATIONS_PER_ACCOUNT) {
      throw new TaxError(
        'INVALID_VALUE',
        `The account already has ${MAX_REGISTRATIONS_PER_ACCOUNT} live registrations in this mode, the most one may have; delete one first.`,
        { details: { bound: 'MAX_REGISTRATIONS_PER_ACCOUNT', limit: MAX_REGISTRATIONS_PER_ACCOUNT } },
      );
    }
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

/**
 * The live registrations of the account and mode, in id order, a page at a time like the other
 * lists: after `after`, at most `limit`; asked with neither, every one (there are at most
 * {@link MAX_REGISTRATIONS_PER_ACCOUNT}), as the list answered before it had pages.
 */
export async function listRegistrations(
  deps: EngineDeps,
  tenant: Tenant,
  request: PageRequest,
): Promise<ListedPage<Registration>> {
  const all = await deps.store.listRegistrations(tenant);
  const after = request.after === '' ? undefined : request.after;
  const start = after === undefined ? 0 : all.findIndex((registration) => registration.id > after);
  const from = start === -1 ? all.length : start;
  const end =
    request.limit === undefined && after === undefined ? all.length : from + (request.limit ?? REGISTRATION_PAGE_SIZE);
  const items = all.slice(from, end);
  const last = items.at(-1);
  return { items, hasMore: end < all.length, lastId: last === undefined ? (after ?? null) : last.id };
}

/** A page of registrations asked for with a cursor and no limit. */
const REGISTRATION_PAGE_SIZE = 50;

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
