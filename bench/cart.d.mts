export declare function benchCart(lines: number): {
  customer: { address: Record<string, string> };
  order_details: {
    customer_currency_code: string;
    tax_included_in_amount: boolean;
    line_items: { reference_line_item_id: string; product_category: string; amount: number; quantity: number }[];
  };
};
