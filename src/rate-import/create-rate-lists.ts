import { formatScaled } from '../core/money/format-scaled.ts';

/**
 * The rate strings of a ZIP's jurisdictions by its four parts (STATE, COUNTY, CITY, DISTRICT,
 * in 10^-8; a part of 0 other than the state's is left out, as its jurisdiction is): one list
 * per distinct set of parts, shared by every ZIP with it (4,800 lists for the generated
 * nationwide table's 41,000 ZIPs). The lists are never written to.
 *
 * Four levels of maps, each looked up without a closure: a generic helper taking one per level
 * made the lookup itself cost microseconds.
 */
export function createRateLists(): { of(parts: readonly number[]): readonly string[] } {
  const byState = new Map<number, Map<number, Map<number, Map<number, readonly string[]>>>>();
  return {
    of(parts) {
      const state = parts[0] as number;
      const county = parts[1] as number;
      const city = parts[2] as number;
      const district = parts[3] as number;
      const byDistrict = childMap(childMap(childMap(byState, state), county), city);
      let list = byDistrict.get(district);
      if (list === undefined) {
        list = [state, county, city, district]
          .filter((units, index) => index === 0 || units > 0)
          .map((units) => formatScaled(units));
        byDistrict.set(district, list);
      }
      return list;
    },
  };
}

/** The map under `key` in `map`, made empty when missing. */
function childMap<T>(map: Map<number, Map<number, T>>, key: number): Map<number, T> {
  let child = map.get(key);
  if (child === undefined) {
    child = new Map();
    map.set(key, child);
  }
  return child;
}
