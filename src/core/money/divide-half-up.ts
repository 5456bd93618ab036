/**
 * `round(numerator / denominator)` with ties away from zero (decimal.js ROUND_HALF_UP), exact
 * for any integers. Uses float division only where every intermediate is a safe integer and
 * corrects its floor; otherwise BigInt. `denominator` must be positive.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (Number.isSafeInteger(numerator) && Number.isSafeInteger(denominator)) {
    const magnitude = numerator < 0 ? -numerator : numerator;
    let quotient = Math.floor(magnitude / denominator);
    let remainder = magnitude - quotient * denominator;
    // The float quotient can be one off near an integer boundary; the remainder tells.
    if (remainder < 0) {
      quotient -= 1;
      remainder += denominator;
    } else if (remainder >= denominator) {
      quotient += 1;
      remainder -= denominator;
    }
    if (remainder * 2 >= denominator) quotient += 1;
    return numerator < 0 ? -quotient : quotient;
  }
  return Number(divideHalfUpBig(BigInt(numerator), BigInt(denominator)));
}

/** BigInt form of {@link divideHalfUp}. */
export function divideHalfUpBig(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return numerator < 0n ? -quotient : quotient;
}
