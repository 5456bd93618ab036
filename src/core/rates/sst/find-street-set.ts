import type { StreetParts } from '../../location/normalize-street.ts';
import type { SstStateIndex } from './sst-state-index.ts';

/**
 * The jurisdiction set of the address (`A`) record of the ZIP5 that matches the street on
 * `day`, or -1: the house number in the record's range and on its side (odd, even or both),
 * the street name equal, and the directionals and suffix equal wherever both sides give one;
 * where the record has a unit range and the address a unit number, the unit in the range.
 */
export function findStreetSet(
  index: SstStateIndex,
  zip5: number,
  street: StreetParts,
  unit: string,
  day: number,
): number {
  const records = index.addresses.get(zip5);
  if (records === undefined) return -1;
  for (const record of records) {
    if (record.begin > day || day >= record.end) continue;
    const [houseLow, houseHigh, parity, pre, name, suffix, post, unitLow, unitHigh] = record.street;
    if (name !== street.name || street.house < houseLow || street.house > houseHigh) continue;
    if (parity === 'O' && street.house % 2 === 0) continue;
    if (parity === 'E' && street.house % 2 === 1) continue;
    if (!agrees(pre, street.preDirection) || !agrees(suffix, street.suffix) || !agrees(post, street.postDirection)) {
      continue;
    }
    if (unit !== '' && unitLow !== '' && !unitWithin(unit, unitLow, unitHigh)) continue;
    return record.set;
  }
  return -1;
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
