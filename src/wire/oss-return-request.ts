import { z } from 'zod';
import { OSS_SCHEMES, type OssScheme } from '../core/reports/oss-return.ts';
import { parseQuarter, type Quarter } from '../core/reports/quarter.ts';
import type { OssInput } from '../operations/oss-return.ts';
import { parseBody } from './parse-body.ts';
import { taxRule } from './tax-rule.ts';

/**
 * Query of GET /tax/reports/oss (and `engine.reports.oss`): the quarter (`YYYY-Qn`), the scheme
 * (`union` or `non_union`; by default the one the seller is registered for), and over HTTP
 * `format` (`json`, `csv`, `bzst`) and `part` (which BZSt file, from 1).
 */
export const ossReturnRequestSchema = z.strictObject({
  quarter: z
    .string()
    .refine(
      (value) => parseQuarter(value) !== undefined,
      taxRule('INVALID_VALUE', 'must be written YYYY-Qn, Q1 to Q4'),
    ),
  scheme: z
    .string()
    .refine(
      (value) => (OSS_SCHEMES as readonly string[]).includes(value),
      taxRule('INVALID_VALUE', 'must be union or non_union'),
    )
    .optional(),
  format: z
    .string()
    .refine((value) => ['json', 'csv', 'bzst'].includes(value), taxRule('INVALID_VALUE', 'must be json, csv or bzst'))
    .optional(),
  part: z
    .string()
    .refine((value) => /^[1-9]\d{0,3}$/.test(value), taxRule('INVALID_VALUE', 'must be a file number from 1'))
    .optional(),
});

export function parseOssReturnQuery(query: unknown): OssInput {
  const parsed = parseBody(ossReturnRequestSchema, query ?? {});
  return { quarter: parseQuarter(parsed.quarter) as Quarter, scheme: parsed.scheme as OssScheme | undefined };
}
