import { hash, timingSafeEqual } from 'node:crypto';
import { TaxError } from '../core/errors.ts';
import type { Mode, Tenant } from '../core/types.ts';
import type { HttpAccount } from './http-options.ts';

export type KeyKind = 'secret' | 'public';

/** Who is calling, as the API key says. */
export interface Caller {
  readonly tenant: Tenant;
  readonly kind: KeyKind;
  /** SHA-256 of the key (base64url): names the key in rate-limit buckets without holding it. */
  readonly keyId: string;
}

export interface KeyRing {
  /**
   * Reads an `Authorization` header value. Throws 401 UNAUTHORIZED when it is missing, is not
   * `Bearer <key>`, or names no known key.
   */
  authenticate(authorization: string | undefined): Caller;
}

interface KeyEntry {
  readonly digest: Buffer;
  readonly caller: Caller;
}

/** Verified Authorization headers remembered; past it the memory starts afresh. */
const MAX_VERIFIED_HEADERS = 1_024;
/** Longer presented keys are refused without hashing; generated keys are 40 characters. */
const MAX_KEY_LENGTH = 256;
const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

/**
 * Indexes the accounts' keys by their SHA-256 digest. A presented key is hashed and looked up
 * by digest, then the digests are compared with `timingSafeEqual`: the lookup's timing depends
 * only on the digest, which a caller cannot steer towards a real key, so no timing reveals how
 * much of a guessed key was right. Keys are kept only as digests and never logged.
 *
 * @throws TypeError when an account id or key is empty or a key is used twice.
 */
export function createKeyRing(accounts: readonly HttpAccount[]): KeyRing {
  const entries = new Map<string, KeyEntry>();
  const accountIds = new Set<string>();
  for (const account of accounts) {
    if (typeof account.id !== 'string' || account.id === '')
      throw new TypeError('taxkit: every account needs a non-empty id.');
    if (accountIds.has(account.id)) throw new TypeError(`taxkit: account id "${account.id}" is used twice.`);
    accountIds.add(account.id);
    const slots: [string | undefined, Mode, KeyKind, string][] = [
      [account.keys.secretTest, 'test', 'secret', 'secretTest'],
      [account.keys.secretLive, 'live', 'secret', 'secretLive'],
      [account.keys.publicTest, 'test', 'public', 'publicTest'],
      [account.keys.publicLive, 'live', 'public', 'publicLive'],
    ];
    for (const [key, mode, kind, slot] of slots) {
      if (key === undefined && kind === 'public') continue;
      if (typeof key !== 'string' || !/^[\x21-\x7e]{8,256}$/.test(key)) {
        throw new TypeError(
          `taxkit: account "${account.id}" keys.${slot} must be 8 to 256 printable ASCII characters.`,
        );
      }
      const keyId = sha256(key);
      if (entries.has(keyId)) throw new TypeError(`taxkit: account "${account.id}" keys.${slot} is already in use.`);
      entries.set(keyId, {
        digest: Buffer.from(keyId, 'base64url'),
        caller: { tenant: { accountId: account.id, mode }, kind, keyId },
      });
    }
  }

  // Authorization headers that authenticated, so each key is hashed once, not on every request.
  // Only verified headers go in (a guess never does), and the ring is fixed, so none goes stale.
  // A Map lookup compares the whole header only when its hash matches a verified one: what that
  // timing could tell is that a header is verified, which the answer says anyway.
  const verified = new Map<string, Caller>();

  return {
    authenticate(authorization) {
      const known = authorization === undefined ? undefined : verified.get(authorization);
      if (known !== undefined) return known;
      if (authorization === undefined || authorization === '') {
        throw new TaxError('UNAUTHORIZED', 'Missing API key: send the header "Authorization: Bearer <api key>".');
      }
      const match = authorization.length <= MAX_KEY_LENGTH + 16 ? BEARER.exec(authorization) : null;
      const key = match?.[1];
      if (key === undefined || key.length > MAX_KEY_LENGTH) {
        throw new TaxError('UNAUTHORIZED', 'Malformed Authorization header: expected "Bearer <api key>".');
      }
      const keyId = sha256(key);
      const entry = entries.get(keyId);
      if (entry === undefined || !timingSafeEqual(entry.digest, Buffer.from(keyId, 'base64url'))) {
        throw new TaxError('UNAUTHORIZED', 'Invalid API key.');
      }
      // Spelling variants of a key ("bearer", extra spaces) are finitely many, but bound them anyway.
      if (verified.size >= MAX_VERIFIED_HEADERS) verified.clear();
      verified.set(authorization, entry.caller);
      return entry.caller;
    },
  };
}

/** SHA-256 as base64url; `crypto.hash` is several times faster than `createHash` for short input. */
function sha256(text: string): string {
  return hash('sha256', text, 'base64url');
}
