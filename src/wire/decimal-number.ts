/** Powers of ten a double holds exactly (10^0 … 10^22). */
const EXACT_POWERS = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
/** Digits an integer may have and still be below 2^53, so it is a double exactly. */
const MAX_EXACT_DIGITS = 15;

/**
 * `Number(text)` for the decimals taxkit writes (`formatScaled`: an optional minus, digits, an
 * optional point and fraction digits), without the runtime's general parser: each jurisdiction
 * of every answer carries two (`tax_rate`, `tax_due_decimal`), and `Number()` took about 50 ns a
 * string, a twentieth of a calculation's serialization.
 *
 * Exact, not approximate: while the digits (point removed) make an integer below 10^15 and the
 * fraction has at most 22 digits, that integer and the power of ten are both doubles exactly,
 * and IEEE division rounds their quotient correctly, which is what `Number` returns for the
 * decimal. Anything else (more digits, an exponent, a sign but no digit, any other character)
 * goes to `Number`.
 */
export function decimalNumber(text: string): number {
  const length = text.length;
  let at = text.charCodeAt(0) === 45 ? 1 : 0; // '-'
  if (at === length) return Number(text);
  let digits = 0;
  let fraction = -1;
  let value = 0;
  for (; at < length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 46 && fraction === -1) {
      // '.'
      fraction = 0;
      continue;
    }
    if (code < 48 || code > 57) return Number(text);
    value = value * 10 + (code - 48);
    digits += 1;
    if (fraction !== -1) fraction += 1;
  }
  if (digits === 0 || digits > MAX_EXACT_DIGITS || fraction === 0) return Number(text);
  const quotient = fraction === -1 ? value : value / (EXACT_POWERS[fraction] as number);
  return text.charCodeAt(0) === 45 ? -quotient : quotient;
}
