import { PRODUCT_CATEGORIES } from '../product-categories.ts';
import type { CustomerType } from '../types.ts';

/** The customer types a rule may be limited to (`customers`). */
export const CUSTOMER_TYPES: readonly CustomerType[] = ['CONSUMER', 'BUSINESS'];

/**
 * Every known category's key for each customer type, made once. Each line of every
 * calculation looks its rule up under this key; a key built by concatenation on each call
 * would have to be flattened and hashed before the lookup (about 0.1 µs a line and
 * jurisdiction), while one made here keeps its hash.
 */
const KEYS: ReadonlyMap<CustomerType, ReadonlyMap<string, string>> = new Map(
  CUSTOMER_TYPES.map((type) => [
    type,
    new Map([...PRODUCT_CATEGORIES].map((category) => [category, join(category, type)])),
  ]),
);

/**
 * The key under which a rule limited to one customer type is compiled ("SAAS_GENERAL@BUSINESS"),
 * looked up before the category's own key for a calculation made for that type of customer.
 */
export function customerCategory(category: string, type: CustomerType): string {
  return KEYS.get(type)?.get(category) ?? join(category, type);
}

function join(category: string, type: CustomerType): string {
  return `${category}@${type}`;
}
