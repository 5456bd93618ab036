import { z } from 'zod';
import type { NexusQuery } from '../operations/nexus.ts';
import { parseBody } from './parse-body.ts';
import { taxRule } from './tax-rule.ts';

/** Query of GET /tax/nexus: `at`, Unix seconds (digits in a query string, or a number in process). */
export const nexusQuerySchema = z.strictObject({
  at: z
    .union([z.number(), z.string()])
    .transform((value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value))
    .refine(
      (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0,
      taxRule('INVALID_VALUE', 'at must be Unix seconds (a whole number, 0 or more)'),
    )
    .transform((value) => value as number)
    .optional(),
});

export type NexusRequest = z.input<typeof nexusQuerySchema>;

export function parseNexusQuery(query: unknown): NexusQuery {
  const { at } = parseBody(nexusQuerySchema, query ?? {});
  return { at };
}
