import { importError } from './import-error.ts';

/** The columns taxkit reads from an Avalara ZIP5 table, by name. */
export const AVALARA_ZIP5_COLUMNS = [
  'State',
  'ZipCode',
  'TaxRegionName',
  'EstimatedCombinedRate',
  'StateRate',
  'EstimatedCountyRate',
  'EstimatedCityRate',
  'EstimatedSpecialRate',
] as const;

export type AvalaraZip5Column = (typeof AVALARA_ZIP5_COLUMNS)[number];

/**
 * Where each column of an Avalara ZIP5 table is, by its name in the header. Avalara has
 * changed the order over the years (older tables put StateRate before EstimatedCombinedRate
 * and quote the region names), so a column is found by name, never by position. Names are
 * compared without case or surrounding spaces; other columns (RiskLevel, anything Avalara adds
 * later) are ignored.
 *
 * @throws TaxError INVALID_VALUE on line 1 naming every missing column, or one named twice.
 */
export function avalaraZip5Columns(
  header: readonly string[],
  fileName: string,
): Readonly<Record<AvalaraZip5Column, number>> {
  const byName = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (byName.has(name)) throw importError(fileName, 1, `the header names the column "${cell.trim()}" twice.`);
    byName.set(name, index);
  });
  const missing = AVALARA_ZIP5_COLUMNS.filter((column) => !byName.has(column.toLowerCase()));
  if (missing.length > 0) {
    throw importError(
      fileName,
      1,
      `the Avalara ZIP5 header has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'} (it needs ${AVALARA_ZIP5_COLUMNS.join(', ')}, in any order).`,
    );
  }
  const columns = {} as Record<AvalaraZip5Column, number>;
  for (const column of AVALARA_ZIP5_COLUMNS) columns[column] = byName.get(column.toLowerCase()) as number;
  return columns;
}

/**
 * Whether a header is meant as an Avalara ZIP5 table: it names Avalara's ZipCode or
 * EstimatedCombinedRate column. Such a file missing another column gets the error naming it,
 * not "unknown format".
 */
export function looksLikeAvalaraZip5(header: readonly string[]): boolean {
  return header.some((cell) => {
    const name = cell.trim().toLowerCase();
    return name === 'zipcode' || name === 'estimatedcombinedrate';
  });
}
