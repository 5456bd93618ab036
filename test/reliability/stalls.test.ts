import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { compileRateIndex, compileRateIndexSteps } from '../../src/core/rates/compile-rate-index.ts';
import { loadDefaultRateTables } from '../../src/defaults/load-default-rate-tables.ts';
import { createCalculationSweeper, SWEEP_PAUSE_MS } from '../../src/operations/create-calculation-sweeper.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';
import { generateAvalaraFixture } from '../helpers/avalara-fixture.ts';
import { makeCalculation, TENANT } from '../helpers/records.ts';

describe('housekeeping never holds the event loop for long', () => {
  it('a rate table compiles in many small steps to the same index as in one piece', async () => {
    const store = createMemoryStore();
    const files = generateAvalaraFixture({ states: ['WA', 'TX'], vintages: ['202604'] });
    await importRates({ store, inputs: files.map(({ fileName, text }) => ({ fileName, text })) });
    const loaded = await store.loadRateTables();
    const tables = [...loadDefaultRateTables(), ...loaded.tables.map((record) => record.table)];
    const locations = tables.reduce((sum, table) => sum + table.locations.length, 0);
    const whole = compileRateIndex(tables);
    const steps = compileRateIndexSteps(tables);
    let pauses = 0;
    let step = steps.next();
    while (step.done !== true) {
      pauses += 1;
      step = steps.next();
    }
    // At least one pause per 64 locations: each step is a small share of the work.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(locations / 64));
    expect(step.value.snapshot).toBe(whole.snapshot);
    expect([...step.value.keys.keys()]).toEqual([...whole.keys.keys()]);
    for (const [key, timeline] of whole.keys) {
      expect(step.value.keys.get(key)?.rates.map((rate) => rate.rate)).toEqual(timeline.rates.map((rate) => rate.rate));
    }
  });

  it('the sweep pauses between batches, so another writer gets the lock', async () => {
    const store = createMemoryStore();
    for (let index = 0; index < 600; index += 1) {
      await store.insertCalculation(TENANT, makeCalculation({ createdAt: 1_000 + index, expiresAt: 2_000 }));
    }
    const calls: number[] = [];
    const watched = Object.create(store) as typeof store;
    watched.deleteCalculationsExpiredBefore = async (before, limit) => {
      calls.push(performance.now());
      return store.deleteCalculationsExpiredBefore(before, limit);
    };
    const sweeper = createCalculationSweeper(watched, 0);
    sweeper.request(10_000);
    await sweeper.idle();
    expect(store.stats().calculations).toBe(0);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < calls.length; index += 1) {
      expect((calls[index] as number) - (calls[index - 1] as number)).toBeGreaterThanOrEqual(SWEEP_PAUSE_MS - 2);
    }
  });
});
