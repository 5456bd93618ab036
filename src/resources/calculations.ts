import { buildCalculation } from '../core/build-calculation.ts';
import { TaxError } from '../core/errors.ts';
import { replayCalculation } from '../core/replay-calculation.ts';
import type { Calculation, Metadata, Tenant } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import type { ApiVersion } from '../wire/api-version.ts';
import { callScope, callTime } from './call-scope.ts';
import type { CalculationRequest } from '../wire/calculation-request.ts';
import { parseCalculationRequest } from '../wire/fast-calculation-request.ts';
import { applyCalculationVersionRules } from '../wire/version-rules.ts';
import { serializeCalculation } from '../wire/serialize-calculation.ts';
import { checkedAddress } from './checked-address.ts';
import { resolveCalculationCustomer, resolveCustomerPlace } from './resolve-customer-place.ts';
import { refuseStoredReferences } from './refuse-stored-references.ts';
import { resolveLines } from './resolve-lines.ts';

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
  return {
    async create(body, context) {
      const { tenant, version } = callScope(deps, context);
      const calculation = await calculate(deps, tenant, version, body, context?.publicKey === true, context?.taxDate);
      await deps.store.insertCalculation(tenant, calculation);
      deps.sweeper.request(calculation.createdAt);
      return serializeCalculation(calculation, version, tenant.mode);
    },
    async replay(id, context) {
      const { tenant, version } = callScope(deps, context);
      const stored = await deps.store.getCalculation(tenant, id);
      if (stored === undefined) {
        throw new TaxError('CALCULATION_NOT_FOUND', `No calculation ${id}.`, { details: { field: 'id' } });
      }
      const index = await deps.rates.snapshot(stored.rateSnapshot);
      if (index === undefined) {
        throw new TaxError(
          'STORAGE_UNAVAILABLE',
          `Rate snapshot ${stored.rateSnapshot} of calculation ${id} is not in the store, so it cannot be replayed.`,
        );
      }
      return serializeCalculation(
        replayCalculation(stored, index, tenant.mode, deps.registrations),
        version,
        tenant.mode,
      );
    },
  };
}

async function calculate(
  deps: EngineDeps,
  tenant: Tenant,
  version: ApiVersion,
  body: unknown,
  publicKey: boolean,
  taxDate: number | undefined,
): Promise<Calculation> {
  const request = parseCalculationRequest(body);
  if (publicKey) refuseStoredReferences(request);
  const { nowMs, now } = callTime(deps);
  const currency = applyCalculationVersionRules(request, version);
  const rates = await deps.rates.current();
  const place = resolveCustomerPlace(deps, request.customer, rates);
  const customer = await resolveCalculationCustomer(deps, tenant, request.customer);
  const lines = await resolveLines(
    deps,
    tenant,
    request.order_details.line_items,
    nowMs,
    'order_details.line_items',
    false,
  );
  const origin =
    request.origin_address === undefined
      ? deps.defaultOrigin
      : checkedAddress(deps, request.origin_address, 'origin_address', rates.keys);
  return buildCalculation(
    {
      id: deps.ids.next('calc', nowMs),
      kind: 'standard',
      createdAt: now,
      taxDate: request.tax_date ?? taxDate ?? now,
      lifetimeSeconds: deps.calculationLifetimeSeconds,
      mode: tenant.mode,
      currency,
      taxIncluded: request.order_details.tax_included_in_amount,
      automaticTax: request.order_details.automatic_tax ?? 'auto',
      customer,
      place,
      origin,
      lines,
      metadata: (request.metadata ?? {}) as Metadata,
      registrations: deps.registrations,
    },
    rates,
  );
}
