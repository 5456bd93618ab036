import type { LocationTables } from '../core/location/location-tables.ts';
import { parseDay } from '../core/rates/day-number.ts';
import type { JurisdictionDef, JurisdictionLevel, LocationDef, RateTable } from '../core/rates/rate-table.ts';
import { formatScaled } from '../core/money/format-scaled.ts';
import type { AuthorityType, TaxType } from '../core/types.ts';
import {
  checkImportedText,
  MAX_IMPORTED_LABEL_LENGTH,
  MAX_IMPORTED_NAME_LENGTH,
  MAX_IMPORTED_NOTE_LENGTH,
} from './check-imported-text.ts';
import { importError } from './import-error.ts';
import type { ParsedRateFile } from './parsed-rate-file.ts';
import { parseRateCell } from './parse-rate-cell.ts';
import type { RateInput } from './rate-input.ts';
import { readCsvRows } from './read-csv-rows.ts';

/** Columns every taxkit rate CSV has, in any order. */
export const TAXKIT_CSV_REQUIRED = ['country', 'state', 'zip', 'effective_from', 'level', 'name', 'rate'] as const;
/** Columns it may have. */
export const TAXKIT_CSV_OPTIONAL = ['authority_name', 'rate_type', 'tax_type', 'source'] as const;

type Column = (typeof TAXKIT_CSV_REQUIRED)[number] | (typeof TAXKIT_CSV_OPTIONAL)[number];

const LEVELS = new Set<JurisdictionLevel>(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'DISTRICT']);
const TAX_TYPES = new Set<TaxType>(['SALES', 'USE', 'VAT', 'GST']);
const ZIP5 = /^\d{5}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a CSV header is taxkit's own rate format (every required column present). */
export function isTaxkitCsvHeader(header: readonly string[]): boolean {
  const names = new Set(header.map((cell) => cell.trim().toLowerCase()));
  return TAXKIT_CSV_REQUIRED.every((column) => names.has(column));
}

/**
 * Reads taxkit's own rate CSV: one row per jurisdiction of a location from a date. The rows of
 * one location and date (country, state, zip, effective_from) are its complete set of
 * jurisdictions from that day on; they replace what earlier tables said about that location
 * from that day, until a later date. So a city's new rate is written as the location's full set
 * (state, county, city, district) from the day it applies.
 *
 * Location keys follow the engine's: `US-<state>-<zip>` when a ZIP is given, else
 * `<country>-<state>`, else `<country>`. Jurisdiction ids are `<country>-<state>:<level>:<NAME>`
 * (the same ids an Avalara import gives, so a row can redefine an imported jurisdiction).
 *
 * @throws TaxError INVALID_VALUE naming the file, line and reason.
 */
