// The cart every calculation benchmark sends, so their figures compare: an Indiana address
// (EXACT match, one state jurisdiction) and `lines` GENERAL_MERCHANDISE lines. Plain JS so
// the vitest benches and the plain-node load test share it.

/** @param {number} lines */
export function benchCart(lines) {
  return {
    customer: {
      address: {
        address_line_1: '1 Main St',
        address_city: 'Danville',
        address_province: 'IN',
        address_postal_code: '46122',
        address_country: 'US',
      },
    },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: Array.from({ length: lines }, (_, index) => ({
        reference_line_item_id: `l${index}`,
        product_category: 'GENERAL_MERCHANDISE',
        amount: 1_999 + index * 1_000,
        quantity: 1,
      })),
    },
  };
}
