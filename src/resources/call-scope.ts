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