export function parseTaxkitCsv(input: RateInput, locations: LocationTables): ParsedRateFile {
  const { fileName } = input;
  const { header, rows } = readCsvRows(input);
  const columns = new Map<Column, number>();
  header.forEach((cell, index) => {
    const name = cell.toLowerCase() as Column;
    if (
      !(TAXKIT_CSV_REQUIRED as readonly string[]).includes(name) &&
      !(TAXKIT_CSV_OPTIONAL as readonly string[]).includes(name)
    ) {
      throw importError(
        fileName,
        1,
        `unknown column "${cell}" (columns: ${[...TAXKIT_CSV_REQUIRED, ...TAXKIT_CSV_OPTIONAL].join(', ')}).`,
      );
    }
    if (columns.has(name)) throw importError(fileName, 1, `column "${cell}" appears twice.`);
    columns.set(name, index);
  });
  const missing = TAXKIT_CSV_REQUIRED.filter((column) => !columns.has(column));
  if (missing.length > 0) throw importError(fileName, 1, `missing column(s) ${missing.join(', ')}.`);
  if (rows.length === 0) throw importError(fileName, undefined, 'the table has no rows.');

  const jurisdictions = new Map<string, JurisdictionDef>();
  const groups = new Map<string, { key: string; from: string; ids: string[]; rates: string[] }>();
  const sources = new Set<string>();
  let earliest: string | undefined;
  for (const { cells, line } of rows) {
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (cells[index] as string).trim();
    };
    const fail = (reason: string) => importError(fileName, line, reason);
    const country = cell('country').toUpperCase();
    if (!locations.countries.has(country)) throw fail(`unknown country "${cell('country')}".`);
    const state = cell('state').toUpperCase();
    const known = locations.subdivisions.get(country);
    if (state !== '' && known !== undefined && !known.has(state))
      throw fail(`unknown state "${cell('state')}" of ${country}.`);
    const zip = cell('zip');
    if (zip !== '' && (country !== 'US' || state === '' || !ZIP5.test(zip))) {
      throw fail(`zip "${zip}": a ZIP is a 5-digit US ZIP code, with its state.`);
    }
    const from = cell('effective_from');
    if (!ISO_DATE.test(from)) throw fail(`effective_from "${from}" is not an ISO date (YYYY-MM-DD).`);
    try {
      parseDay(from);
    } catch {
      throw fail(`effective_from "${from}" is not a real date.`);
    }
    const level = cell('level').toUpperCase() as JurisdictionLevel;
    if (!LEVELS.has(level)) throw fail(`level "${cell('level')}" is not one of ${[...LEVELS].join(', ')}.`);
    const name = cell('name');
    if (name === '') throw fail('name is empty.');
    checkImportedText(name, MAX_IMPORTED_NAME_LENGTH, fileName, line, 'name');
    checkImportedText(cell('authority_name'), MAX_IMPORTED_NAME_LENGTH, fileName, line, 'authority_name');
    checkImportedText(cell('rate_type'), MAX_IMPORTED_LABEL_LENGTH, fileName, line, 'rate_type');
    checkImportedText(cell('source'), MAX_IMPORTED_NOTE_LENGTH, fileName, line, 'source');
    const taxType = (cell('tax_type') || 'SALES').toUpperCase() as TaxType;
    if (!TAX_TYPES.has(taxType))
      throw fail(`tax_type "${cell('tax_type')}" is not one of ${[...TAX_TYPES].join(', ')}.`);
    const rate = formatScaled(parseRateCell(cell('rate'), fileName, line, 'rate'));
    if (cell('source') !== '') sources.add(cell('source'));

    const place = state === '' ? country : `${country}-${state}`;
    // A US state's sales tax is `US-<ST>` whatever table it comes from (the embedded one, an
    // Avalara or SST import), so one state is one report row; other levels are named.
    const id =
      country === 'US' && level === 'STATE' && state !== '' && taxType === 'SALES'
        ? place
        : `${place}:${level}:${name.toUpperCase()}`;
    jurisdictions.set(id, {
      id,
      country,
      level,
      name,
      authorityName: cell('authority_name') || name,
      authorityType: (level === 'COUNTRY' ? '' : level) as AuthorityType,
      taxType,
      rateType: cell('rate_type') || `${level} ${taxType === 'SALES' || taxType === 'USE' ? `${taxType} TAX` : 'TAX'}`,
      ...(state === '' ? {} : { subdivision: state }),
    });
    const key = zip === '' ? place : `${place}-${zip}`;
    const groupKey = `${key}\u0000${from}`;
    let group = groups.get(groupKey);
    if (group === undefined) {
      group = { key, from, ids: [], rates: [] };
      groups.set(groupKey, group);
    }
    if (group.ids.includes(id)) throw fail(`${level} "${name}" is listed twice for ${key} from ${from}.`);
    group.ids.push(id);
    group.rates.push(rate);
    if (earliest === undefined || from < earliest) earliest = from;
  }

  const locationsOut: LocationDef[] = [...groups.values()].map((group) => ({
    key: group.key,
    from: group.from,
    jurisdictions: group.ids,
    rates: group.rates,
  }));
  const name = fileName.replace(/^.*[\\/]/, '');
  const table: RateTable = {
    name: name.replace(/\.[^.]*$/, ''),
    source:
      sources.size === 0
        ? `taxkit rate table ${name}, written by its user (no source column given).`
        : `taxkit rate table ${name}; sources: ${[...sources].join('; ')}`,
    effectiveDate: earliest as string,
    jurisdictions: [...jurisdictions.values()],
    rates: [],
    locations: locationsOut,
  };
  return { fileName: name, format: 'taxkit-csv', table, rowCount: rows.length };
}
