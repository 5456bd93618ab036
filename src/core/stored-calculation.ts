import type { Calculation } from './types.ts';

/**
 * The calculation as a store keeps it: without `note`, which is derived from the rate lookup
 * each time a calculation is built (a replay builds it again) and is not part of the stored
 * record's format (adapters/shared/calculation-codec.ts). The same object when there is no note.
 */
export function storedCalculation(calculation: Calculation): Calculation {
  if (calculation.note === undefined) return calculation;
  const { note: _derived, ...stored } = calculation;
  return stored;
}
