import type { RateTableFormat } from '../core/rates/rate-table-record.ts';
import type { RateTable } from '../core/rates/rate-table.ts';
import type { SstBoundaryRow } from './sst/sst-boundary-row.ts';

/** One import file turned into a rate table. */
export interface ParsedRateFile {
  readonly fileName: string;
  readonly format: Exclude<RateTableFormat, 'base'>;
  readonly table: RateTable;
  /** Data rows of the file. */
  readonly rowCount: number;
  /**
   * An SST boundary file's rows as parsed, before packing: checked against the state's rate
   * file across the import (check-sst-districts.ts), then dropped; the table keeps them packed.
   */
  readonly sstBoundaryRows?: readonly SstBoundaryRow[];
}
