import { formatScaled } from '../core/money/format-scaled.ts';
import type { LocationDef, RateTable } from '../core/rates/rate-table.ts';
import { createRateLists } from './create-rate-lists.ts';
import { avalaraZip5Columns } from './avalara-zip5-columns.ts';
import { checkImportedText, MAX_IMPORTED_NAME_LENGTH, quoted } from './check-imported-text.ts';
import { createZipJurisdictions, type NamedJurisdiction } from './create-zip-jurisdictions.ts';
import { importError } from './import-error.ts';
import type { ParsedRateFile } from './parsed-rate-file.ts';
import { parseRateCell } from './parse-rate-cell.ts';
import type { RateInput } from './rate-input.ts';
import { readCsvRows, type CsvRow } from './read-csv-rows.ts';
import type { UsPlaceNames } from './us-place-names.ts';

/** The header of Avalara's current free ZIP5 tables (older ones order the columns differently). */
export const AVALARA_ZIP5_HEADER = [
  'State',
  'ZipCode',
  'TaxRegionName',
  'EstimatedCombinedRate',
  'StateRate',
  'EstimatedCountyRate',
  'EstimatedCityRate',
  'EstimatedSpecialRate',
  'RiskLevel',
] as const;

const FILE_NAME = /(?:^|[\\/])TAXRATES_ZIP5_([A-Z]{2})(\d{4})(\d{2})\.csv$/i;
const ZIP5 = /^\d{5}$/;
/**
 * How far the four parts may miss EstimatedCombinedRate, in 10^-8: Avalara rounds each part
 * to 6 decimals, so their sum can be off by a few 0.000001; more than 0.00001 is a bad row.
 */
const PART_TOLERANCE = 1000;

/** Where an Avalara table is published, for the table's provenance. */
export const AVALARA_SOURCE_URL = 'https://www.avalara.com/taxrates/en/download-tax-tables.html';
const AVALARA_LICENSE =
  "Avalara's terms of use: free to download and use, not to redistribute. taxkit ships none; each user imports their own download.";

/** The vintage and state an Avalara file name carries, or `undefined` for another name. */
export function avalaraFileVintage(fileName: string): { state: string; from: string } | undefined {
  const match = FILE_NAME.exec(fileName);
  if (match === null) return undefined;
  const month = Number(match[3]);
  if (month < 1 || month > 12) return undefined;
  return { state: (match[1] as string).toUpperCase(), from: `${match[2]}-${match[3]}-01` };
}

/**
 * Reads one of Avalara's monthly `TAXRATES_ZIP5_<ST><YYYYMM>.csv` tables into a rate table
 * whose ZIP entries are dated from the first day of the vintage month. Columns are read by
 * name ({@link avalaraZip5Columns}), so the older layout (StateRate before
 * EstimatedCombinedRate, quoted region names) reads the same as the current one.
 *
 * Each ZIP gets up to four jurisdictions, each with the ZIP's own part as its rate: STATE
 * (always, even at 0, so a ZIP without sales tax still names its state), and COUNTY (named
 * from the ZIP→county table, else the region name), CITY and DISTRICT (Avalara's "special"
 * rate; both named after TaxRegionName) when their part is above 0. Every one carries its
 * state (`subdivision`), so a state's rules reach it.
 *
 * The engine's combined rate equals EstimatedCombinedRate exactly: where the four parts miss
 * it (Avalara rounds each part to 6 decimals), the difference goes to the largest local part
 * (DISTRICT, CITY, COUNTY on a tie), or to STATE when no local part is above 0.
 *
 * @throws TaxError INVALID_VALUE naming the file, line and reason: a file name without a
 *   vintage, a header missing one of the columns read (named in the error), a malformed ZIP, an unknown state, a rate outside
 *   0..1, parts that miss the combined rate by more than 0.00001, a ZIP listed twice.
 */
