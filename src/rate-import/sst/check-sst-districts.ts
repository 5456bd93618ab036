import type { SstRateRow } from '../../core/rates/sst/sst-file.ts';
import type { SstBoundaryRow } from './sst-boundary-row.ts';
import type { ParsedRateFile } from '../parsed-rate-file.ts';
import { sstError } from './sst-lines.ts';

/**
 * A boundary file imported with its state's rate file must not name a special district the
 * rate file gives no rate for on a day the boundary row is in force: such a district would
 * silently tax nothing. Checked against the newest rate file of the state in the same import
 * (a boundary file imported alone is checked when it is compiled, and a code without a rate
 * then taxes nothing, as the state's own files say). Rows are numbered as the file's data
 * lines (the files have no header and no blank lines).
 *
 * @throws TaxError INVALID_VALUE naming the boundary file, line and column.
 */
export function checkSstDistricts(files: readonly ParsedRateFile[]): void {
  const rates = new Map<string, readonly SstRateRow[]>();
  const newest = new Map<string, string>();
  for (const file of files) {
    const sst = file.table.sst;
    if (sst?.rates === undefined) continue;
    const order = `${sst.quarter}|${sst.published ?? ''}`;
    if ((newest.get(sst.state) ?? '') <= order) {
      newest.set(sst.state, order);
      rates.set(sst.state, sst.rates);
    }
  }
  for (const file of files) {
    const sst = file.table.sst;
    const rows = file.sstBoundaryRows;
    const stateRates = sst === undefined ? undefined : rates.get(sst.state);
    if (rows === undefined || stateRates === undefined) continue;
    const byCode = new Map<string, SstRateRow[]>();
    for (const row of stateRates) {
      const list = byCode.get(row[1]);
      if (list === undefined) byCode.set(row[1], [row]);
      else list.push(row);
    }
    rows.forEach((row, index) => {
      for (const [slot, code] of row[9].entries()) {
        if (!covers(byCode.get(code), row)) {
          throw sstError(
            file.fileName,
            index + 1,
            undefined,
            `special district ${code} (the ${ordinal(slot + 1)} district of the row) has no rate in the state's rate file on every day from ${row[1]} to ${row[2]}.`,
          );
        }
      }
    });
  }
}

/** Whether the rate rows cover every day of the boundary row (dates as YYYYMMDD, ends inclusive). */
function covers(list: readonly SstRateRow[] | undefined, row: SstBoundaryRow): boolean {
  if (list === undefined) return false;
  const sorted = [...list].sort((a, b) => a[4] - b[4]);
  let covered = shiftDay(row[1], -1);
  for (const rate of sorted) {
    if (rate[5] <= covered) continue;
    if (rate[4] > shiftDay(covered, 1)) return false;
    covered = rate[5];
    if (covered >= row[2]) return true;
  }
  return false;
}

/** The day `by` days from a YYYYMMDD date, as YYYYMMDD. */
function shiftDay(date: number, by: number): number {
  const day = new Date(Date.UTC(Math.floor(date / 10_000), (Math.floor(date / 100) % 100) - 1, (date % 100) + by));
  return day.getUTCFullYear() * 10_000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}
