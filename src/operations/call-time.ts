import type { EngineDeps } from '../engine-deps.ts';

/** The engine's clock in whole Unix seconds (what records store), with the milliseconds ids are stamped with. */
export function callTime(deps: EngineDeps): { readonly nowMs: number; readonly now: number } {
  const nowMs = deps.clock.now();
  return { nowMs, now: Math.floor(nowMs / 1000) };
}
