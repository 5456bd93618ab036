import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TaxError } from '../core/errors.ts';
import type { RateInput } from './rate-input.ts';

const IMPORTABLE = /\.(csv|json)$/i;

/**
 * Reads import inputs: a file path is read as it is; a folder contributes its `.csv` and
 * `.json` files (not its subfolders), in name order; already-read inputs pass through. Relative
 * paths are read from `cwd` and reported as given.
 *
 * @throws TaxError INVALID_VALUE when a path cannot be read, or a folder holds nothing to import.
 */
export function readRateInputs(inputs: readonly (string | RateInput)[], cwd = process.cwd()): RateInput[] {
  return inputs.flatMap((input): RateInput[] => {
    if (typeof input !== 'string') return [input];
    const path = resolve(cwd, input);
    try {
      if (!statSync(path).isDirectory()) return [{ fileName: input, text: readFileSync(path, 'utf8') }];
      const files = readdirSync(path)
        .filter((name) => IMPORTABLE.test(name) && statSync(join(path, name)).isFile())
        .sort();
      if (files.length === 0) {
        throw new TaxError('INVALID_VALUE', `${input}: the folder holds no .csv or .json file to import.`);
      }
      return files.map((name) => ({ fileName: join(input, name), text: readFileSync(join(path, name), 'utf8') }));
    } catch (error) {
      if (error instanceof TaxError) throw error;
      throw new TaxError('INVALID_VALUE', `${input}: cannot be read (${(error as Error).message}).`, {
        details: { file: input },
        cause: error,
      });
    }
  });
}
