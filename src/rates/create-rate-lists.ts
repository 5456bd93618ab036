import { formatScaled } from '../core/money/format-scaled.ts';

/**
 * The rate strings of a ZIP's jurisdictions by its four parts (STATE, COUNTY, CITY, DISTRICT,
 * in 10^-8; a part of 0 other than the state's is left out, as its jurisdiction is): one list
 * per distinct set of parts, shared by every ZIP with it (4,800 lists for the generated
 * nationwide table's 41,000 ZIPs). The lists are never written to.
 */
export function createRateLists(): { of(parts: readonly number[]): readonly string[] } {
  const lists = new Map<number, Map<number, Map<number, Map<number, readonly string[]>>>>();
  const level = <T>(map: Map<number, T>, units: number, make: () => T): T => {
    let found = map.get(units);
    if (found === undefined) {
      found = make();
      map.set(units, found);
    }
    return found;
  };
  return {
    of(parts) {
      const [state, county, city, district] = parts as [number, number, number, number];
      const byCounty = level(lists, state, () => new Map());
      const byCity = level(byCounty, county, () => new Map());
      return level(
        level(byCity, city, () => new Map()),
        district,
        () => parts.filter((units, index) => index === 0 || units > 0).map((units) => formatScaled(units)),
      );
    },
  };
}
