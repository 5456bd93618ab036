import { dayOfUnixSeconds } from '../rates/day-number.ts';
import { formatDay } from '../rates/format-day.ts';
import { EU_VAT_AREA } from './reverse-charge.ts';

/**
 * EU distance sales (Council Directive 2006/112/EC Art. 59c, docs/eu-distance-sales.md): a
 * seller established in one member state only charges its own country's VAT on B2C distance
 * sales of goods and e-services to other member states while their total, exclusive of VAT,
 * neither exceeds EUR 10,000 in the current calendar year nor did in the preceding one; from
 * the supply that exceeds it (Art. 59c(2)), and whenever the seller opted for taxation at
 * destination (Art. 59c(3)) or is registered for the union one-stop shop, the customer's
 * member state's VAT. Pure.
 */

/** What the engine counted and knows of the seller, for a calculation to decide by. */
export interface DistanceSaleCount {
  /** The member state the seller is established in (its default origin). */
  readonly sellerCountry: string;
  /** EUR 10,000 in euro cents. */
  readonly thresholdMinor: number;
  /** B2C distance sales to other member states, exclusive of VAT, in euro cents: last calendar year. */
  readonly previousYearMinor: number;
  /** The same this calendar year, as counted (the sale being calculated is not in it). */
  readonly currentYearMinor: number;
  /** When the ledger was counted (Unix seconds); a kept count may lag the last few sales. */
  readonly countedAt: number;
  /** The account's first count in this process is still running: the amounts are taken as 0. */
  readonly notCountedYet?: boolean;
  /** Why the destination applies whatever the count: the seller opted (Art. 59c(3)), or is registered for the OSS. */
  readonly destinationBecause?: 'optedIn' | 'ossRegistered';
}

/** A decision read back from a stored calculation's note (replay), or the facts to decide by. */
export type DistanceSaleFacts =
  | ({ readonly kind: 'count' } & DistanceSaleCount)
  | {
      readonly kind: 'recorded';
      readonly place: DistanceSalePlace;
      /** Whose VAT was charged: the seller's country at origin, the customer's at destination. */
      readonly country: string;
      readonly note: string;
    };

export type DistanceSalePlace = 'origin' | 'destination';

export interface DistanceSaleDecision {
  readonly place: DistanceSalePlace;
  /** Starts every jurisdiction's note; parsed back by {@link recordedDistanceSale}. */
  readonly note: string;
}

/** Whether a sale from `seller` to a consumer in `customer` is an intra-EU distance sale at all. */
export function isDistanceSale(seller: string, customer: string): boolean {
  return seller !== customer && EU_VAT_AREA.has(seller) && EU_VAT_AREA.has(customer);
}

const END = '(Art. 59c)';
const HEAD = /^EU distance sale at (origin|destination) \(([A-Z]{2})\): /;

/**
 * Where the VAT of a B2C distance sale from `count.sellerCountry` to `customer` is due, and
 * the note that says which and why. `saleEurMinor` is the sale's value exclusive of VAT in euro
 * cents, or undefined when the sale is in another currency (then only the count decides, and
 * the note says so). The threshold is exceeded only above EUR 10,000: the Directive's "does
 * not exceed" keeps a total of exactly EUR 10,000 at origin.
 */
export function decideDistanceSale(
  count: DistanceSaleCount,
  customer: string,
  saleEurMinor: number | undefined,
): DistanceSaleDecision {
  const seller = count.sellerCountry;
  const threshold = euros(count.thresholdMinor);
  const counted =
    count.notCountedYet === true
      ? "not counted yet: the first count of the account's sales in this process is running, and this answer did not wait for it"
      : `as counted on ${formatDay(dayOfUnixSeconds(count.countedAt))}`;
  const destination = (why: string): DistanceSaleDecision => ({
    place: 'destination',
    note: `EU distance sale at destination (${customer}): ${customer} VAT, the customer's member state's, because ${why} ${END}`,
  });
  if (count.destinationBecause === 'optedIn') {
    return destination(
      `the seller opted to tax its distance sales where they end (Directive 2006/112/EC Art. 59c(3); engine option euDistanceSales: 'destination').`,
    );
  }
  if (count.destinationBecause === 'ossRegistered') {
    return destination(
      `the seller is registered for the one-stop shop (union scheme), which declares the VAT of each member state of consumption.`,
    );
  }
  if (count.previousYearMinor > count.thresholdMinor) {
    return destination(
      `the seller's B2C distance sales to other member states were ${euros(count.previousYearMinor)} last calendar year (${counted}), over the ${threshold} threshold (Directive 2006/112/EC Art. 59c(1)(c)).`,
    );
  }
  if (count.currentYearMinor > count.thresholdMinor) {
    return destination(
      `the seller's B2C distance sales to other member states this calendar year are ${euros(count.currentYearMinor)} (${counted}), over the ${threshold} threshold since the sale that exceeded it (Directive 2006/112/EC Art. 59c(2)).`,
    );
  }
  if (saleEurMinor !== undefined && count.currentYearMinor + saleEurMinor > count.thresholdMinor) {
    return destination(
      `this sale takes the seller's B2C distance sales to other member states this calendar year to ${euros(count.currentYearMinor + saleEurMinor)} (${counted}), over the ${threshold} threshold: the destination's VAT applies from this sale on (Directive 2006/112/EC Art. 59c(2)).`,
    );
  }
  const withSale =
    saleEurMinor === undefined
      ? `${euros(count.currentYearMinor)} before this sale, which is not in EUR and is not added`
      : `${euros(count.currentYearMinor + saleEurMinor)} with this sale`;
  return {
    place: 'origin',
    note:
      `EU distance sale at origin (${seller}): ${seller} VAT, the seller's own, not ${customer}'s: the seller is established in ${seller} only and its B2C distance sales of goods and e-services to other member states are ${withSale} this calendar year and were ${euros(count.previousYearMinor)} last year (${counted}), not over the ${threshold} threshold (Directive 2006/112/EC Art. 59c(1)). ` +
      `Above it, registered for the one-stop shop, or having opted for it, the seller charges ${customer}'s VAT. ${END}`,
  };
}

/** Euro cents as "EUR 10,000.00". */
function euros(minor: number): string {
  const whole = Math.floor(Math.abs(minor) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `EUR ${minor < 0 ? '-' : ''}${whole}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
}

/** The decision a stored calculation's notes name (for replay), or undefined when it names none. */
export function recordedDistanceSale(notes: readonly string[]): DistanceSaleFacts | undefined {
  for (const note of notes) {
    const head = HEAD.exec(note);
    const end = note.indexOf(END);
    if (head === null || end === -1) continue;
    return {
      kind: 'recorded',
      place: head[1] as DistanceSalePlace,
      country: head[2] as string,
      note: note.slice(0, end + END.length),
    };
  }
  return undefined;
}
