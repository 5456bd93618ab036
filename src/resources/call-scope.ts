import type { Tenant } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { LATEST_API_VERSION, type ApiVersion } from '../wire/api-version.ts';

/** Whose records and which version's shapes a call works with: its context, else the engine's defaults. */
export function callScope(
  deps: EngineDeps,
  context: CallContext = {},
): { readonly tenant: Tenant; readonly version: ApiVersion } {
  return { tenant: context.tenant ?? deps.defaultTenant, version: context.version ?? LATEST_API_VERSION };
}

/** The engine's clock as the wire's Unix seconds, with the milliseconds ids are stamped with. */
export function callTime(deps: EngineDeps): { readonly nowMs: number; readonly now: number } {
  const nowMs = deps.clock.now();
  return { nowMs, now: Math.floor(nowMs / 1000) };
}
