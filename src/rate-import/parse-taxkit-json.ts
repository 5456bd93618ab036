import { z } from 'zod';
import type { RateTable } from '../core/rates/rate-table.ts';
import {
  importedTextProblem,
  MAX_IMPORTED_LABEL_LENGTH,
  MAX_IMPORTED_NAME_LENGTH,
  MAX_IMPORTED_NOTE_LENGTH,
} from './check-imported-text.ts';
import { importError } from './import-error.ts';
import type { ParsedRateFile } from './parsed-rate-file.ts';
import type { RateInput } from './rate-input.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date (YYYY-MM-DD)');
const decimal = z
  .string()
  .regex(/^(?:0|1)(?:\.\d{1,8})?$|^0?\.\d{1,8}$/, 'an exact decimal rate as a string ("0.0725")');

/** Imported text: bounded, no control characters, no leading formula sign (check-imported-text.ts). */
function text(max: number) {
  return z.string().superRefine((value, context) => {
    const problem = importedTextProblem(value, max);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
  });
}

const rateTableSchema = z.strictObject({
  name: text(MAX_IMPORTED_NAME_LENGTH).min(1),
  source: text(MAX_IMPORTED_NOTE_LENGTH).min(1),
  sourceUrl: text(MAX_IMPORTED_NOTE_LENGTH).optional(),
  effectiveDate: isoDate,
  license: text(MAX_IMPORTED_NOTE_LENGTH).optional(),
  jurisdictions: z.array(
    z.strictObject({
      id: text(MAX_IMPORTED_NOTE_LENGTH).min(1),
      country: z.string().length(2),
      level: z.enum(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'DISTRICT']),
      name: text(MAX_IMPORTED_NAME_LENGTH),
      authorityName: text(MAX_IMPORTED_NAME_LENGTH),
      authorityType: z.enum(['STATE', 'COUNTY', 'CITY', 'DISTRICT', '']),
      taxType: z.enum(['SALES', 'USE', 'VAT', 'GST']),
      rateType: text(MAX_IMPORTED_LABEL_LENGTH),
      note: text(MAX_IMPORTED_NOTE_LENGTH).optional(),
      subdivision: text(MAX_IMPORTED_LABEL_LENGTH).optional(),
    }),
  ),
  rates: z.array(
    z.strictObject({
      jurisdiction: z.string(),
      from: isoDate,
      to: isoDate.optional(),
      rate: decimal,
      feeMinor: z.number().int().nonnegative().optional(),
      categories: z.record(z.string(), z.strictObject({ rate: decimal, note: z.string().optional() })).optional(),
      source: z.string().optional(),
    }),
  ),
  locations: z.array(
    z.strictObject({
      key: z.string().min(1),
      jurisdictions: z.array(z.string()),
      from: isoDate.optional(),
      rates: z.array(decimal).optional(),
    }),
  ),
});

/**
 * Reads a rate table written as JSON in taxkit's `RateTable` shape (what `data/rates/*.json`
 * holds). Only the shape is checked here; references and rates are checked when the import
 * compiles it.
 *
 * @throws TaxError INVALID_VALUE naming the file and the first problem's path.
 */
export function parseTaxkitJson(input: RateInput): ParsedRateFile {
  let json: unknown;
  try {
    json = JSON.parse(input.text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw importError(input.fileName, undefined, `not valid JSON (${(error as Error).message}).`);
  }
  const parsed = rateTableSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    throw importError(
      input.fileName,
      undefined,
      `not a taxkit rate table: ${path === '' ? '' : `${path}: `}${issue?.message}.`,
    );
  }
  const table = parsed.data as RateTable;
  return {
    fileName: input.fileName.replace(/^.*[\\/]/, ''),
    format: 'taxkit-json',
    table,
    rowCount: table.locations.length,
  };
}
