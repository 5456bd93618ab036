import { buildCalculation } from '../core/build-calculation.ts';
import { TaxError } from '../core/errors.ts';
import { resolveAddress } from '../core/location/resolve-address.ts';
import type { Address, Calculation, Merchant, Metadata, Tenant } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import type { ApiVersion } from '../wire/api-version.ts';
import { callScope, callTime } from './call-scope.ts';
import { applyCalculationVersionRules, requirePlatformVersion } from '../wire/version-rules.ts';
import { parseBody } from '../wire/parse-body.ts';
import { platformCalculationRequestSchema } from '../wire/platform-calculation-request.ts';
import { serializePlatformCalculation } from '../wire/serialize-platform-calculation.ts';
import { atField } from '../wire/at-field.ts';
import { checkedAddress } from './checked-address.ts';
import { resolveCalculationCustomer, resolveCustomerPlace } from './resolve-customer-place.ts';
import { merchantNotFound } from './merchants.ts';
import { resolveLines } from './resolve-lines.ts';

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
      requirePlatformVersion(version, 'POST /tax/platform/calculations');
      const calculation = await calculatePlatform(deps, tenant, version, body, context);
      await deps.store.insertCalculation(tenant, calculation);
      deps.sweeper.request(calculation.createdAt);
      return serializePlatformCalculation(calculation, version, tenant.mode);
    },
  };
}

async function calculatePlatform(
  deps: EngineDeps,
  tenant: Tenant,
  version: ApiVersion,
  body: unknown,
  context: CallContext | undefined,
): Promise<Calculation> {
  const request = parseBody(platformCalculationRequestSchema, body);
  const currency = applyCalculationVersionRules(request, version);
  const merchant = await deps.store.getMerchant(tenant, request.merchant.merchant_id);
  if (merchant === undefined) {
    throw merchantNotFound(request.merchant.merchant_id, 'merchant.merchant_id');
  }
  const rates = await deps.rates.current();
  const origin = originOf(
    request.origin_address === undefined
      ? undefined
      : checkedAddress(deps, request.origin_address, 'origin_address', rates.keys),
    merchant,
  );
  const { nowMs, now: createdAt } = callTime(deps);
  const id = deps.ids.next('calc_platform', nowMs);
  const customer = await resolveCalculationCustomer(deps, tenant, request.customer);
  const common = {
    createdAt,
    taxDate: request.tax_date ?? context?.taxDate ?? createdAt,
    lifetimeSeconds: deps.calculationLifetimeSeconds,
    mode: tenant.mode,
    currency,
    taxIncluded: request.order_details.tax_included_in_amount,
    origin,
    metadata: (request.metadata ?? {}) as Metadata,
    registrations: deps.registrations,
  };
  const fees =
    request.fee_details === undefined
      ? []
      : buildCalculation(
          {
            ...common,
            // The fees are their own sale (platform → merchant); only their lines are kept.
            id: `${id}:fees`,
            linesField: 'fee_details.line_items',
            kind: 'platform',
            currency: feeCurrency(request.fee_details.customer_currency_code, common.currency),
            taxIncluded: request.fee_details.tax_included_in_amount ?? common.taxIncluded,
            automaticTax: request.fee_details.automatic_tax ?? 'auto',
            // The platform sells to the merchant: its type and tax ids (this request's, else the
            // stored ones) decide B2B and reverse charge, from the platform's own origin.
            customer: {
              type: request.merchant.type === 'INDIVIDUAL' ? 'CONSUMER' : 'BUSINESS',
              taxIds: request.merchant.tax_ids ?? merchant.taxIds,
              isTaxExempt: false,
            },
            origin: deps.defaultOrigin ?? origin,
            place: atField(request.origin_address === undefined ? 'merchant.default_address' : 'origin_address', () =>
              resolveAddress(origin, deps.locations, rates.keys),
            ),
            lines: await resolveLines(
              deps,
              tenant,
              request.fee_details.line_items,
              nowMs,
              'fee_details.line_items',
              true,
            ),
          },
          rates,
        ).lines;
  return buildCalculation(
    {
      ...common,
      id,
      kind: 'platform',
      automaticTax: request.order_details.automatic_tax ?? 'auto',
      customer,
      place: resolveCustomerPlace(deps, request.customer, rates),
      lines: await resolveLines(
        deps,
        tenant,
        request.order_details.line_items,
        nowMs,
        'order_details.line_items',
        true,
      ),
      platform: {
        merchantId: merchant.id,
        referenceMerchantId: merchant.referenceMerchantId,
        roles: request.roles,
        feeLines: fees,
      },
    },
    rates,
  );
}

/**
 * The currency of the fees: the order's. `fee_details.customer_currency_code` may repeat it
 * (fee_details has the structure of order_details), but one calculation has one currency.
 */
function feeCurrency(given: string | undefined, orderCurrency: string): string {
  if (given === undefined || given.toUpperCase() === orderCurrency) return orderCurrency;
  throw new TaxError(
    'INVALID_CURRENCY',
    `fee_details.customer_currency_code "${given}" differs from order_details.customer_currency_code "${orderCurrency}"; a platform calculation has one currency.`,
    { details: { field: 'fee_details.customer_currency_code' } },
  );
}

/** The ship-from address: the request's override, else the merchant's default (docs/interface.md §4.14). */
function originOf(override: Address | undefined, merchant: Merchant): Address {
  const origin = override ?? merchant.defaultAddress;
  if (origin === undefined) {
    throw new TaxError(
      'MISSING_ORIGIN_ADDRESS',
      `Merchant "${merchant.referenceMerchantId}" has no default_address; set one (POST /tax/merchants/{id}) or send origin_address.`,
      { details: { field: 'origin_address' } },
    );
  }
  return origin;
}
