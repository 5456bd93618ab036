import type { ExchangeRate, ExchangeRateSource } from '../core/fx/exchange-rate.ts';
import { importError } from '../rate-import/import-error.ts';
import type { RateInput } from '../rate-import/rate-input.ts';
import { parseEcbCsv } from './parse-ecb-csv.ts';
import { parseHmrcCsv } from './parse-hmrc-csv.ts';

/** Which layout a file is in: 'auto' reads it from the header. */
export type FxFileFormat = 'auto' | 'ecb' | 'hmrc';

/** A parsed file: its source and rates. */
export interface ParsedFxFile {
  readonly fileName: string;
  readonly source: ExchangeRateSource;
  readonly rates: readonly ExchangeRate[];
}

/**
 * Parses one exchange-rate file in the layout given, or the one its header shows ('auto'): a
 * first column "Date" is ECB's eurofxref layout, a "Currency Code" column is HMRC's monthly
 * layout. Pure; throws INVALID_VALUE naming the file (and line) when neither fits.
 */
export function parseFxFile(input: RateInput, format: FxFileFormat = 'auto'): ParsedFxFile {
  const source = format === 'auto' ? detect(input) : format === 'ecb' ? 'ECB' : 'HMRC';
  const rates = source === 'ECB' ? parseEcbCsv(input) : parseHmrcCsv(input);
  return { fileName: input.fileName, source, rates };
}

function detect(input: RateInput): ExchangeRateSource {
  const start = input.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = input.text.indexOf('\n', start);
  const header = input.text.slice(start, end === -1 ? undefined : end).toLowerCase();
  if (/^"?date"?,/.test(header)) return 'ECB';
  if (header.includes('currency code')) return 'HMRC';
  throw importError(
    input.fileName,
    1,
    'not an exchange-rate file taxkit knows: expected ECB eurofxref ("Date,USD,…") or HMRC monthly rates ("…,Currency Code,…").',
  );
}
