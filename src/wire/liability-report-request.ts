import { z } from 'zod';
import { dayNumber } from '../core/rates/day-number.ts';
import { formatDay } from '../core/rates/format-day.ts';
import { REPORT_PERIODS } from '../core/reports/report-period.ts';
import type { LiabilityInput } from '../operations/liability-report.ts';
import { isKnownCurrency } from './currencies.ts';
import { parseBody } from './parse-body.ts';
import { taxIssue, taxRule } from './tax-rule.ts';

/** The longest range one report covers: ten years of days. */
export const MAX_REPORT_DAYS = 3653;

/** A UTC calendar day, YYYY-MM-DD, as a day number. */
export const isoDay = z
  .string()
  .refine((value) => dayOf(value) !== undefined, taxRule('INVALID_VALUE', 'must be a date YYYY-MM-DD'))
  .transform((value) => dayOf(value) as number);

/** The day number of an ISO date that exists (2026-02-30 does not), else undefined. */
function dayOf(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return undefined;
  const day = dayNumber(Number(match[1]), Number(match[2]), Number(match[3]));
  return formatDay(day) === value ? day : undefined;
}

/**
 * Query of GET /tax/reports/liability (and `engine.reports.liability`): the first and last UTC
 * day (both inclusive, at most ten years apart), how to split them (`month` by default,
 * `quarter`, `year`), an optional filing currency to keep, and `format` (`json`, or `csv` over
 * HTTP).
 */
export const liabilityReportRequestSchema = z
  .strictObject({
    from: isoDay,
    to: isoDay,
    period: z.enum(REPORT_PERIODS as [string, ...string[]]).optional(),
    currency: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .refine(isKnownCurrency, taxRule('INVALID_CURRENCY', 'is not a currency taxkit knows'))
      .optional(),
    format: z.enum(['json', 'csv']).optional(),
  })
  .superRefine((value, context) => {
    if (value.to < value.from) context.addIssue(taxIssue('INVALID_VALUE', 'to is before from', ['to']));
    else if (value.to - value.from >= MAX_REPORT_DAYS) {
      context.addIssue(taxIssue('INVALID_VALUE', `a report covers at most ${MAX_REPORT_DAYS} days`, ['to']));
    }
  });

export type LiabilityReportRequest = z.input<typeof liabilityReportRequestSchema>;

export function parseLiabilityReportQuery(query: unknown): LiabilityInput {
  const parsed = parseBody(liabilityReportRequestSchema, query ?? {});
  return {
    fromDay: parsed.from,
    toDay: parsed.to,
    period: (parsed.period ?? 'month') as LiabilityInput['period'],
    currency: parsed.currency,
  };
}
