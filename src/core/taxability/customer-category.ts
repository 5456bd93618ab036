import type { CustomerType } from '../types.ts';

/** The customer types a rule may be limited to (`customers`). */
export const CUSTOMER_TYPES: readonly CustomerType[] = ['CONSUMER', 'BUSINESS'];

/**
 * The key under which a rule limited to one customer type is compiled ("SAAS_GENERAL@BUSINESS"),
 * looked up before the category's own key for a calculation made for that type of customer.
 */
export function customerCategory(category: string, type: CustomerType): string {
  return `${category}@${type}`;
}
