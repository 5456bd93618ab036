import type { Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';

/**
 * The engine's clock for `tenant` in whole Unix seconds (what records store), with the
 * milliseconds ids are stamped with: test mode reads the test clock (a harness's, which a test
 * key may move), live mode the engine's own, so a test key never dates a live sale.
 */
export function callTime(deps: EngineDeps, tenant: Tenant): { readonly nowMs: number; readonly now: number } {
  const nowMs = tenant.mode === 'test' ? deps.testClock.now() : deps.clock.now();
  return { nowMs, now: Math.floor(nowMs / 1000) };
}

/**
 * The time the sweep of expired calculations, which runs over every tenant, goes by: the
 * earlier of the two clocks, so a test clock moved forward never deletes a live calculation
 * before its time (nor a test one, when the test clock is moved back).
 */
export function sweepTime(deps: EngineDeps): number {
  // One read when there is one clock (the usual engine): this runs on every calculation.
  const nowMs = deps.testClock === deps.clock ? deps.clock.now() : Math.min(deps.clock.now(), deps.testClock.now());
  return Math.floor(nowMs / 1000);
}
