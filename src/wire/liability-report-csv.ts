import type { LiabilityReport } from './api-types.ts';
import { liabilityRowSchema } from './response-schemas.ts';

/** The CSV columns: every field of a report row, in the JSON's order. */
export const LIABILITY_CSV_COLUMNS = Object.keys(liabilityRowSchema.shape) as (keyof LiabilityReport['rows'][number])[];

/**
 * The liability report's rows as CSV (RFC 4180, CRLF line ends): one header line with the row
 * field names, then one line per row, the same rows as the JSON. Numbers are written as the
 * JSON writes them; a text cell that a spreadsheet would run as a formula (it starts with =, +,
 * - or @) is prefixed with an apostrophe, and a cell with a comma, quote or line break is quoted.
 */
export function liabilityReportCsv(report: LiabilityReport): string {
  const lines = [LIABILITY_CSV_COLUMNS.join(',')];
  for (const row of report.rows) {
    lines.push(LIABILITY_CSV_COLUMNS.map((column) => cell(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
