import type { NexusNotes } from '../core/build-calculation.ts';
import type { RegistrationSpan } from '../core/registrations/registration-spans.ts';
import type { Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { after } from './after.ts';

/** What decides where a calculation collects: the registrations and the nexus notes. */
export interface CollectionFacts {
  readonly registrations: readonly RegistrationSpan[] | undefined;
  readonly nexusNotes?: NexusNotes | undefined;
}

/** Test mode always collects (docs/decisions.md): nothing to look up. */
const TEST_MODE: CollectionFacts = { registrations: undefined };

/**
 * The registrations and nexus notes of a live calculation: answered at once from what the
 * engine keeps, except when registrations are due a fresh read (a read of a few rows). The nexus
 * notes never wait for a count of the ledger (see createNexusMonitor).
 */
export function collectionFacts(deps: EngineDeps, tenant: Tenant): CollectionFacts | Promise<CollectionFacts> {
  if (tenant.mode !== 'live') return TEST_MODE;
  return after(deps.registrationBook.spansFor(tenant), (registrations) => {
    if (registrations === undefined) return { registrations };
    return after(deps.nexus.notesFor(tenant), (nexusNotes) => ({ registrations, nexusNotes }));
  });
}
