import type { Mode, Tenant } from '../core/types.ts';
import { createTaxEngine, type TaxEngine } from '../engine.ts';
import type { TaxStore } from '../ports/store.ts';
import type { CliIo } from './cli-io.ts';
import { chooseStore, openChosenStore, type StoreArgs } from './choose-store.ts';
import { SERVE_ACCOUNT_ID } from './serve-account.ts';
import { UsageError } from './usage-error.ts';

/** An engine over the store `taxkit serve` would use, and the serve account's tenant in `mode`. */
export interface AccountEngine {
  readonly engine: TaxEngine;
  readonly tenant: Tenant;
  close(): Promise<void>;
}

/**
 * Opens the store chosen as `taxkit serve` chooses it (`--db`, `--postgres`,
 * TAXKIT_POSTGRES_URL, else .taxkit/taxkit.db) and an engine over it for the serve account.
 * `sellerCountry` is where the seller is established (for the EU and UK thresholds).
 */
export async function openAccountEngine(
  args: StoreArgs & { readonly mode?: string | undefined },
  io: CliIo,
  sellerCountry: string | undefined,
): Promise<AccountEngine> {
  const mode = args.mode ?? 'live';
  if (mode !== 'live' && mode !== 'test') throw new UsageError(`--mode must be live or test (got "${mode}").`);
  if (sellerCountry !== undefined && !/^[A-Z]{2}$/.test(sellerCountry)) {
    throw new UsageError(`--seller-country must be an ISO 3166-1 alpha-2 code (got "${sellerCountry}").`);
  }
  const store: TaxStore | undefined = await openChosenStore(chooseStore(args, io.env, io.cwd));
  if (store === undefined) throw new UsageError('this command reads a database: --db or --postgres.');
  const engine = createTaxEngine({
    store,
    ...(sellerCountry === undefined
      ? {}
      : {
          defaultOrigin: { line1: '', line2: '', city: '', province: '', postalCode: '', country: sellerCountry },
        }),
  });
  return { engine, tenant: { accountId: SERVE_ACCOUNT_ID, mode: mode as Mode }, close: () => engine.close() };
}

/** Unix seconds of "YYYY-MM-DD" (its start, or its last second with `endOfDay`) or of a number of seconds. */
export function parseCliDate(text: string, option: string, endOfDay = false): number {
  if (/^\d{1,12}$/.test(text)) return Number(text);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const start = match === null ? Number.NaN : Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000;
  if (match === null || Number.isNaN(start) || new Date(start * 1000).toISOString().slice(0, 10) !== text) {
    throw new UsageError(`${option} must be a date YYYY-MM-DD or Unix seconds (got "${text}").`);
  }
  return endOfDay ? start + 86_399 : start;
}
