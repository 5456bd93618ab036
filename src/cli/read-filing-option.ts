import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkFilingOptions, type FilingOptions } from '../core/fx/filing-rules.ts';

/**
 * The `filing` engine option from the JSON file `taxkit serve --filing PATH` names
 * (`{ "rules": [{ "countries": "EU", "currency": "EUR", "source": "ECB" }] }`,
 * docs/filing-currency.md). Throws an Error naming the file when it cannot be read, is not
 * JSON, or is not a valid option.
 */
export function readFilingOption(path: string, cwd: string): FilingOptions {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(resolve(cwd, path), 'utf8'));
  } catch (error) {
    throw new Error(`--filing ${path}: cannot be read as JSON (${(error as Error).message}).`);
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new Error(`--filing ${path}: not a JSON object with "rules".`);
  try {
    checkFilingOptions(parsed as FilingOptions);
  } catch (error) {
    throw new Error(`--filing ${path}: ${(error as Error).message.replace(/^taxkit: filing\./, '')}`);
  }
  return parsed as FilingOptions;
}
