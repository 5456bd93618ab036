import type { z } from 'zod';
import { TaxError } from '../core/errors.ts';
import { taxErrorTypeOf } from './tax-rule.ts';

/**
 * Validates a request body against a zod schema and returns the parsed value, or throws the
 * TaxError of the first problem, with the field path in the message and in `details.field`:
 * MISSING_FIELD, INCORRECT_TYPE, UNRECOGNIZED_FIELD, INVALID_VALUE, or the type a schema check
 * attached to its issue with `taxRule` (e.g. POSITIVE_NUMBER_REQUIRED).
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // Only a failure needs the offending input (to tell missing from mistyped); asking for it on
  // every parse costs the hot path a fifth of its validation time.
  const issue = schema.safeParse(body, { reportInput: true }).error?.issues[0];
  if (issue === undefined) throw new TaxError('ERROR', 'The request body is invalid.');
  throw issueToError(issue);
}

function issueToError(issue: z.core.$ZodIssue): TaxError {
  const field = fieldPath(issue.path);
  const details = { field };
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => (field === '' ? key : `${field}.${key}`));
    return new TaxError(
      'UNRECOGNIZED_FIELD',
      `Unrecognized field${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`,
      {
        details: { field: names[0] ?? field },
      },
    );
  }
  // zod reports a missing enum as invalid_value and a missing object as invalid_type: both
  // are a field that is not there.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) {
    return new TaxError('MISSING_FIELD', `Missing required field: ${field || 'body'}.`, { details });
  }
  const typed = taxErrorTypeOf(issue);
  if (typed !== undefined) {
    const text = issue.message;
    return new TaxError(typed, field === '' || text.includes(field) ? text : `${field} ${text}`, { details });
  }
  if (issue.code === 'invalid_type') {
    return new TaxError('INCORRECT_TYPE', `${field || 'body'} must be ${article(issue.expected)}.`, { details });
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const bound = issue.code === 'too_big' ? `at most ${String(issue.maximum)}` : `at least ${String(issue.minimum)}`;
    const unit = issue.origin === 'string' ? ' characters long' : issue.origin === 'array' ? ' items' : '';
    return new TaxError('INVALID_VALUE', `${field || 'body'} must be ${bound}${unit}.`, { details });
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map((value) => JSON.stringify(value)).join(', ');
    return new TaxError('INVALID_VALUE', `${field} must be one of ${allowed}.`, { details });
  }
  return new TaxError('ERROR', `${field || 'body'}: ${issue.message}`, { details });
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'object' || expected === 'array') return `an ${expected}`;
  return `a ${expected}`;
}

function fieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}
