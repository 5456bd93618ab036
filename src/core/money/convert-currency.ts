import { keyedError } from '../errors.ts';
import { divideHalfUpBig } from './divide-half-up.ts';

/**
 * Digits after the decimal point of each currency's minor unit (ISO 4217) where it is not 2:
 * taxkit's amounts are whole minor units, so a conversion scales by the two currencies'
 * digits as well as by the rate.
 */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BHD: 3,
  CLP: 0,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  OMR: 3,
  TND: 3,
  UGX: 0,
  VND: 0,
};

/** The digits of `currency`'s minor unit (2 unless ISO 4217 says otherwise). */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

/**
 * An exact exchange rate: how many units of one currency a unit of another buys, as a decimal
 * ("1.0856"). Up to 20 digits after the point: a derived filing rate keeps 10 significant digits,
 * which for a weak currency filed in a strong one starts past the 12th (1 / 17 000 IDR per EUR is
 * 0.00005882352941).
 */
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,20}))?$/;

/**
 * `amountMinor` of `from` in minor units of `to`, at `rate` (units of `to` for one unit of
 * `from`, an exact positive decimal), rounded half away from zero: the one rounding rule of
 * taxkit, applied once per amount, so a refund converts to exactly the negative of the same
 * amount sold. Exact for any amount (BigInt). Throws INVALID_VALUE for a rate that is not a
 * positive decimal, or a result past 2^53 − 1 minor units.
 */
export function convertMinor(amountMinor: number, from: string, to: string, rate: string): number {
  const match = DECIMAL.exec(rate);
  if (match === null || /^0*(?:\.0*)?$/.test(rate)) {
    throw keyedError('INVALID_VALUE', ['rate'], `{field}: "${rate}" is not a positive decimal exchange rate.`);
  }
  const fraction = match[2] ?? '';
  const numerator = BigInt(amountMinor) * BigInt(`${match[1]}${fraction}`) * 10n ** BigInt(minorDigits(to));
  const denominator = 10n ** BigInt(fraction.length + minorDigits(from));
  const converted = divideHalfUpBig(numerator, denominator);
  if (converted > MAX_SAFE || converted < -MAX_SAFE) {
    throw keyedError(
      'INVALID_VALUE',
      ['amountMinor'],
      `{field}: ${amountMinor} ${from} is too large to convert to ${to}.`,
    );
  }
  return Number(converted);
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
