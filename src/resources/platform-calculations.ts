import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createPlatformCalculation } from '../operations/platform-calculations.ts';
import { withFields } from '../wire/field-map.ts';
import { parsePlatformCalculationInput, platformCalculationFields } from '../wire/platform-calculation-input.ts';
import { serializePlatformCalculation } from '../wire/serialize-platform-calculation.ts';
import { callScope } from './call-scope.ts';

export interface PlatformCalculationsResource {
  /**
   * POST /tax/platform/calculations (2026-01-01+): tax on a merchant's sale through the platform.
   * `amount` is the unit price (taxable base = amount × quantity). Platform fees in
   * `fee_details` are taxed at the merchant's location, since the fee is the platform's sale to
   * the merchant.
   */
  create(body: unknown, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createPlatformCalculationsResource(deps: EngineDeps): PlatformCalculationsResource {
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const input = parsePlatformCalculationInput(body, { version, taxDate: context?.taxDate });
      const calculation = await withFields(platformCalculationFields, () =>
        createPlatformCalculation(deps, tenant, input),
      );
      return serializePlatformCalculation(calculation, version, tenant.mode);
    },
  };
}
