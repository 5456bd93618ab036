import type { LocationTables, UsZipPlace } from '../core/location/location-tables.ts';
import { readDataFile } from './read-data-file.ts';

interface Zip3File {
  readonly zip3: Readonly<Record<string, string>>;
  readonly exceptions: Readonly<Record<string, string>>;
}
interface Zip5File {
  readonly counties: readonly string[];
  readonly zips: Readonly<Record<string, readonly [string, string, number | null]>>;
}
interface TopPopulationFile {
  readonly byState: Readonly<Record<string, string>>;
  readonly byStateCity: Readonly<Record<string, string>>;
}
interface SubdivisionSet {
  readonly codeToName: Readonly<Record<string, string>>;
  readonly nameToCode: Readonly<Record<string, string>>;
}
interface SubdivisionsFile {
  readonly us: SubdivisionSet;
  readonly ca: SubdivisionSet;
  readonly caFsaFirstLetter: Readonly<Record<string, readonly string[]>>;
}
interface CountriesFile {
  readonly countries: Readonly<Record<string, string>>;
  readonly userAssigned?: Readonly<Record<string, string>>;
}

let cached: LocationTables | undefined;

/** The embedded place tables (data/locations/), compiled once per process. */
export function loadDefaultLocations(): LocationTables {
  cached ??= compileLocations(
    readDataFile<CountriesFile>('locations/countries.json'),
    readDataFile<SubdivisionsFile>('locations/subdivisions.json'),
    readDataFile<Zip3File>('locations/us-zip3-state.json'),
    readDataFile<Zip5File>('locations/us-zip5.json'),
    readDataFile<TopPopulationFile>('locations/us-zip-top-population.json'),
  );
  return cached;
}

function upperKeys(record: Readonly<Record<string, string>>): Map<string, string> {
  return new Map(Object.entries(record).map(([name, code]) => [name.trim().replace(/\s+/g, ' ').toUpperCase(), code]));
}

function compileLocations(
  countries: CountriesFile,
  subdivisions: SubdivisionsFile,
  zip3: Zip3File,
  zip5: Zip5File,
  top: TopPopulationFile,
): LocationTables {
  // Places by the ZIP as a number (every key of the table is five digits), made on first use:
  // an import looks up each of 41,000 ZIPs, and a string-keyed Map of them was slower than
  // the rest of its row.
  const places: (UsZipPlace | null | undefined)[] = new Array(100_000);
  // The states and ZIP3 prefixes the ZIP5 list covers: outside them (Puerto Rico, Guam, American
  // Samoa, the Virgin Islands) a ZIP missing from the list may still exist.
  let listed: { readonly states: ReadonlySet<string>; readonly prefixes: ReadonlySet<string> } | undefined;
  const usStateOfZip = (zip: string): string | undefined => zip3.exceptions[zip] ?? zip3.zip3[zip.slice(0, 3)];
  return {
    countries: new Map(Object.entries({ ...countries.countries, ...countries.userAssigned })),
    subdivisions: new Map([
      ['US', new Map(Object.entries(subdivisions.us.codeToName))],
      ['CA', new Map(Object.entries(subdivisions.ca.codeToName))],
    ]),
    subdivisionCodes: new Map([
      ['US', upperKeys(subdivisions.us.nameToCode)],
      ['CA', upperKeys(subdivisions.ca.nameToCode)],
    ]),
    usStateOfZip,
    usZipExists: (zip) => {
      // A ZIP the prefix table names one by one (20532, a Washington DC unique ZIP) exists.
      if (zip5.zips[zip] !== undefined || zip3.exceptions[zip] !== undefined) return true;
      const state = usStateOfZip(zip);
      if (state === undefined) return false;
      listed ??= {
        states: new Set(Object.values(zip5.zips).map((row) => row[0])),
        prefixes: new Set(Object.keys(zip5.zips).map((key) => key.slice(0, 3))),
      };
      return listed.states.has(state) && listed.prefixes.has(zip.slice(0, 3)) ? false : undefined;
    },
    usZipPlace: (zip) => {
      const index = zip5Number(zip);
      if (index === undefined) return undefined;
      let place = places[index];
      if (place === undefined) {
        const row = zip5.zips[zip];
        place =
          row === undefined
            ? null
            : { state: row[0], city: row[1], county: row[2] === null ? '' : (zip5.counties[row[2]] ?? '') };
        places[index] = place;
      }
      return place ?? undefined;
    },
    caProvincesOfPostal: (letter) => subdivisions.caFsaFirstLetter[letter],
    usTopZip: (state, city) => (city === undefined ? top.byState[state] : top.byStateCity[`${state}|${city.trim()}`]),
  };
}

/** The number a five-digit ZIP spells (00601 → 601); `undefined` for any other string. */
function zip5Number(zip: string): number | undefined {
  if (zip.length !== 5) return undefined;
  let value = 0;
  for (let index = 0; index < 5; index += 1) {
    const digit = zip.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return value;
}
