import { TaxError } from '../errors.ts';
import { RATE_SCALE_DIGITS } from './rate-scale.ts';

const DECIMAL_FRACTION = /^(?:0|1)(?:\.(\d{1,8}))?$|^0?\.(\d{1,8})$/;

/**
 * Parses an exact decimal rate ("0.0725") into units of 10^-8. Rejects anything that is not
 * a decimal between 0 and 1 with at most 8 decimals: a rate is never silently rounded.
 * Runs at table load, never on the hot path.
 */
export function parseRate(text: string): number {
  const match = DECIMAL_FRACTION.exec(text);
  if (match === null) {
    throw new TaxError(
      'INVALID_VALUE',
      `Rate "${text}" is not an exact decimal fraction between 0 and 1 with at most ${RATE_SCALE_DIGITS} decimals.`,
    );
  }
  const whole = text.startsWith('1') ? 1 : 0;
  const fraction = (match[1] ?? match[2] ?? '').padEnd(RATE_SCALE_DIGITS, '0');
  const units = whole * 10 ** RATE_SCALE_DIGITS + Number(fraction);
  if (units > 10 ** RATE_SCALE_DIGITS) {
    throw new TaxError('INVALID_VALUE', `Rate "${text}" is above 1 (100 %).`);
  }
  return units;
}
