import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBody } from '../../src/wire/parse-body.ts';
import { taxIssue, taxRule } from '../../src/wire/tax-rule.ts';

describe('parseBody reads error types from typed issue params, not from messages', () => {
  it('a typed refine answers its type, with the field in the message and details', () => {
    const schema = z.strictObject({
      amount: z.number().refine((value) => value > 0, taxRule('POSITIVE_NUMBER_REQUIRED', 'must be greater than zero')),
    });
    expect(() => parseBody(schema, { amount: 0 })).toThrow(
      expect.objectContaining({
        type: 'POSITIVE_NUMBER_REQUIRED',
        status: 400,
        message: 'amount must be greater than zero',
        details: { field: 'amount' },
      }),
    );
  });

  it('a message that merely looks like a type prefix is not read as one', () => {
    const schema = z.strictObject({ name: z.string().refine((value) => value !== 'x', { message: 'NOT_A_TYPE: no' }) });
    let caught: unknown;
    try {
      parseBody(schema, { name: 'x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ type: 'ERROR', status: 400 });
  });

  it('a typed superRefine issue keeps its path', () => {
    const schema = z.strictObject({ a: z.string() }).superRefine((_value, context) => {
      context.addIssue(taxIssue('METADATA_TOO_LONG', 'too long', ['a']));
    });
    expect(() => parseBody(schema, { a: 'y' })).toThrow(
      expect.objectContaining({ type: 'METADATA_TOO_LONG', details: { field: 'a' } }),
    );
  });
});
