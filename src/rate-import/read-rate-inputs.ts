import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TaxError } from '../core/errors.ts';
import { importError } from './import-error.ts';
import type { RateInput } from './rate-input.ts';
import { readBoundedFile } from './read-bounded-file.ts';
import { readZipEntries } from './read-zip-entries.ts';

const IMPORTABLE = /\.(csv|json|zip)$/i;

/**
 * The largest rate file read: a nationwide ZIP table is tens of MB, and a file near V8's string
 * limit (about 512 MB) would abort the process rather than be refused. Counted while reading,
 * and again for each CSV a `.zip` unpacks to.
 */
export const MAX_RATE_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Reads import inputs: a file path is read as it is; a folder contributes its `.csv`, `.json`
 * and `.zip` files (not its subfolders), in name order; a `.zip` contributes its `.csv` files
 * (one CSV is reported under the archive's own name, as the SST board names its archives;
 * several under `<archive>/<entry>`); already-read inputs pass through. Relative paths are read
 * from `cwd` and reported as given.
 *
 * A file stops at `maxBytes` (default {@link MAX_RATE_FILE_BYTES}), counted as it is read, so
 * a pipe or a device cannot bypass it; so does each CSV a `.zip` holds.
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
      if (!statSync(path).isDirectory()) return readFile(path, input, maxBytes);
      const files = readdirSync(path)
        .filter((name) => IMPORTABLE.test(name) && statSync(join(path, name)).isFile())
        .sort();
      if (files.length === 0) {
        throw new TaxError('INVALID_VALUE', `${input}: the folder holds no .csv, .json or .zip file to import.`);
      }
      return files.flatMap((name) => readFile(join(path, name), join(input, name), maxBytes));
    } catch (error) {
      if (error instanceof TaxError) throw error;
      throw new TaxError('INVALID_VALUE', `${input}: cannot be read (${(error as Error).message}).`, {
        details: { file: input },
        cause: error,
      });
    }
  });
}

/** A file's inputs: its text, or the CSV files of a `.zip`, each at most `maxBytes`. */
function readFile(path: string, fileName: string, maxBytes: number): RateInput[] {
  const bytes = readBoundedFile(path, fileName, maxBytes, 'a rate file');
  if (!/\.zip$/i.test(fileName)) return [{ fileName, text: decodeUtf8(bytes, fileName) }];
  let entries: ReturnType<typeof readZipEntries>;
  try {
    entries = readZipEntries(bytes).filter((entry) => /\.csv$/i.test(entry.name));
  } catch (error) {
    throw importError(fileName, undefined, `cannot be read as a zip archive (${(error as Error).message}).`);
  }
  if (entries.length === 0) throw importError(fileName, undefined, 'the zip archive holds no .csv file.');
  return entries.map((entry) => {
    const name = entries.length === 1 ? fileName : `${fileName}/${entry.name}`;
    if (entry.bytes.length > maxBytes) {
      throw importError(name, undefined, `unpacks to more than ${maxBytes} bytes, the most a rate file may hold.`);
    }
    return { fileName: name, text: decodeUtf8(entry.bytes, name) };
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text, which must be UTF-8: a Latin-1 or Windows-1252 byte would otherwise become
 * U+FFFD in a jurisdiction's name for good. The error names the first line that is not UTF-8
 * (a newline byte is never part of a multi-byte character, so lines can be decoded one by one).
 */
function decodeUtf8(bytes: Uint8Array, fileName: string): string {
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
