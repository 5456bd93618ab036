import { describe, expect, it } from 'vitest';
import { createKeyRing } from '../../src/http/create-key-ring.ts';
import { generateAccountKeys } from '../../src/http/generate-account-keys.ts';
import { ACCOUNT_A, ACCOUNT_B } from '../helpers/http-fixtures.ts';

describe('generateAccountKeys', () => {
  it('makes four distinct keys with the documented prefixes', () => {
    const keys = generateAccountKeys();
    expect(keys.secretTest).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(keys.secretLive).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(keys.publicTest).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(keys.publicLive).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    const seen = new Set<string>();
    for (let index = 0; index < 200; index++) for (const key of Object.values(generateAccountKeys())) seen.add(key);
    expect(seen.size).toBe(800);
  });

  it('uses the whole alphabet', () => {
    const characters = new Set<string>();
    for (let index = 0; index < 200; index++)
      for (const character of generateAccountKeys().secretTest.slice(8)) characters.add(character);
    expect(characters.size).toBe(62);
  });
});

describe('createKeyRing', () => {
  const ring = createKeyRing([ACCOUNT_A, ACCOUNT_B]);

  it('maps each key to its account, mode and kind', () => {
    expect(ring.authenticate(`Bearer ${ACCOUNT_A.keys.secretTest}`)).toMatchObject({
      tenant: { accountId: 'acct_a', mode: 'test' },
      kind: 'secret',
    });
    expect(ring.authenticate(`Bearer ${ACCOUNT_B.keys.secretLive}`)).toMatchObject({
      tenant: { accountId: 'acct_b', mode: 'live' },
      kind: 'secret',
    });
    expect(ring.authenticate(`Bearer ${ACCOUNT_B.keys.publicTest}`)).toMatchObject({
      tenant: { accountId: 'acct_b', mode: 'test' },
      kind: 'public',
    });
  });

  it('names keys by digest, never by the key itself', () => {
    const caller = ring.authenticate(`Bearer ${ACCOUNT_A.keys.secretTest}`);
    expect(caller.keyId).not.toContain(ACCOUNT_A.keys.secretTest);
    expect(caller.keyId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(caller)).not.toContain('aaaa');
  });

  it('refuses what is not a known key', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      `Token ${ACCOUNT_A.keys.secretTest}`,
      `Bearer ${ACCOUNT_A.keys.secretTest.toUpperCase()}`,
    ]) {
      expect(() => ring.authenticate(header)).toThrow(expect.objectContaining({ type: 'UNAUTHORIZED', status: 401 }));
    }
  });

  it('allows accounts without public keys', () => {
    const single = createKeyRing([
      { id: 'solo', keys: { secretTest: 'sk_test_12345678', secretLive: 'sk_live_12345678' } },
    ]);
    expect(single.authenticate('Bearer sk_live_12345678').tenant).toEqual({ accountId: 'solo', mode: 'live' });
  });

  it('refuses a bad configuration', () => {
    expect(() => createKeyRing([ACCOUNT_A, ACCOUNT_A])).toThrow(/used twice/);
    expect(() => createKeyRing([{ id: '', keys: ACCOUNT_A.keys }])).toThrow(/non-empty id/);
    expect(() =>
      createKeyRing([{ id: 'x', keys: { secretTest: 'sk_test_same_key', secretLive: 'sk_test_same_key' } }]),
    ).toThrow(/already in use/);
    expect(() =>
      createKeyRing([{ id: 'x', keys: { secretTest: 'sk test with spaces', secretLive: 'sk_live_12345678' } }]),
    ).toThrow(TypeError);
  });
});
