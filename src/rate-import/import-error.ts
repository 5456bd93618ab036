import { TaxError } from '../core/errors.ts';

/**
 * The error of a bad import file: INVALID_VALUE with the file, the line (1-based, the header is
 * line 1) and the reason, in the message and in `details`.
 */
export function importError(fileName: string, line: number | undefined, reason: string): TaxError {
  const where = line === undefined ? fileName : `${fileName}, line ${line}`;
  return new TaxError('INVALID_VALUE', `${where}: ${reason}`, {
    details: { file: fileName, ...(line === undefined ? {} : { line }), reason },
  });
}
