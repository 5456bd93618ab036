import { registrationSpans, type RegistrationSpan, seedSpans } from '../core/registrations/registration-spans.ts';
import type { Tenant } from '../core/types.ts';
import type { Clock } from '../ports/clock.ts';
import type { TaxStore } from '../ports/store.ts';

/** Where and when an account collects, as calculations need it, kept per account and mode. */
export interface RegistrationBook {
  /**
   * The tenant's registration spans: its records when it has any, else the engine option's
   * places (active always), else `undefined` (collect everywhere). Answers at once from what it
   * read within `checkIntervalMs`; otherwise reads the store (one indexed read of a few rows).
   */
  spansFor(tenant: Tenant): readonly RegistrationSpan[] | undefined | Promise<readonly RegistrationSpan[] | undefined>;
  /** Drops what was read for `tenant`, after a registration was written through this engine. */
  forget(tenant: Tenant): void;
}

export interface RegistrationBookOptions {
  readonly store: TaxStore;
  readonly clock: Clock;
  /** The engine option `registrations`: places collected in by an account with no records of its own. */
  readonly seeds: readonly string[] | undefined;
  /** How long a read serves calculations before the store is asked again (other processes may write). */
  readonly checkIntervalMs: number;
}

type Spans = readonly RegistrationSpan[] | undefined;

/** A {@link RegistrationBook} over the store: registrations are written rarely and read on every live calculation. */
export function createRegistrationBook(options: RegistrationBookOptions): RegistrationBook {
  const seeded: Spans = options.seeds === undefined ? undefined : seedSpans(options.seeds);
  const read = new Map<string, { readonly spans: Spans; readonly atMs: number }>();
  const keyOf = (tenant: Tenant) => `${tenant.mode}:${tenant.accountId}`;
  return {
    spansFor(tenant) {
      const key = keyOf(tenant);
      const nowMs = options.clock.now();
      const cached = read.get(key);
      if (cached !== undefined && nowMs - cached.atMs < options.checkIntervalMs) return cached.spans;
      return options.store.listRegistrations(tenant).then((records) => {
        const spans = records.length > 0 ? registrationSpans(records) : seeded;
        read.set(key, { spans, atMs: nowMs });
        return spans;
      });
    },
    forget(tenant) {
      read.delete(keyOf(tenant));
    },
  };
}
