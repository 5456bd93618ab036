import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTaxError } from '../../src/core/errors.ts';
import { calculationBody, createTestEngine, TEST_ADDRESSES } from '../helpers/engine-fixtures.ts';

const MAX = Number.MAX_SAFE_INTEGER;
const MAX_BIG = BigInt(MAX);

interface WireLine {
  readonly amount_excluding_tax: number;
  readonly tax_amount: number;
  readonly amount_including_tax: number;
}

/** Exact tax of an exclusive line at `rate`, half up: decimal.js as the oracle. */
function oracleTax(amount: number, rate: string): bigint {
  return BigInt(new Decimal(amount).times(rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}

function bodyFor(address: object, amounts: readonly number[]) {
  return calculationBody({
    customer: { address },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: amounts.map((amount, index) => ({
        reference_line_item_id: `line-${index}`,
        product_category: 'GENERAL_MERCHANDISE',
        amount,
        quantity: 1,
      })),
    },
  });
}

/** Amounts anywhere up to the bound, clustered where sums cross it. */
const amountsArbitrary = fc
  .integer({ min: 1, max: 40 })
  .chain((count) =>
    fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: MAX }),
        fc.constant(MAX),
        fc.integer({ min: Math.floor(MAX / count / 1.3), max: Math.ceil(MAX / count) }),
        fc.integer({ min: 0, max: 1_000_000 }),
      ),
      { minLength: count, maxLength: count },
    ),
  );

describe('money at and past 2^53 − 1 (README "Limits")', () => {
  it('a calculation is exact, or refused with INVALID_VALUE naming the field, exactly when a sum would pass the bound', async () => {
    const { engine } = createTestEngine();
    const places = [
      { address: TEST_ADDRESSES.berlin, rate: '0.19' },
      { address: TEST_ADDRESSES.indiana, rate: '0.07' },
    ];
    await fc.assert(
      fc.asyncProperty(amountsArbitrary, fc.constantFrom(...places), async (amounts, place) => {
        const taxes = amounts.map((amount) => oracleTax(amount, place.rate));
        const including = amounts.map((amount, index) => BigInt(amount) + (taxes[index] as bigint));
        const total = including.reduce((sum, value) => sum + value, 0n);
        // Lines are taken in order: the first line, or running total, past the bound is named.
        let running = 0n;
        let field: string | undefined;
        for (const [index, value] of including.entries()) {
          running += value;
          if (value > MAX_BIG) field = `order_details.line_items[${index}].amount`;
          else if (running > MAX_BIG) field = 'order_details.line_items';
          if (field !== undefined) break;
        }
        let answer: Record<string, unknown>;
        try {
          answer = await engine.calculations.create(bodyFor(place.address, amounts));
        } catch (error) {
          if (!isTaxError(error)) throw error;
          expect(error.type).toBe('INVALID_VALUE');
          expect(error.status).toBe(400);
          expect(error.details?.field).toBe(field);
          expect(total > MAX_BIG).toBe(true);
          return;
        }
        expect(total <= MAX_BIG).toBe(true);
        const lines = answer.line_items as WireLine[];
        lines.forEach((line, index) => {
          expect(BigInt(line.amount_excluding_tax)).toBe(BigInt(amounts[index] as number));
          expect(BigInt(line.tax_amount)).toBe(taxes[index]);
          expect(BigInt(line.amount_including_tax)).toBe(including[index]);
        });
        const taxTotal = taxes.reduce((sum, value) => sum + value, 0n);
        expect(BigInt(answer.total_tax_amount as number)).toBe(taxTotal);
        expect(BigInt(answer.total_amount_including_tax as number)).toBe(total);
        expect(BigInt(answer.total_amount_excluding_tax as number)).toBe(total - taxTotal);
      }),
      { numRuns: 150 },
    );
  });

  it('the probe’s cases: one line of 2^53 − 1 at 19 %, and 1,000 large lines in Indiana, are 400s naming the field', async () => {
    const { engine } = createTestEngine();
    await expect(engine.calculations.create(bodyFor(TEST_ADDRESSES.berlin, [MAX]))).rejects.toMatchObject({
      type: 'INVALID_VALUE',
      details: { field: 'order_details.line_items[0].amount' },
    });
    const lines = Array.from({ length: 1000 }, () => 8_000_000_000_000_000);
    await expect(engine.calculations.create(bodyFor(TEST_ADDRESSES.indiana, lines))).rejects.toMatchObject({
      type: 'INVALID_VALUE',
      details: { field: 'order_details.line_items' },
    });
    const justUnder = Array.from({ length: 1000 }, () => Math.floor(MAX / 1000 / 1.07) - 1);
    const answer = await engine.calculations.create(bodyFor(TEST_ADDRESSES.indiana, justUnder));
    const tax = oracleTax(justUnder[0] as number, '0.07') * 1000n;
    expect(BigInt(answer.total_tax_amount as number)).toBe(tax);
    const over = Array.from({ length: 1000 }, () => Math.floor(MAX / 1000));
    await expect(engine.calculations.create(bodyFor(TEST_ADDRESSES.indiana, over))).rejects.toMatchObject({
      type: 'INVALID_VALUE',
      details: { field: 'order_details.line_items' },
    });
  });
});
