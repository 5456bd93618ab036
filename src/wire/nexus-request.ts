import { z } from 'zod';
import type { NexusQuery } from '../operations/nexus.ts';
import { parseBody } from './parse-body.ts';
import { queryUnixSeconds } from './list-request.ts';

/** Query of GET /tax/nexus: `at`, Unix seconds (digits in a query string, or a number in process). */
export const nexusQuerySchema = z.strictObject({
  at: queryUnixSeconds.optional(),
});

export type NexusRequest = z.input<typeof nexusQuerySchema>;

export function parseNexusQuery(query: unknown): NexusQuery {
  const { at } = parseBody(nexusQuerySchema, query ?? {});
  return { at };
}
