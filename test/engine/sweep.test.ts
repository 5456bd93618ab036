/* eslint-disable no-await-in-loop -- inserts run one after another on purpose */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { SWEEP_BATCH_SIZE } from '../../src/operations/create-calculation-sweeper.ts';
import { calculationBody, createTestEngine, TEST_NOW_MS, TEST_TENANT } from '../helpers/engine-fixtures.ts';
import { makeCalculation } from '../helpers/records.ts';

const NOW = TEST_NOW_MS / 1000;

/** A memory store whose sweeps are recorded, and held until `release()` when `hold` is set. */
function observedStore(hold: boolean) {
  const inner = createMemoryStore();
  const limits: (number | undefined)[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const store: TaxStore = {
    ...inner,
    async deleteCalculationsExpiredBefore(before, limit) {
      limits.push(limit);
      if (hold) await gate;
      return inner.deleteCalculationsExpiredBefore(before, limit);
    },
  };
  return { store, inner, limits, release };
}

describe('the sweep of expired calculations', () => {
  it('runs off the request path: a calculation is answered while the sweep is still deleting', async () => {
    const { store, limits, release } = observedStore(true);
    const { engine } = createTestEngine({ store });
    const answered = engine.calculations.create(calculationBody()).then(() => 'answered');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('waited for the sweep'), 1_000));
    expect(await Promise.race([answered, timeout])).toBe('answered');
    release();
    await engine.whenIdle();
    expect(limits).toEqual([SWEEP_BATCH_SIZE]);
  });

  it(`deletes in batches of ${SWEEP_BATCH_SIZE}, until none is left`, async () => {
    const { store, inner, limits } = observedStore(false);
    const count = SWEEP_BATCH_SIZE * 2 + 17;
    for (let index = 0; index < count; index += 1) {
      await inner.insertCalculation(TEST_TENANT, makeCalculation({ id: `calc_old_${index}`, expiresAt: 1_000 }));
    }
    const { engine } = createTestEngine({ store });
    await engine.calculations.create(calculationBody());
    await engine.whenIdle();
    expect(limits).toEqual([SWEEP_BATCH_SIZE, SWEEP_BATCH_SIZE, SWEEP_BATCH_SIZE]);
    expect(await inner.deleteCalculationsExpiredBefore(NOW)).toBe(0);
    expect(await inner.getCalculation(TEST_TENANT, 'calc_old_0')).toBeUndefined();
  });

  it('a failing sweep is never the caller’s error, and the next calculation retries it', async () => {
    const inner = createMemoryStore();
    let failures = 1;
    let sweeps = 0;
    const store: TaxStore = {
      ...inner,
      async deleteCalculationsExpiredBefore(before, limit) {
        sweeps += 1;
        if (failures > 0) {
          failures -= 1;
          throw new Error('database is locked');
        }
        return inner.deleteCalculationsExpiredBefore(before, limit);
      },
    };
    const { engine } = createTestEngine({ store });
    await expect(engine.calculations.create(calculationBody())).resolves.toHaveProperty('id');
    await engine.whenIdle();
    await engine.calculations.create(calculationBody());
    await engine.whenIdle();
    expect(sweeps).toBe(2);
    // Swept successfully: the next sweep waits an hour.
    await engine.calculations.create(calculationBody());
    await engine.whenIdle();
    expect(sweeps).toBe(2);
  });

  it('close() waits for the running batch and starts no other', async () => {
    const { store, limits, release } = observedStore(true);
    const { engine } = createTestEngine({ store });
    await engine.calculations.create(calculationBody());
    await new Promise((resolve) => setImmediate(resolve));
    const closing = engine.close();
    release();
    await closing;
    expect(limits).toEqual([SWEEP_BATCH_SIZE]);
  });
});
