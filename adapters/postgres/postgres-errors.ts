/**
 * How the PostgreSQL adapter reads the errors node-postgres throws: which ones mean "the
 * server or the connection went away" (retry when that is safe), which mean "another
 * transaction won a race, try again", which name a unique index, and how whatever remains
 * becomes the port's STORAGE_UNAVAILABLE.
 *
 * @module
 */
import { isTaxError, TaxError } from '../../src/core/errors.ts';

/**
 * Carries what a planner or an update callback threw out through the transaction (which rolls
 * back on the way), so it reaches the caller as it was instead of being taken for a driver
 * failure, and is never retried.
 */
export class PlannerFailure {
  constructor(readonly thrown: unknown) {}
}

/** Calls a planner or an update callback; whatever it throws propagates unchanged. */
export function callPlanner<T>(plan: () => T): T {
  try {
    return plan();
  } catch (thrown) {
    throw new PlannerFailure(thrown);
  }
}

/** The SQLSTATE of a server error, or the errno code of a socket error. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Server shutting down (57P01 admin, 57P02 crash), starting up or in recovery (57P03), a
 * connection exception (class 08), or node-postgres's own words for a socket that closed or a
 * connect that timed out. None of these means the statement was refused for what it is.
 */
export function isConnectionFailure(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined) {
    if (SOCKET_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') {
      return true;
    }
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Query read timeout|not queryable/i.test(
    message,
  );
}

/** Another transaction won: a serialization failure or a deadlock; the whole transaction may run again. */
export function isRaceLost(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40001' || code === '40P01';
}

/**
 * The name of the unique index or constraint `error` violates, or `undefined` when it is not a
 * unique violation (23505).
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (codeOf(error) !== '23505') return undefined;
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : '';
}

/**
 * What a failed store call rejects with: a planner's error and a `TaxError` pass through;
 * anything else (a lost connection, a timeout, a corrupt row) becomes STORAGE_UNAVAILABLE with
 * the original as `cause`.
 */
export function toStoreError(thrown: unknown): unknown {
  if (thrown instanceof PlannerFailure) return thrown.thrown;
  if (isTaxError(thrown)) return thrown;
  return storageUnavailable(thrown);
}

/** STORAGE_UNAVAILABLE (503) for `cause`, with its reason in the message. */
export function storageUnavailable(cause: unknown, what = 'The PostgreSQL store failed'): TaxError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new TaxError('STORAGE_UNAVAILABLE', `${what}: ${reason}`, { cause });
}
