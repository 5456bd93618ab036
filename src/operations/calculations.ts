import { knownRateKeys } from '../core/rates/known-rate-keys.ts';
import { buildCalculation } from '../core/build-calculation.ts';
import { underKey } from '../core/errors.ts';
import { resolveAddress } from '../core/location/resolve-address.ts';
import { notFound } from '../core/not-found.ts';
import { replayCalculation as replayStored } from '../core/replay-calculation.ts';
import { loadDefaultProductTaxCodes } from '../defaults/load-default-product-tax-codes.ts';
import type { RateIndex } from '../core/rates/rate-index.ts';
import { TaxError } from '../core/errors.ts';
import type { Address, AutomaticTax, Calculation, ExemptionCertificate, Metadata, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { after } from './after.ts';
import { customerCertificates } from './certificates.ts';
import { callTime, sweepTime } from './call-time.ts';
import { collectionFacts } from './collection-facts.ts';
import { distanceSaleFacts } from './distance-sale-facts.ts';
import { type CustomerInput, resolveCalculationCustomer, resolveCustomerPlace } from './resolve-customer-place.ts';
import { type LineItemInput, resolveLines } from './resolve-lines.ts';

/** A calculation request as the wire layer parses it: domain values, no wire names, no version. */
export interface CalculationInput {
  readonly customer: CustomerInput;
  /** The ship-from address; the engine's default origin when absent. */
  readonly originAddress?: Address;
  /** ISO 4217, upper case, already checked against the version's list. */
  readonly currency: string;
  readonly taxIncluded: boolean;
  readonly automaticTax: AutomaticTax;
  /** Each line's `amountMinor` is the line total (docs/interface.md §2.3 rule 1). */
  readonly lines: readonly LineItemInput[];
  readonly metadata: Metadata;
  /** The sale's date (Unix seconds) whose rates apply; the call's time when absent. */
  readonly taxDate?: number;
}

/**
 * Tax for a customer location and line items, recorded so a transaction can be made from it
 * until it expires: locate (customer, origin), resolve the lines' categories, compute (pure
 * core) with the current rate index, persist. Errors carry domain keys (`['lines', 0,
 * 'referenceProductId']`, `['customer', 'address', 'postalCode']`, `['originAddress', …]`).
 *
 * Returns the calculation itself when nothing had to be waited for, else a promise of it: a
 * step is waited on only when it returned a promise (a rate reload, a stored customer or
 * product to look up, a store that writes asynchronously). The common checkout waits for
 * nothing, and each `await` or `async` layer would cost it a promise and a suspension.
 * Throws (rather than rejects) what fails before the first wait.
 */
export function createCalculation(
  deps: EngineDeps,
  tenant: Tenant,
  input: CalculationInput,
): Calculation | Promise<Calculation> {
  const { nowMs, now } = callTime(deps, tenant);
  return after(deps.rates.ready() ?? deps.rates.current(), (rates) => {
    const place = resolveCustomerPlace(deps, input.customer, rates);
    return after(resolveCalculationCustomer(deps, tenant, input.customer), (customer) =>
      after(certificatesOf(deps, tenant, customer.customerId, input.customer.certificates), (certificates) =>
        after(resolveLines(deps, tenant, input.lines, nowMs, 'lines', false), (lines) =>
          after(collectionFacts(deps, tenant), (collection) => {
            const origin =
              input.originAddress === undefined ? deps.defaultOrigin : checkedOrigin(deps, input.originAddress, rates);
            const taxDate = input.taxDate ?? now;
            return after(distanceSaleFacts(deps, tenant, origin, taxDate), (distanceSale) => {
              const calculation = buildCalculation(
                {
                  id: deps.ids.next('calc', nowMs),
                  kind: 'standard',
                  createdAt: now,
                  taxDate,
                  lifetimeSeconds: deps.calculationLifetimeSeconds,
                  mode: tenant.mode,
                  currency: input.currency,
                  taxIncluded: input.taxIncluded,
                  automaticTax: input.automaticTax,
                  customer,
                  place,
                  origin,
                  lines,
                  metadata: input.metadata,
                  registrations: collection.registrations,
                  nexusNotes: collection.nexusNotes,
                  orderFees: deps.orderFees,
                  // Set even when undefined: a spread of `{}` or `{ certificates }` made the
                  // literal a copy through the runtime, on every calculation.
                  certificates,
                  distanceSale,
                },
                rates,
              );
              return after(
                deps.store.insertCalculation(tenant, calculation, {
                  randomId: deps.ids.random === true,
                }),
                () => {
                  deps.sweeper.request(sweepTime(deps));
                  return calculation;
                },
              );
            });
          }),
        ),
      ),
    );
  });
}

/**
 * The stored customer's certificates, read only when the calculation names a customer and the
 * request did not set them aside (`customer.exemption: 'none'`); otherwise nothing is waited for.
 */
function certificatesOf(
  deps: EngineDeps,
  tenant: Tenant,
  customerId: string | undefined,
  choice: CalculationInput['customer']['certificates'],
): Promise<ExemptionCertificate[]> | undefined {
  return customerId === undefined || choice === 'none' ? undefined : customerCertificates(deps, tenant, customerId);
}

/**
 * Recomputes a stored calculation with the rate snapshot it used, as `createCalculation`
 * returned it; records nothing. CALCULATION_NOT_FOUND keyed `['calculationId']`.
 */
export async function replayCalculation(deps: EngineDeps, tenant: Tenant, id: string): Promise<Calculation> {
  const stored = await deps.store.getCalculation(tenant, id);
  if (stored === undefined) throw notFound('calculation', id, ['calculationId']);
  const index = await deps.rates.snapshot(stored.rateSnapshot);
  if (index === undefined) {
    throw new TaxError(
      'STORAGE_UNAVAILABLE',
      `Rate snapshot ${stored.rateSnapshot} of calculation ${id} is not in the store, so it cannot be replayed.`,
    );
  }
  // The registrations of the calculation's tax date apply, as when it was made; not the nexus
  // notes, which describe the ledger as it is now.
  const { registrations } = await collectionFacts(deps, tenant);
  return replayStored(stored, index, tenant.mode, registrations, loadDefaultProductTaxCodes(), deps.orderFees.fees);
}

/**
 * A ship-from address given with the request, checked with the same rules as the customer's
 * (a known country, a well-formed province and postal code, a US ZIP inside its state).
 */
export function checkedOrigin(deps: EngineDeps, origin: Address, rates: RateIndex): Address {
  underKey(['originAddress'], () => resolveAddress(origin, deps.locations, knownRateKeys(rates)));
  return origin;
}
