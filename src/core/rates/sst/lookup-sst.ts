import { NO_RATES, type ResolvedRate } from '../rate-index.ts';
import { holdsAddressesIn } from './find-street-set.ts';
import { recordsBefore } from './packed-columns.ts';
import { setSpan } from './set-span.ts';
import type { SstRanges, SstStateIndex } from './sst-state-index.ts';

/**
 * The jurisdiction set of the record of `ranges` that holds the 9-digit number `nine` on `day`,
 * or -1. When records overlap, the one with the greatest `low` (then the latest in the file)
 * wins. The hot path of a ZIP+4 calculation: a binary search among the records of the ZIP5,
 * then a walk back that `maxHigh` stops as soon as no earlier record can reach `nine` (checked
 * after the record itself, which usually holds `nine`: one array fewer touched). No allocation.
 */
export function findSstSet(ranges: SstRanges, nine: number, day: number): number {
  const { high, maxHigh, set, dates, begin, end } = ranges;
  for (let i = countLowAtMost(ranges, nine) - 1; i >= 0; i -= 1) {
    const span = dates[i] as number;
    if ((high[i] as number) >= nine && (begin[span] as number) <= day && day < (end[span] as number)) {
      return set[i] as number;
    }
    if ((maxHigh[i] as number) < nine) break;
  }
  return -1;
}

/**
 * How many records (sorted by `low`) start at or below `value`: the ZIP5 directory narrows it
 * to the records of `value`'s own ZIP5, then a binary search among them.
 */
function countLowAtMost(ranges: SstRanges, value: number): number {
  const { plus4 } = ranges;
  const zip = Math.floor(value / 10_000);
  const four = value - zip * 10_000;
  let lo = recordsBefore(ranges, zip);
  let hi = recordsBefore(ranges, zip + 1);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((plus4[mid] as number) <= four) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rates of jurisdiction set `set` on `day`: `NO_RATES` before its first rate. No allocation
 * while the set's last span holds the day (sst-state-index.ts); else the span is built anew.
 */
export function sstRatesOf(index: SstStateIndex, set: number, day: number): readonly ResolvedRate[] {
  const rates = index.spanRates[set];
  if (rates !== undefined && (index.spanFrom[set] as number) <= day && day < (index.spanTo[set] as number))
    return rates;
  const built = setSpan(index, set, day);
  index.spanRates[set] = built.rates;
  index.spanFrom[set] = built.from;
  index.spanTo[set] = built.to;
  return built.rates;
}

/** The combined rate of a set of rates, in units of 10^-8. */
export function combinedUnits(rates: readonly ResolvedRate[]): number {
  let sum = 0;
  for (let i = 0; i < rates.length; i += 1) sum += (rates[i] as ResolvedRate).units;
  return sum;
}

/** What the records of one ZIP5 say on a day: its lowest and highest combined rate. */
export interface Zip5Rates {
  /** The set with the lowest combined rate (the first such in record order), or -1 when no record holds the ZIP5. */
  lowestSet: number;
  lowestUnits: number;
  highestUnits: number;
  /** Whether the ZIP5's records give more than one combined rate. */
  split: boolean;
}

/**
 * The lowest and highest combined rates of every record in force on `day` that reaches into
 * the ZIP5 (`Z`, `4` and `A` records alike: Vermont has only `A` records): the SST agreement's
 * rule for a seller who has only the ZIP5 is the lowest. Fills `out` (no allocation).
 */
export function zip5Rates(index: SstStateIndex, zip5: number, day: number, out: Zip5Rates): Zip5Rates {
  out.lowestSet = -1;
  out.lowestUnits = 0;
  out.highestUnits = 0;
  out.split = false;
  const first = zip5 * 10_000;
  const last = first + 9_999;
  const consider = (set: number) => {
    const rates = sstRatesOf(index, set, day);
    if (rates === NO_RATES) return;
    const units = combinedUnits(rates);
    if (out.lowestSet < 0) {
      out.lowestSet = set;
      out.lowestUnits = units;
      out.highestUnits = units;
      return;
    }
    if (units !== out.lowestUnits || units !== out.highestUnits) out.split = true;
    if (units < out.lowestUnits) {
      out.lowestSet = set;
      out.lowestUnits = units;
    }
    if (units > out.highestUnits) out.highestUnits = units;
  };
  for (const ranges of [index.zip5, index.plus4]) {
    const { high, maxHigh, set, dates, begin, end } = ranges;
    for (let i = countLowAtMost(ranges, last) - 1; i >= 0 && (maxHigh[i] as number) >= first; i -= 1) {
      const span = dates[i] as number;
      if ((high[i] as number) >= first && (begin[span] as number) <= day && day < (end[span] as number)) {
        consider(set[i] as number);
      }
    }
  }
  const { addresses } = index;
  const lastAddress = recordsBefore(addresses, zip5 + 1);
  for (let i = recordsBefore(addresses, zip5); i < lastAddress; i += 1) {
    const span = addresses.dates[i] as number;
    if ((addresses.begin[span] as number) <= day && day < (addresses.end[span] as number)) {
      consider(addresses.set[i] as number);
    }
  }
  return out;
}

/** Whether any record of the state's files, on any date, reaches into the ZIP5. */
export function holdsZip5(index: SstStateIndex, zip5: number): boolean {
  if (holdsAddressesIn(index.addresses, zip5)) return true;
  const first = zip5 * 10_000;
  const last = first + 9_999;
  for (const ranges of [index.zip5, index.plus4]) {
    const { high, maxHigh } = ranges;
    for (let i = countLowAtMost(ranges, last) - 1; i >= 0 && (maxHigh[i] as number) >= first; i -= 1)
      if ((high[i] as number) >= first) return true;
  }
  return false;
}
