import { knownRateKeys } from '../core/rates/known-rate-keys.ts';
import { buildCalculation } from '../core/build-calculation.ts';
import { keyedError, underKey } from '../core/errors.ts';
import { resolveAddress } from '../core/location/resolve-address.ts';
import { notFound } from '../core/not-found.ts';
import type { Address, AutomaticTax, Calculation, Merchant, TaxId, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime, sweepTime } from './call-time.ts';
import { collectionFacts } from './collection-facts.ts';
import { type CalculationInput, checkedOrigin } from './calculations.ts';
import { customerCertificates } from './certificates.ts';
import { resolveCalculationCustomer, resolveCustomerPlace } from './resolve-customer-place.ts';
import { type LineItemInput, resolveLines } from './resolve-lines.ts';

/** The platform's fees to its merchant, taxed as a sale of their own (platform → merchant). */
export interface PlatformFeesInput {
  readonly taxIncluded: boolean;
  readonly automaticTax: AutomaticTax;
  /** Each line's `amountMinor` is the unit price. */
  readonly lines: readonly LineItemInput[];
}

/** A platform calculation request as the wire layer parses it. Line amounts are unit prices (§2.3 rule 2). */
export interface PlatformCalculationInput extends CalculationInput {
  readonly merchant: {
    /** The merchant's id or reference id. */
    readonly id: string;
    /** Whether the merchant buys the platform's services as a consumer (INDIVIDUAL) or a business. */
    readonly consumer: boolean;
    /** Tax ids for this request; the stored merchant's when absent. */
    readonly taxIds?: readonly TaxId[];
  };
  readonly roles: readonly string[];
  readonly fees?: PlatformFeesInput;
}

/**
 * Tax on a merchant's sale through the platform, and on the platform's fees to that merchant:
 * locate the merchant (MERCHANT_NOT_FOUND keyed `['merchant', 'id']`), the origin (the
 * request's, else the merchant's default address), the customer and the lines; compute the
 * order and the fees (pure core); persist. The fees are the platform's own sale to the
 * merchant: taxed where the merchant is, B2B by the merchant's type and tax ids, sold from the
 * platform's own origin when the engine has one.
 */
export async function createPlatformCalculation(
  deps: EngineDeps,
  tenant: Tenant,
  input: PlatformCalculationInput,
): Promise<Calculation> {
  const merchant = await deps.store.getMerchant(tenant, input.merchant.id);
  if (merchant === undefined) throw notFound('merchant', input.merchant.id, ['merchant', 'id']);
  const rates = await deps.rates.current();
  const origin =
    input.originAddress === undefined ? merchantOrigin(merchant) : checkedOrigin(deps, input.originAddress, rates);
  const { nowMs, now: createdAt } = callTime(deps, tenant);
  const id = deps.ids.next('calc_platform', nowMs);
  const customer = await resolveCalculationCustomer(deps, tenant, input.customer);
  const collection = await collectionFacts(deps, tenant);
  // The buyer's certificates exempt the order's lines, never the platform's fees to the merchant.
  const certificates =
    customer.customerId === undefined || input.customer.certificates === 'none'
      ? undefined
      : await customerCertificates(deps, tenant, customer.customerId);
  const common = {
    createdAt,
    taxDate: input.taxDate ?? createdAt,
    lifetimeSeconds: deps.calculationLifetimeSeconds,
    mode: tenant.mode,
    currency: input.currency,
    origin,
    metadata: input.metadata,
    registrations: collection.registrations,
    nexusNotes: collection.nexusNotes,
  };
  const fees =
    input.fees === undefined
      ? []
      : buildCalculation(
          {
            ...common,
            // The fees are their own sale (platform → merchant); only their lines are kept.
            id: `${id}:fees`,
            linesKey: 'feeLines',
            kind: 'platform',
            taxIncluded: input.fees.taxIncluded,
            automaticTax: input.fees.automaticTax,
            customer: {
              type: input.merchant.consumer ? 'CONSUMER' : 'BUSINESS',
              taxIds: input.merchant.taxIds ?? merchant.taxIds,
              isTaxExempt: false,
            },
            origin: deps.defaultOrigin ?? origin,
            place: underKey([input.originAddress === undefined ? 'merchantAddress' : 'originAddress'], () =>
              resolveAddress(origin, deps.locations, knownRateKeys(rates)),
            ),
            lines: await resolveLines(deps, tenant, input.fees.lines, nowMs, 'feeLines', true),
          },
          rates,
        ).lines;
  const calculation = buildCalculation(
    {
      ...common,
      id,
      kind: 'platform',
      taxIncluded: input.taxIncluded,
      automaticTax: input.automaticTax,
      customer,
      place: resolveCustomerPlace(deps, input.customer, rates),
      lines: await resolveLines(deps, tenant, input.lines, nowMs, 'lines', true),
      ...(certificates === undefined ? {} : { certificates }),
      platform: {
        merchantId: merchant.id,
        referenceMerchantId: merchant.referenceMerchantId,
        roles: input.roles,
        feeLines: fees,
      },
    },
    rates,
  );
  await deps.store.insertCalculation(tenant, calculation, { randomId: deps.ids.random === true });
  deps.sweeper.request(sweepTime(deps));
  return calculation;
}

/** The ship-from address when the request gives none: the merchant's default (docs/interface.md §4.14). */
function merchantOrigin(merchant: Merchant): Address {
  if (merchant.defaultAddress === undefined) {
    throw keyedError(
      'MISSING_ORIGIN_ADDRESS',
      ['originAddress'],
      `Merchant "${merchant.referenceMerchantId}" has no {name:merchantAddress}; set one (POST /tax/merchants/{id}) or send {field}.`,
    );
  }
  return merchant.defaultAddress;
}