export function parseAvalaraZip5(input: RateInput, places: UsPlaceNames): ParsedRateFile {
  const { fileName } = input;
  const vintage = avalaraFileVintage(fileName);
  if (vintage === undefined) {
    throw importError(
      fileName,
      undefined,
      'an Avalara table must be named TAXRATES_ZIP5_<ST><YYYYMM>.csv: its vintage (the month its rates apply from) is read from the name.',
    );
  }
  const { header, rows } = readCsvRows(input);
  const column = avalaraZip5Columns(header, fileName);
  const stateAt = column.State;
  const zipAt = column.ZipCode;
  const regionAt = column.TaxRegionName;
  const combinedAt = column.EstimatedCombinedRate;
  // state, county, city, special: the order of `parts`.
  const partNames = ['StateRate', 'EstimatedCountyRate', 'EstimatedCityRate', 'EstimatedSpecialRate'] as const;
  const partsAt = partNames.map((name) => column[name]);
  if (rows.length === 0) throw importError(fileName, undefined, 'the table has no rows.');

  const locations = new Array<LocationDef>(rows.length);
  const seen = new Set<string>();
  const named = createZipJurisdictions();
  const rateLists = createRateLists();
  // Each part as parsed, then with the residual absorbed, and the ZIP's jurisdictions: reused
  // by every row.
  const parts = [0, 0, 0, 0];
  const members: NamedJurisdiction[] = [];
  // A file is one state's, so its State cell repeats: trimmed, upper-cased and named once.
  let stateCell: string | undefined;
  let state = '';
  let stateName: string | undefined;
  for (let row = 0; row < rows.length; row += 1) {
    const { cells, line } = rows[row] as CsvRow;
    if (cells[stateAt] !== stateCell) {
      stateCell = cells[stateAt] as string;
      state = stateCell.trim().toUpperCase();
      stateName = places.stateName(state);
    }
    if (stateName === undefined) throw importError(fileName, line, `unknown state ${quoted(stateCell ?? '')}.`);
    const zip = (cells[zipAt] as string).trim();
    if (!ZIP5.test(zip)) {
      throw importError(fileName, line, `ZipCode ${quoted(cells[zipAt] as string)} is not a 5-digit ZIP code.`);
    }
    const key = `US-${state}-${zip}`;
    if (seen.has(key)) throw importError(fileName, line, `ZIP ${zip} is listed twice for ${state}.`);
    seen.add(key);
    const combined = parseRateCell(cells[combinedAt] as string, fileName, line, 'EstimatedCombinedRate');
    let sum = 0;
    for (let index = 0; index < 4; index += 1) {
      const at = partsAt[index] as number;
      const units = parseRateCell(cells[at] as string, fileName, line, partNames[index] as string);
      parts[index] = units;
      sum += units;
    }
    const residual = combined - sum;
    if (Math.abs(residual) > PART_TOLERANCE) {
      throw importError(
        fileName,
        line,
        `the parts add up to ${formatScaled(sum)}, not EstimatedCombinedRate ${formatScaled(combined)}.`,
      );
    }
    if (residual !== 0) {
      const taker = absorber(parts);
      parts[taker] = (parts[taker] as number) + residual;
      if ((parts[taker] as number) < 0) {
        throw importError(
          fileName,
          line,
          `the parts cannot be made to add up to EstimatedCombinedRate ${formatScaled(combined)}.`,
        );
      }
    }

    const region = checkImportedText(
      (cells[regionAt] as string).trim(),
      MAX_IMPORTED_NAME_LENGTH,
      fileName,
      line,
      'TaxRegionName',
    ).toUpperCase();
    const count = named.of(row, state, stateName, places.countyOf(zip, state), region, parts, members);
    // Every location's list is kept, so it is made at its size, not grown by push.
    const ids = new Array<string>(count);
    for (let index = 0; index < count; index += 1) ids[index] = (members[index] as NamedJurisdiction).def.id;
    locations[row] = { key, from: vintage.from, jurisdictions: ids, rates: rateLists.of(parts) };
  }

  const table: RateTable = {
    name: `avalara-zip5-${vintage.state}-${vintage.from.slice(0, 7)}`,
    source: `Avalara's free combined sales tax rate table by ZIP code for ${vintage.state}, vintage ${vintage.from.slice(0, 7)} (${baseName(fileName)}), imported by taxkit. Estimated rates as Avalara publishes them.`,
    sourceUrl: AVALARA_SOURCE_URL,
    effectiveDate: vintage.from,
    license: AVALARA_LICENSE,
    jurisdictions: named.all(),
    rates: [],
    locations,
  };
  return { fileName: baseName(fileName), format: 'avalara-zip5', table, rowCount: rows.length };
}

/** Which part takes the residual: the largest local part, most specific first on a tie; else STATE. */
function absorber(parts: readonly number[]): number {
  let best = 0;
  for (const index of [3, 2, 1]) {
    if ((parts[index] as number) > 0 && (best === 0 || (parts[index] as number) > (parts[best] as number)))
      best = index;
  }
  return best;
}

function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '');
}
