import { randomBytes } from 'node:crypto';
import type { AccountKeys } from './http-options.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base-62 characters: about 190 bits of randomness. */
const RANDOM_LENGTH = 32;

/**
 * Four fresh random keys for one account: `sk_test_…`, `sk_live_…`, `pk_test_…`, `pk_live_…`.
 * Only letters and digits after the prefix, so a double-click selects a whole key.
 *
 * @example
 * const keys = generateAccountKeys();
 * createFetchHandler(engine, { accounts: [{ id: 'acct_1', keys }] });
 */
export function generateAccountKeys(): Required<AccountKeys> {
  return {
    secretTest: `sk_test_${randomText(RANDOM_LENGTH)}`,
    secretLive: `sk_live_${randomText(RANDOM_LENGTH)}`,
    publicTest: `pk_test_${randomText(RANDOM_LENGTH)}`,
    publicLive: `pk_live_${randomText(RANDOM_LENGTH)}`,
  };
}

function randomText(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: dropping bytes at or above it keeps every character equally likely.
      if (byte < 248 && text.length < length) text += ALPHABET[byte % 62];
    }
  }
  return text;
}
