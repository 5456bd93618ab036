export { addScaled, applyRate, excludeTax, exactTax, roundScaled } from './apply-rate.ts';
export { allocate } from './allocate.ts';
export { divideHalfUp, divideHalfUpBig } from './divide-half-up.ts';
export { formatScaled } from './format-scaled.ts';
export { parseRate } from './parse-rate.ts';
export { RATE_SCALE, RATE_SCALE_DIGITS } from './rate-scale.ts';
export { convertMinor, minorDigits } from './convert-currency.ts';
