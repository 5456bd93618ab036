/* eslint-disable no-await-in-loop -- batches run one after another on purpose */
import { expect } from 'vitest';
import { LIVE_MODE, makeCalculation, nextId, TENANT } from '../helpers/records.ts';
import type { SuiteContext } from './suite-context.ts';

/** The engine sweeps expired calculations in small batches: `limit` bounds each call. */
export function describeHousekeepingCases({ store, test }: SuiteContext): void {
  test('housekeeping with a limit deletes at most that many expired calculations per call', async () => {
    const expired = Array.from({ length: 5 }, (_, index) =>
      makeCalculation({ id: nextId('calc'), expiresAt: 1_000 + index }),
    );
    const current = makeCalculation({ id: nextId('calc'), expiresAt: 5_000 });
    for (const [index, calculation] of expired.entries()) {
      await store().insertCalculation(index % 2 === 0 ? TENANT : LIVE_MODE, calculation);
    }
    await store().insertCalculation(TENANT, current);
    const counts: number[] = [];
    for (let round = 0; round < 4; round += 1) counts.push(await store().deleteCalculationsExpiredBefore(2_000, 2));
    expect(counts).toEqual([2, 2, 1, 0]);
    for (const [index, calculation] of expired.entries()) {
      expect(await store().getCalculation(index % 2 === 0 ? TENANT : LIVE_MODE, calculation.id)).toBeUndefined();
    }
    expect(await store().getCalculation(TENANT, current.id)).toStrictEqual(current);
    expect(await store().deleteCalculationsExpiredBefore(6_000, 0)).toBe(0);
    expect(await store().getCalculation(TENANT, current.id)).toStrictEqual(current);
  });
}
