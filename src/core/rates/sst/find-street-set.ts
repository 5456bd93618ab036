import type { StreetParts } from '../../location/normalize-street.ts';
import { recordsBefore } from './packed-columns.ts';
import type { SstAddresses } from './sst-state-index.ts';

/**
 * The jurisdiction set of the address (`A`) record of the ZIP5 that matches the street on
 * `day`, or -1: the house number in the record's range and on its side (odd, even or both),
 * the street name equal, and the directionals and suffix equal wherever both sides give one;
 * where the record has a unit range and the address a unit number, the unit in the range. The
 * first such record in file order wins.
 */
export function findStreetSet(
  addresses: SstAddresses,
  zip5: number,
  street: StreetParts,
  unit: string,
  day: number,
): number {
  const { text, words, houseLow, houseHigh, parity, dates, begin, end } = addresses;
  const last = recordsBefore(addresses, zip5 + 1);
  for (let i = recordsBefore(addresses, zip5); i < last; i += 1) {
    const span = dates[i] as number;
    if ((begin[span] as number) > day || day >= (end[span] as number)) continue;
    if (
      wordAt(words, text, i, 1) !== street.name ||
      street.house < (houseLow[i] as number) ||
      street.house > (houseHigh[i] as number)
    ) {
      continue;
    }
    const side = parity[i] as number;
    if (side === 1 && street.house % 2 === 0) continue;
    if (side === 2 && street.house % 2 === 1) continue;
    if (
      !agrees(wordAt(words, text, i, 0), street.preDirection) ||
      !agrees(wordAt(words, text, i, 2), street.suffix) ||
      !agrees(wordAt(words, text, i, 3), street.postDirection)
    ) {
      continue;
    }
    const unitLow = wordAt(words, text, i, 4);
    if (unit !== '' && unitLow !== '' && !unitWithin(unit, unitLow, wordAt(words, text, i, 5))) continue;
    return addresses.set[i] as number;
  }
  return -1;
}

/** Whether any address record of the state's files, on any date, lies in the ZIP5. */
export function holdsAddressesIn(addresses: SstAddresses, zip5: number): boolean {
  return recordsBefore(addresses, zip5 + 1) > recordsBefore(addresses, zip5);
}

/** Word `slot` of record `i` (0 pre-direction, 1 name, 2 suffix, 3 post-direction, 4 unit low, 5 unit high). */
function wordAt(words: readonly string[], text: Uint32Array, i: number, slot: number): string {
  return words[text[6 * i + slot] as number] as string;
}

function agrees(record: string, given: string): boolean {
  return record === '' || given === '' || record === given;
}

/** A numeric unit against a numeric range; a unit or range that is not numeric is compared as text. */
function unitWithin(unit: string, low: string, high: string): boolean {
  const value = Number(unit);
  const from = Number(low);
  const to = Number(high === '' ? low : high);
  if (Number.isFinite(value) && Number.isFinite(from) && Number.isFinite(to)) return value >= from && value <= to;
  return unit >= low && unit <= (high === '' ? low : high);
}
