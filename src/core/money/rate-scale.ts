/**
 * Rates are held as integers scaled by 10^8 ("0.0725" → 7_250_000). One fixed scale for every
 * rate means the exact taxes of a line's jurisdictions share one denominator and can be summed
 * as integers; 8 decimals covers every published rate (Avalara's files use 6, QST needs 5).
 */
export const RATE_SCALE_DIGITS = 8;
export const RATE_SCALE = 100_000_000;
