import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TaxError } from '../core/errors.ts';
import type { RateInput } from '../rate-import/rate-input.ts';
import { readBoundedFile } from '../rate-import/read-bounded-file.ts';

/** The largest exchange-rate file read: ECB's whole history since 1999 is under 2 MB. */
export const MAX_FX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads exchange-rate files: a file as it is, a folder's `.csv` files (not its subfolders) in
 * name order, relative paths from `cwd`. Text is UTF-8, or Windows-1252 when it is not valid
 * UTF-8 (HMRC's files have been published in both; the pound sign differs).
 *
 * A file stops at `maxBytes` (default {@link MAX_FX_FILE_BYTES}), counted as it is read.
 *
 * @throws TaxError INVALID_VALUE naming the path when it cannot be read, is too large, or is a folder without a .csv.
 */
export function readFxInputs(inputs: readonly string[], cwd: string, maxBytes = MAX_FX_FILE_BYTES): RateInput[] {
  return inputs.flatMap((input): RateInput[] => {
    const path = resolve(cwd, input);
    try {
      if (!statSync(path).isDirectory()) return [readOne(path, input, maxBytes)];
      const files = readdirSync(path)
        .filter((name) => /\.csv$/i.test(name) && statSync(join(path, name)).isFile())
        .sort();
      if (files.length === 0) throw new TaxError('INVALID_VALUE', `${input}: the folder holds no .csv file.`);
      return files.map((name) => readOne(join(path, name), join(input, name), maxBytes));
    } catch (error) {
      if (error instanceof TaxError) throw error;
      throw new TaxError('INVALID_VALUE', `${input}: cannot be read (${(error as Error).message}).`, {
        details: { file: input },
        cause: error,
      });
    }
  });
}

function readOne(path: string, fileName: string, maxBytes: number): RateInput {
  const bytes = readBoundedFile(path, fileName, maxBytes, 'an exchange-rate file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return { fileName, text };
}
