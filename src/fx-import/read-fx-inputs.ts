import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TaxError } from '../core/errors.ts';
import type { RateInput } from '../rate-import/rate-input.ts';

/** The largest exchange-rate file read: ECB's whole history since 1999 is under 2 MB. */
export const MAX_FX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads exchange-rate files: a file as it is, a folder's `.csv` files (not its subfolders) in
 * name order, relative paths from `cwd`. Text is UTF-8, or Windows-1252 when it is not valid
 * UTF-8 (HMRC's files have been published in both; the pound sign differs).
 *
 * @throws TaxError INVALID_VALUE naming the path when it cannot be read, is too large, or is a folder without a .csv.
 */
export function readFxInputs(inputs: readonly string[], cwd: string): RateInput[] {
  return inputs.flatMap((input): RateInput[] => {
    const path = resolve(cwd, input);
    try {
      if (!statSync(path).isDirectory()) return [readOne(path, input)];
      const files = readdirSync(path)
        .filter((name) => /\.csv$/i.test(name) && statSync(join(path, name)).isFile())
        .sort();
      if (files.length === 0) throw new TaxError('INVALID_VALUE', `${input}: the folder holds no .csv file.`);
      return files.map((name) => readOne(join(path, name), join(input, name)));
    } catch (error) {
      if (error instanceof TaxError) throw error;
      throw new TaxError('INVALID_VALUE', `${input}: cannot be read (${(error as Error).message}).`, {
        details: { file: input },
        cause: error,
      });
    }
  });
}

function readOne(path: string, fileName: string): RateInput {
  const size = statSync(path).size;
  if (size > MAX_FX_FILE_BYTES) {
    throw new TaxError(
      'INVALID_VALUE',
      `${fileName}: ${size} bytes, more than an exchange-rate file may hold (${MAX_FX_FILE_BYTES}).`,
      {
        details: { file: fileName },
      },
    );
  }
  const bytes = readFileSync(path);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return { fileName, text };
}
