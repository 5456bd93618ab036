import type { PeriodMeasure } from '../core/nexus/measure-threshold.ts';
import { registeredFor } from '../core/registrations/registration-spans.ts';
import type { DistanceSaleFacts } from '../core/tax-ids/eu-distance-sale.ts';
import { EU_VAT_AREA } from '../core/tax-ids/reverse-charge.ts';
import type { Address, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { after } from './after.ts';

/**
 * What an EU seller's calculation decides a distance sale by (Art. 59c;
 * src/core/tax-ids/eu-distance-sale.ts): the seller's option, a one-stop-shop registration
 * active on the tax date, and its B2C distance sales of last and this calendar year. The count
 * is the nexus status the engine keeps for the account (the EU threshold's two measuring
 * periods, read from the ledger in slices, as GET /tax/nexus reads it): a calculation takes it
 * as kept and a stale one is recounted in the background; no calculation waits for a count,
 * and the note says when it was counted, or that the first count is still running.
 *
 * Undefined (taxed where the customer is, as before) unless the engine's default origin is in
 * the EU and the calculation ships from that country: the count is the default seller's.
 */
export function distanceSaleFacts(
  deps: EngineDeps,
  tenant: Tenant,
  origin: Address | undefined,
  taxDate: number,
): DistanceSaleFacts | undefined | Promise<DistanceSaleFacts | undefined> {
  const seller = deps.defaultOrigin?.country;
  if (seller === undefined || !EU_VAT_AREA.has(seller) || origin?.country !== seller) return undefined;
  return after(deps.registrationBook.spansFor(tenant), (spans) => {
    const destinationBecause =
      deps.euDistanceSales === 'destination'
        ? ('optedIn' as const)
        : spans !== undefined && registeredFor(spans, 'eu_oss_union', taxDate)
          ? ('ossRegistered' as const)
          : undefined;
    const kept = deps.nexus.statusFor(tenant);
    const eu = kept?.jurisdictions.find((nexus) => nexus.jurisdiction === 'EU');
    // Before the account's first count in this process (which a calculation never waits for),
    // the threshold is the embedded rule's, and the sales are taken as none so far: the note says so.
    const rule =
      eu?.rule ??
      deps.nexusRules
        .flatMap((table) => table.rules)
        .find((candidate) => candidate.jurisdiction === 'EU' && candidate.sellers === 'established');
    if (rule === undefined || rule.currency !== 'EUR') return undefined;
    const year = new Date(taxDate * 1000).getUTCFullYear();
    return {
      kind: 'count',
      sellerCountry: seller,
      thresholdMinor: rule.amountMinor,
      previousYearMinor: eu === undefined ? 0 : amountOfYear(eu.measures, year - 1),
      currentYearMinor: eu === undefined ? 0 : amountOfYear(eu.measures, year),
      countedAt: kept?.countedAt ?? Math.floor(deps.clock.now() / 1000),
      ...(kept === undefined ? { notCountedYet: true } : {}),
      ...(destinationBecause === undefined ? {} : { destinationBecause }),
    };
  });
}

/** The amount the measure of calendar year `year` counted; 0 when the count has no such period. */
function amountOfYear(measures: readonly PeriodMeasure[], year: number): number {
  const measure = measures.find((each) => new Date(each.period.start * 1000).getUTCFullYear() === year);
  return Math.max(0, measure?.amountMinor ?? 0);
}
