import { z } from 'zod';
import type { SerInput } from '../operations/ser-return.ts';
import { isoDay, MAX_REPORT_DAYS } from './liability-report-request.ts';
import { parseBody } from './parse-body.ts';
import { taxIssue, taxRule } from './tax-rule.ts';

/**
 * Query of GET /tax/reports/ser (and `engine.reports.ser`): the US state (two letters), the
 * first and last UTC day of the period (both inclusive), and over HTTP `format` (`json`, `xml`).
 */
export const serReturnRequestSchema = z
  .strictObject({
    state: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .refine((value) => /^[A-Z]{2}$/.test(value), taxRule('INVALID_VALUE', 'must be two letters, as KS or TX')),
    from: isoDay,
    to: isoDay,
    format: z
      .string()
      .refine((value) => ['json', 'xml'].includes(value), taxRule('INVALID_VALUE', 'must be json or xml'))
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.to < value.from) context.addIssue(taxIssue('INVALID_VALUE', 'to is before from', ['to']));
    else if (value.to - value.from >= MAX_REPORT_DAYS) {
      context.addIssue(taxIssue('INVALID_VALUE', `a return covers at most ${MAX_REPORT_DAYS} days`, ['to']));
    }
  });

export function parseSerReturnQuery(query: unknown): SerInput {
  const parsed = parseBody(serReturnRequestSchema, query ?? {});
  return { state: parsed.state, fromDay: parsed.from, toDay: parsed.to };
}
