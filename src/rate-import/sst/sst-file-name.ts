import { SST_STATE_FIPS } from './sst-states.ts';

/** What an SST file's official name says. */
export interface SstFileName {
  readonly state: string;
  readonly kind: 'rates' | 'boundaries';
  /** "2026Q2". */
  readonly quarter: string;
  /** ISO date of publication ("2026-02-18"). */
  readonly published: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * `<ST><R|B><YYYY>Q<q><MON><D or DD>` then `.csv` or `.zip` (the board's names, e.g.
 * `MNR2026Q2FEB18.zip`, `WYR2026Q2APR1.csv`); anything after the day before the extension
 * (`-sample`, ` (1)` from a browser) is allowed. The publication year is the quarter's year, or
 * the year before for a file published in the quarter before (a Q1 file published in December).
 */
const NAME = /^([A-Z]{2})([RB])(\d{4})Q([1-4])([A-Z]{3})(\d{1,2})(?![0-9])[^/\\]*\.(csv|zip)$/i;

/** The file's SST name read from the last part of its path; `undefined` when it is not one. */
export function parseSstFileName(path: string): SstFileName | undefined {
  const base = path.split(/[/\\]/).pop() ?? path;
  const match = NAME.exec(base);
  if (match === null) return undefined;
  const state = (match[1] as string).toUpperCase();
  if (!SST_STATE_FIPS.has(state)) return undefined;
  const month = MONTHS.indexOf((match[5] as string).toUpperCase());
  const day = Number(match[6]);
  if (month < 0 || day < 1 || day > 31) return undefined;
  const year = Number(match[3]);
  const quarter = Number(match[4]);
  const publishedYear = month + 1 > quarter * 3 ? year - 1 : year;
  return {
    state,
    kind: (match[2] as string).toUpperCase() === 'R' ? 'rates' : 'boundaries',
    quarter: `${year}Q${quarter}`,
    published: `${publishedYear}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}
