import { TaxError } from '../core/errors.ts';
import type { ParsedCalculationRequest } from './calculation-request.ts';

/**
 * A calculation made with a public key reads nothing stored (docs/reliability.md "Public
 * keys"): a browser holds that key, so anyone can use it. `customer.id` would apply a stored
 * customer's exemption (a zero-tax calculation the secret key could then record as a sale) and
 * `reference_product_id` would echo stored product names; either would also tell whether a
 * record exists. So both are refused, before any read, whether or not the record exists: the
 * answer is the same for every value, and says what to send instead.
 */
export function refuseStoredReferences(request: ParsedCalculationRequest): void {
  if (request.customer.id !== undefined) throw refused('customer.id', 'a stored customer');
  for (const [index, item] of request.order_details.line_items.entries()) {
    if (item.reference_product_id !== undefined) {
      throw refused(`order_details.line_items[${index}].reference_product_id`, 'a stored product');
    }
  }
}

function refused(field: string, what: string): TaxError {
  return new TaxError(
    'UNAUTHORIZED',
    `${field} refers to ${what}, which needs a secret key. With a public key, send the line's product_category and the customer's address, type and tax_ids instead.`,
    { details: { field } },
  );
}
