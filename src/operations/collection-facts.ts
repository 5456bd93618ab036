import type { RegistrationSpan } from '../core/registrations/registration-spans.ts';
import type { Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { after } from './after.ts';

/** What decides where a calculation collects: the registrations and the nexus notes. */
export interface CollectionFacts {
  readonly registrations: readonly RegistrationSpan[] | undefined;
  readonly nexusNotes?: ReadonlyMap<string, string> | undefined;
}

/** Test mode always collects (docs/decisions.md): nothing to look up. */
const TEST_MODE: CollectionFacts = { registrations: undefined };

/**
 * The registrations and nexus notes of a live calculation: answered at once from what the
 * engine keeps, except on the first live calculation of an account in a process (or when
 * registrations are due a fresh read), so the common checkout waits for nothing.
 */
export function collectionFacts(deps: EngineDeps, tenant: Tenant): CollectionFacts | Promise<CollectionFacts> {
  if (tenant.mode !== 'live') return TEST_MODE;
  return after(deps.registrationBook.spansFor(tenant), (registrations) => {
    if (registrations === undefined) return { registrations };
    return after(deps.nexus.notesFor(tenant), (nexusNotes) => ({ registrations, nexusNotes }));
  });
}
