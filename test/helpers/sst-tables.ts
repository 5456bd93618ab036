import type { RateTable } from '../../src/core/rates/rate-table.ts';
import { parseSstFile } from '../../src/rate-import/sst/parse-sst-file.ts';
import { parseSstFileName } from '../../src/rate-import/sst/sst-file-name.ts';

/** An SST file's lines parsed into the rate table an import stores. */
export function sstTable(fileName: string, lines: readonly string[]): RateTable {
  const name = parseSstFileName(fileName);
  if (name === undefined) throw new Error(`${fileName} is not an SST file name`);
  return parseSstFile({ fileName, text: `${lines.join('\n')}\n` }, name).table;
}
