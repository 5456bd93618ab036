import { describe, expect, it } from 'vitest';
import { loadWithPeers } from '../../adapters/shared/load-with-peers.ts';

describe('an adapter entry whose optional peer is missing', () => {
  it('says which package to install instead of a bare module-not-found', async () => {
    const missing = 'taxkit-test-peer-that-is-not-installed';
    const error = await loadWithPeers('taxkit/example', ['drizzle-orm', missing], () => import(missing)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `taxkit/example needs the package ${missing}, an optional peer dependency of taxkit that is not installed. ` +
        `Install it with: npm install drizzle-orm ${missing}`,
    );
    expect((error as Error).cause).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
  });

  it('passes any other failure through, and a loaded module as it is', async () => {
    const failure = new Error('the adapter itself failed');
    await expect(loadWithPeers('taxkit/example', ['pg'], () => Promise.reject(failure))).rejects.toBe(failure);
    expect(await loadWithPeers('taxkit/example', ['pg'], () => Promise.resolve(42))).toBe(42);
    const store = await import('../../adapters/sqlite/index.ts');
    expect(typeof store.createSqliteStore).toBe('function');
  });
});
