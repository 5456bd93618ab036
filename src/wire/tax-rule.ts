import type { z } from 'zod';
import type { TaxErrorType } from '../core/errors.ts';

/**
 * What a schema check attaches to the zod issue it raises: the TaxError type the caller gets.
 * `parseBody` reads it from the issue's `params`, so the type is checked by the compiler where
 * the rule is written, and nothing is parsed back out of a message.
 */
export interface TaxIssueParams {
  readonly taxErrorType: TaxErrorType;
}

/**
 * The options of a `.refine(…)` whose failure is the TaxError `type` with `message`.
 *
 * @example
 * z.number().refine((value) => value > 0, taxRule('POSITIVE_NUMBER_REQUIRED', 'must be greater than zero'));
 */
export function taxRule(type: TaxErrorType, message: string): { message: string; params: TaxIssueParams } {
  return { message, params: { taxErrorType: type } };
}

/** A custom issue for `context.addIssue` in a `superRefine`, typed the same way. */
export function taxIssue(
  type: TaxErrorType,
  message: string,
  path: readonly PropertyKey[],
): { code: 'custom'; message: string; params: TaxIssueParams; path: PropertyKey[] } {
  return { code: 'custom', message, params: { taxErrorType: type }, path: [...path] };
}

/** The TaxError type a check attached to `issue`, if any. */
export function taxErrorTypeOf(issue: z.core.$ZodIssue): TaxErrorType | undefined {
  if (issue.code !== 'custom') return undefined;
  const params = issue.params as Partial<TaxIssueParams> | undefined;
  return params?.taxErrorType;
}
