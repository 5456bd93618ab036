import { z } from 'zod';
import type { PageRequest } from '../operations/load-page.ts';
import { parseBody } from './parse-body.ts';
import { isUnixSeconds, UNIX_SECONDS_MESSAGE } from './request-bounds.ts';
import { taxRule } from './tax-rule.ts';

/** A page size 1..100, from a query string's digits or a number: the `limit` of every list. */
export const pageLimit = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  .refine(
    (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100,
    taxRule('INVALID_VALUE', 'limit must be an integer from 1 to 100'),
  )
  .transform((value) => value as number);

/** Unix seconds, from a query string's digits or a number: the periods and dates of list and status queries. */
export const queryUnixSeconds = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value))
  .refine(isUnixSeconds, taxRule('INVALID_VALUE', UNIX_SECONDS_MESSAGE))
  .transform((value) => value as number);

/**
 * Query of GET /tax/products and GET /tax/customers: an exclusive cursor (the last id seen)
 * and, as taxkit's addition, an optional page size 1..100 (a query string's digits or a
 * number); the hosted API documents only the cursor and pages of up to 50.
 */
export const listRequestSchema = z.strictObject({
  cursor: z.string().max(255).optional(),
  limit: pageLimit.optional(),
});

export type ListRequest = z.input<typeof listRequestSchema>;

/** A list query as the engine's list operations take it: `cursor` -> `after`, `limit`. */
export function parseListQuery(query: unknown): PageRequest {
  const { cursor, limit } = parseBody(listRequestSchema, query ?? {});
  return { after: cursor, limit };
}
