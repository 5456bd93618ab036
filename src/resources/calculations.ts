import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createCalculation, replayCalculation } from '../operations/calculations.ts';
import type { CalculationRequest } from '../wire/calculation-request.ts';
import { calculationFields, parseCalculationInput } from '../wire/calculation-input.ts';
import { withFields, withFieldsNow } from '../wire/field-map.ts';
import { serializeCalculation } from '../wire/serialize-calculation.ts';
import { callScope } from './call-scope.ts';

export interface CalculationsResource {
  /**
   * POST /tax/calculations: tax for a customer location and line items (docs/interface.md §4.1). Records the
   * calculation so a transaction can be made from it until `expires_at`; records no sale.
   *
   * @example
   * const calculation = await engine.calculations.create({
   *   customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' } },
   *   order_details: {
   *     customer_currency_code: 'USD',
   *     tax_included_in_amount: false,
   *     line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 200, quantity: 2 }],
   *   },
   * });
   * calculation.total_tax_amount; // 14
   */
  create(request: CalculationRequest | unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /**
   * POST /tax/calculations/{id}/replay (taxkit extension, docs/rates.md): recomputes a stored
   * calculation with the rate snapshot it used (`rates_snapshot`) and returns it as `create`
   * did: same line items and totals, even after newer rate tables were imported. Records
   * nothing. Standard calculations only.
   *
   * @throws TaxError CALCULATION_NOT_FOUND; INVALID_VALUE for a platform calculation.
   */
  replay(id: string, context?: CallContext): Promise<Record<string, unknown>>;
}

export function createCalculationsResource(deps: EngineDeps): CalculationsResource {
  // Each method: parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    // Not `async`: the common checkout waits for nothing (the rate index is loaded, no stored
    // customer or product, a store that keeps the calculation at once), and then the whole call
    // runs in this turn and pays for one settled promise instead of one per layer.
    create(body, context) {
      try {
        const { tenant, version } = callScope(deps, context);
        const input = parseCalculationInput(body, {
          version,
          publicKey: context?.publicKey === true,
          taxDate: context?.taxDate,
        });
        const calculation = withFieldsNow(calculationFields, () => createCalculation(deps, tenant, input));
        return calculation instanceof Promise
          ? calculation.then((done) => serializeCalculation(done, version, tenant.mode))
          : Promise.resolve(serializeCalculation(calculation, version, tenant.mode));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    async replay(id, context) {
      const { tenant, version } = callScope(deps, context);
      const calculation = await withFields(calculationFields, () => replayCalculation(deps, tenant, id));
      return serializeCalculation(calculation, version, tenant.mode);
    },
  };
}
