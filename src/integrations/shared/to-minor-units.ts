import { TaxError } from '../../index.ts';

const fractionDigitsByCurrency = new Map<string, number>();

/** ISO 4217 minor-unit digits (USD 2, JPY 0, KWD 3), from the runtime's Intl data. */
export function currencyFractionDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = fractionDigitsByCurrency.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      throw new TaxError('INVALID_CURRENCY', `"${currency}" is not an ISO 4217 currency code.`, {
        details: { field: 'currency_code' },
      });
    }
    fractionDigitsByCurrency.set(code, digits ?? 2);
  }
  return digits ?? 2;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/**
 * `price × quantity` in integer minor units, exact (no float products), rounded half up.
 * Checkout frameworks such as Medusa keep prices in major units as decimals ("10.99", 10.99 or a
 * BigNumber); taxkit counts in minor units.
 */
export function toMinorUnits(price: unknown, quantity: unknown, fractionDigits: number, field: string): number {
  const unit = parseDecimal(decimalText(price), field);
  const count = parseDecimal(decimalText(quantity ?? 1), field);
  // unit = u / 10^us, count = c / 10^cs; minor = u·c·10^digits / 10^(us+cs).
  const scaled = unit.digits * count.digits * 10n ** BigInt(fractionDigits);
  const divisor = 10n ** BigInt(unit.scale + count.scale);
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  const rounded = (magnitude + divisor / 2n) / divisor;
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) {
    throw new TaxError('INVALID_VALUE', `${field}: the amount is too large.`, { details: { field } });
  }
  return result;
}

/** The decimal text of a number, a string, or a BigNumber-like object (Medusa's `{ value }`, bignumber.js). */
function decimalText(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') return String(value);
  if (value !== null && typeof value === 'object') {
    const raw = (value as { value?: unknown }).value;
    if (typeof raw === 'string' || typeof raw === 'number') return String(raw);
    const numeric = (value as { numeric?: unknown }).numeric;
    if (typeof numeric === 'number') return String(numeric);
    const text = String(value);
    if (text !== '[object Object]') return text;
  }
  return '';
}

function parseDecimal(text: string, field: string): { digits: bigint; scale: number } {
  const match = DECIMAL.exec(text.trim());
  if (match === null) {
    throw new TaxError('INCORRECT_TYPE', `${field}: "${text}" is not a decimal number.`, { details: { field } });
  }
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  let digits = BigInt(`${sign}${whole}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}
