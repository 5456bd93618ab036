import type { RateTableFormat } from '../core/rates/rate-table-record.ts';
import type { RateTable } from '../core/rates/rate-table.ts';

/** One import file turned into a rate table. */
export interface ParsedRateFile {
  readonly fileName: string;
  readonly format: Exclude<RateTableFormat, 'base'>;
  readonly table: RateTable;
  /** Data rows of the file. */
  readonly rowCount: number;
}
