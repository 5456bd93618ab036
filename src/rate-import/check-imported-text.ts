import { importError } from './import-error.ts';

/**
 * Longest text of an imported name: a jurisdiction or region name (TaxRegionName, `name`,
 * `authority_name`). Real names are under 60 characters; a 5 MB one made every calculation at
 * its ZIP answer 40 MB.
 */
export const MAX_IMPORTED_NAME_LENGTH = 200;
/** Longest `rate_type` and other short labels. */
export const MAX_IMPORTED_LABEL_LENGTH = 100;
/** Longest free text: a `source`, a `note`, a `license`. */
export const MAX_IMPORTED_NOTE_LENGTH = 2_000;

/** C0 and C1 control characters and DEL: never part of a name, and a NUL breaks C clients. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * What a spreadsheet reads as a formula when the text reaches a CSV export (`=HYPERLINK(…)`,
 * `+cmd`, `-2+3`, `@SUM`): refused rather than rewritten, so a name is never changed silently.
 */
const FORMULA = /^[=+\-@]/;

/**
 * Why `value` cannot be an imported text of at most `max` characters, or `undefined` when it
 * can: too long, a control character, a lone surrogate (not UTF-8), or a leading formula sign.
 */
export function importedTextProblem(value: string, max: number): string | undefined {
  if (value.length > max) return `is ${value.length.toLocaleString('en')} characters long; at most ${max} are accepted`;
  const control = CONTROL.exec(value);
  if (control !== null) {
    const code = (control[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
    return `holds the control character U+${code} at character ${control.index + 1}`;
  }
  if (LONE_SURROGATE.test(value)) return 'holds a lone UTF-16 surrogate: not text UTF-8 can hold';
  if (FORMULA.test(value)) return `starts with "${value[0]}", which a spreadsheet reads as a formula`;
  return undefined;
}

/**
 * Checks the text of a cell (`column`) of an imported file at `line`.
 *
 * @throws TaxError INVALID_VALUE naming the file, the line, the column and the problem.
 */
export function checkImportedText(value: string, max: number, fileName: string, line: number, column: string): string {
  const problem = importedTextProblem(value, max);
  if (problem !== undefined) throw importError(fileName, line, `${column} ${quoted(value)} ${problem}.`);
  return value;
}

/** A cell as an error message quotes it: at most 40 characters, control characters escaped. */
export function quoted(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(shown);
}
