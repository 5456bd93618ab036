import { createTaxEngine, type TaxEngine, type TaxEngineOptions } from '../../src/index.ts';

/** A ship-from address in Kansas City, Kansas (an origin the integration tests share). */
export const KANSAS_CITY_ORIGIN = {
  line1: '1 Main St',
  line2: '',
  city: 'Kansas City',
  province: 'KS',
  postalCode: '66101',
  country: 'US',
} as const;

/**
 * An engine shipping from Kansas City whose `calculations.create` calls are counted: for the
 * checkout integrations' rule of one calculation per cart, never one per line.
 */
export function createCountedEngine(options: TaxEngineOptions = {}): { engine: TaxEngine; calculations: () => number } {
  const engine = createTaxEngine({ defaultOrigin: KANSAS_CITY_ORIGIN, ...options });
  let count = 0;
  const create = engine.calculations.create;
  (engine.calculations as { create: typeof create }).create = ((...args: Parameters<typeof create>) => {
    count += 1;
    return create(...args);
  }) as typeof create;
  return { engine, calculations: () => count };
}
