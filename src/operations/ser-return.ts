import { keyedError } from '../core/errors.ts';
import { buildSerReturn, type SerReturn } from '../core/reports/ser-return.ts';
import { formatDay } from '../core/rates/format-day.ts';
import type { Registration, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { reportLiability } from './liability-report.ts';

/** An SER as the wire layer parses it: a US state and whole UTC days, both inclusive. */
export interface SerInput {
  readonly state: string;
  readonly fromDay: number;
  readonly toDay: number;
}

/** The SER with what its header needs beside the figures. */
export interface SerFiling {
  readonly figures: SerReturn;
  readonly from: string;
  readonly to: string;
  /** The seller's registration number with the state (its `us_state_sales_tax` registration). */
  readonly sellerId: string;
}

/**
 * The SST Simplified Electronic Return of a state and period (docs/filing.md), built from the
 * liability report of the same period, so its totals are the report's. Refuses (400 naming
 * `state`) when the rates hold no SST data for the state, or the seller has no registration
 * with the state active in the period.
 */
export async function reportSer(deps: EngineDeps, tenant: Tenant, input: SerInput): Promise<SerFiling> {
  const index = await deps.rates.current();
  const prefix = `US-${input.state}:`;
  let sst = index.jurisdictions.get(`US-${input.state}`)?.fips !== undefined;
  for (const id of index.jurisdictions.keys()) {
    if (sst) break;
    sst = id.startsWith(prefix);
  }
  if (!sst) {
    throw keyedError(
      'INVALID_VALUE',
      ['state'],
      `{field}: taxkit holds no Streamlined Sales Tax rate and boundary data for ${input.state} (no jurisdiction with a FIPS code); import the state's SST files first.`,
    );
  }
  const registration = stateRegistration(await deps.store.listRegistrations(tenant), input);
  const report = await reportLiability(deps, tenant, {
    fromDay: input.fromDay,
    toDay: input.toDay,
    period: 'year',
    currency: 'USD',
  });
  const figures = buildSerReturn(report.rows, input.state, (id) => {
    const definition = index.jurisdictions.get(id);
    return definition === undefined ? undefined : { fips: definition.fips, serCode: definition.serCode };
  });
  return {
    figures,
    from: formatDay(input.fromDay),
    to: formatDay(input.toDay),
    sellerId: registration.registrationNumber,
  };
}

function stateRegistration(registrations: readonly Registration[], input: SerInput): Registration {
  const start = input.fromDay * 86_400;
  const end = (input.toDay + 1) * 86_400;
  const found = registrations.find(
    (registration) =>
      registration.deletedAt === undefined &&
      registration.type === 'us_state_sales_tax' &&
      registration.country === 'US' &&
      registration.province === input.state &&
      registration.activeFrom < end &&
      (registration.expiresAt === undefined || registration.expiresAt > start),
  );
  if (found === undefined) {
    throw keyedError(
      'INVALID_VALUE',
      ['state'],
      `{field}: the seller has no sales tax registration with ${input.state} active from ${formatDay(input.fromDay)} to ${formatDay(input.toDay)}; record it with POST /tax/registrations.`,
    );
  }
  return found;
}
