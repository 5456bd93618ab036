import type { SstBoundaryRow } from './sst-boundary-row.ts';
import type { UsPlaceNames } from '../us-place-names.ts';

/** How many ZIP5s of one multi-ZIP range are asked for their county: enough to outvote a stray one. */
const ZIPS_PER_RANGE = 20;

/**
 * Names the counties of a boundary file: each county code takes the county that the place
 * table (by default taxkit's embedded GeoNames ZIP table, CC BY 4.0) gives most often for the
 * ZIP5s of the records naming it ("091" → "Johnson County"). A code none of whose ZIPs the table
 * knows gets no name here, and is named by its code when compiled.
 */
export function sstCountyNames(
  rows: readonly SstBoundaryRow[],
  state: string,
  places: UsPlaceNames,
): Record<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const county = row[7];
    if (county === '') continue;
    const first = Math.floor(row[3] / 10_000);
    const last = Math.min(Math.floor(row[4] / 10_000), first + ZIPS_PER_RANGE - 1);
    for (let zip = first; zip <= last; zip += 1) {
      const name = places.countyOf(String(zip).padStart(5, '0'), state);
      if (name === undefined) continue;
      let tally = votes.get(county);
      if (tally === undefined) {
        tally = new Map();
        votes.set(county, tally);
      }
      tally.set(name, (tally.get(name) ?? 0) + 1);
    }
  }
  const names: Record<string, string> = {};
  for (const [county, tally] of [...votes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let best = '';
    let most = 0;
    for (const [name, count] of tally) {
      if (count > most || (count === most && name < best)) {
        best = name;
        most = count;
      }
    }
    names[county] = /\b(County|Parish|Borough|city)$/.test(best) ? best : `${best} County`;
  }
  return names;
}
