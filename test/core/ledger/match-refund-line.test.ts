import { describe, expect, it } from 'vitest';
import { matchRefundLine } from '../../../src/core/ledger/match-refund-line.ts';
import { lineWith } from './ledger-fixtures.ts';
import { withFieldsSync } from '../../../src/wire/field-map.ts';
import { refundFields } from '../../../src/wire/refund-request.ts';

const lines = [
  lineWith(100, [7], { referenceLineItemId: 'a', referenceProductId: 'sku-1' }),
  lineWith(100, [7], { referenceLineItemId: 'b', referenceProductId: 'sku-2' }),
  lineWith(100, [7], { referenceLineItemId: 'c', referenceProductId: 'sku-2' }),
  lineWith(100, [7], { referenceLineItemId: '', referenceProductId: 'sku-3' }),
  lineWith(100, [7], { referenceLineItemId: 'dup', referenceProductId: 'sku-4' }),
  lineWith(100, [7], { referenceLineItemId: 'dup', referenceProductId: 'sku-5' }),
];
/** The core keys its errors (`['lines', 0, 'referenceProductId']`); the refund's field map names the request field. */
const match = (referenceLineItemId?: string, referenceProductId?: string) =>
  withFieldsSync(refundFields, () => matchRefundLine(lines, { referenceLineItemId, referenceProductId }, ['lines', 0]));
const failure = (type: string, field: string) => expect.objectContaining({ type, details: { field } });

describe('matchRefundLine', () => {
  it('finds the line by reference_line_item_id first', () => {
    expect(match('c')).toBe(2);
    expect(match('c', 'sku-2')).toBe(2);
  });

  it('finds the line by reference_product_id when it is the only line of the product', () => {
    expect(match(undefined, 'sku-1')).toBe(0);
    expect(match('', 'sku-3')).toBe(3);
  });

  it('falls back to the product when the line item id matches nothing', () => {
    expect(match('not-a-line', 'sku-3')).toBe(3);
  });

  it('refuses a product id that matches several lines', () => {
    expect(() => match(undefined, 'sku-2')).toThrowError(
      failure('INVALID_VALUE', 'line_items[0].reference_product_id'),
    );
  });

  it('refuses a line item id that matches several lines', () => {
    expect(() => match('dup')).toThrowError(failure('INVALID_VALUE', 'line_items[0].reference_line_item_id'));
  });

  it('refuses a line item id and a product id that disagree', () => {
    expect(() => match('a', 'sku-2')).toThrowError(failure('INVALID_VALUE', 'line_items[0].reference_product_id'));
  });

  it('refuses references that match nothing', () => {
    expect(() => match(undefined, 'sku-9')).toThrowError(
      failure('INVALID_VALUE', 'line_items[0].reference_product_id'),
    );
    expect(() => match('zzz')).toThrowError(failure('INVALID_VALUE', 'line_items[0].reference_line_item_id'));
  });

  it('needs one of the two references', () => {
    expect(() => match()).toThrowError(failure('MISSING_FIELD', 'line_items[0].reference_line_item_id'));
    expect(() => match('', '')).toThrowError(failure('MISSING_FIELD', 'line_items[0].reference_line_item_id'));
  });
});
