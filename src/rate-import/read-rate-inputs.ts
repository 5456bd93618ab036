import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TaxError } from '../core/errors.ts';
import { importError } from './import-error.ts';
import type { RateInput } from './rate-input.ts';
import { readBoundedFile } from './read-bounded-file.ts';

const IMPORTABLE = /\.(csv|json)$/i;

/**
 * The largest rate file read: a nationwide ZIP table is tens of MB, and a file near V8's string
 * limit (about 512 MB) would abort the process rather than be refused. Counted while reading.
 */
export const MAX_RATE_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Reads import inputs: a file path is read as it is; a folder contributes its `.csv` and
 * `.json` files (not its subfolders), in name order; already-read inputs pass through. Relative
 * paths are read from `cwd` and reported as given.
 *
 * A file stops at `maxBytes` (default {@link MAX_RATE_FILE_BYTES}), counted as it is read, so
 * a pipe or a device cannot bypass it.
 *
 * @throws TaxError INVALID_VALUE when a path cannot be read, is too large, or a folder holds nothing to import.
 */
export function readRateInputs(
  inputs: readonly (string | RateInput)[],
  cwd = process.cwd(),
  maxBytes = MAX_RATE_FILE_BYTES,
): RateInput[] {
  return inputs.flatMap((input): RateInput[] => {
    if (typeof input !== 'string') return [input];
    const path = resolve(cwd, input);
    try {
      if (!statSync(path).isDirectory()) return [{ fileName: input, text: readUtf8(path, input, maxBytes) }];
      const files = readdirSync(path)
        .filter((name) => IMPORTABLE.test(name) && statSync(join(path, name)).isFile())
        .sort();
      if (files.length === 0) {
        throw new TaxError('INVALID_VALUE', `${input}: the folder holds no .csv or .json file to import.`);
      }
      return files.map((name) => ({
        fileName: join(input, name),
        text: readUtf8(join(path, name), join(input, name), maxBytes),
      }));
    } catch (error) {
      if (error instanceof TaxError) throw error;
      throw new TaxError('INVALID_VALUE', `${input}: cannot be read (${(error as Error).message}).`, {
        details: { file: input },
        cause: error,
      });
    }
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text, which must be UTF-8: a Latin-1 or Windows-1252 byte would otherwise become
 * U+FFFD in a jurisdiction's name for good. The error names the first line that is not UTF-8
 * (a newline byte is never part of a multi-byte character, so lines can be decoded one by one).
 */
function readUtf8(path: string, fileName: string, maxBytes: number): string {
  const bytes = readBoundedFile(path, fileName, maxBytes, 'a rate file');
  try {
    return utf8.decode(bytes);
  } catch {
    let start = 0;
    for (let line = 1; ; line += 1) {
      const end = bytes.indexOf(0x0a, start);
      try {
        utf8.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
      } catch {
        throw importError(fileName, line, 'is not UTF-8 text; save the file as UTF-8 and import it again.');
      }
      if (end === -1) throw importError(fileName, undefined, 'is not UTF-8 text.');
      start = end + 1;
    }
  }
}
