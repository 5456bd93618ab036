import { type DomainKey, keyedError } from '../errors.ts';
import type { TaxLine } from '../types.ts';
import type { RefundAmounts } from './build-refund-line.ts';
import type { LineBalance } from './remaining-balance.ts';

/**
 * Checks a partial refund line's tax against the transaction line's own rate: the refunded tax
 * must be the line's tax in proportion to the refunded sales, `sales × line tax ÷ line sales`,
 * rounded either way to the minor unit (the line's tax was itself rounded half up once, README
 * "Rounding"). Refunding all that remains of a line's sales with all that remains of its tax is
 * always right, so partial refunds that rounded one way are closed out exactly. A refund of no
 * sales is a correction of the tax alone (the customer showed an exemption afterwards) and is
 * taken as stated, within what remains. A line with a
 * flat fee (charged per item, not on the price) is not proportional and is checked only against
 * what remains.
 *
 * Without this a caller's mistake (−$0.50 of tax on a $10 refund of a 7 % line) went into the
 * ledger and the liability report as if it were the tax given back.
 *
 * @throws TaxError NEGATIVE_NUMBER_REQUIRED (a tax of 0 where the refunded sales were taxed) or
 *   INVALID_VALUE (another amount), keyed `[...key, 'taxMinor']`, with the expected amount in
 *   `details.expected`.
 */
export function checkRefundTax(item: RefundAmounts, original: TaxLine, balance: LineBalance, key: DomainKey): void {
  if (item.salesMinor === 0) return;
  if (-item.salesMinor === balance.salesMinor && -item.taxMinor === balance.taxMinor) return;
  if (original.jurisdictions.some((entry) => entry.feeMinor !== 0)) return;
  if (original.amountExcludingTaxMinor <= 0 || original.taxMinor < 0) return;
  // Exact: sales × tax can pass 2^53.
  const numerator = BigInt(-item.salesMinor) * BigInt(original.taxMinor);
  const denominator = BigInt(original.amountExcludingTaxMinor);
  const low = numerator / denominator;
  const high = numerator % denominator === 0n ? low : low + 1n;
  const asked = BigInt(-item.taxMinor);
  if (asked >= low && asked <= high) return;
  const expected = -Number(2n * (numerator % denominator) >= denominator ? high : low);
  throw keyedError(
    item.taxMinor === 0 ? 'NEGATIVE_NUMBER_REQUIRED' : 'INVALID_VALUE',
    [...key, 'taxMinor'],
    `{field}: ${item.taxMinor} is not the tax of ${item.salesMinor} of sales at transaction line ` +
      `${original.lineItemId}'s rate (${original.taxMinor} of tax on ${original.amountExcludingTaxMinor}): ` +
      `send ${expected} (one minor unit either way is accepted for rounding).`,
    { expected },
  );
}
