import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createKeyRing } from '../../src/http/create-key-ring.ts';
import { ACCOUNT_A } from '../helpers/http-fixtures.ts';

// Counts the SHA-256 hashes the key ring computes; everything else of node:crypto is real.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, hash: vi.fn(actual.hash) };
});

describe('createKeyRing hashing', () => {
  it('hashes a key once, however often it is presented, and every guess each time', () => {
    const ring = createKeyRing([ACCOUNT_A]);
    const hash = vi.mocked(crypto.hash);
    hash.mockClear();
    const header = `Bearer ${ACCOUNT_A.keys.secretTest}`;
    for (let index = 0; index < 100; index += 1) {
      expect(ring.authenticate(header).tenant).toEqual({ accountId: ACCOUNT_A.id, mode: 'test' });
    }
    expect(hash).toHaveBeenCalledTimes(1);

    const guess = `Bearer ${ACCOUNT_A.keys.secretTest.slice(0, -1)}x`;
    for (let index = 0; index < 3; index += 1) expect(() => ring.authenticate(guess)).toThrow('Invalid API key.');
    expect(hash).toHaveBeenCalledTimes(4);
  });

  it('keeps answering for verified keys after more spellings than it remembers', () => {
    const ring = createKeyRing([ACCOUNT_A]);
    for (let spaces = 1; spaces <= 1_100; spaces += 1) {
      const header = `Bearer${' '.repeat(1 + (spaces % 200))}${ACCOUNT_A.keys.secretLive}${' '.repeat(spaces % 7)}`;
      expect(ring.authenticate(header).tenant.mode).toBe('live');
    }
    expect(ring.authenticate(`Bearer ${ACCOUNT_A.keys.secretTest}`).tenant.mode).toBe('test');
  });
});
