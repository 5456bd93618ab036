/**
 * The shapes of Medusa v2's tax provider seam (`@medusajs/types`, tax/provider.d.ts and
 * tax/common.d.ts, 2.21), written out so taxkit compiles without Medusa installed. The
 * integration test (test/frameworks/medusa) checks them against the published declarations:
 * `TaxkitTaxProvider` must be assignable to Medusa's own `ITaxProvider`.
 */

/** Medusa's `BigNumberInput`: a number, a decimal string, or a BigNumber object. */
export type MedusaBigNumberInput = number | string | { readonly value?: unknown; readonly numeric?: number } | object;

export interface MedusaTaxableItem {
  id: string;
  product_id: string;
  product_type_id?: string;
  quantity?: MedusaBigNumberInput;
  unit_price?: MedusaBigNumberInput;
  currency_code?: string;
}

export interface MedusaTaxableShipping {
  id: string;
  shipping_option_id: string;
  unit_price?: MedusaBigNumberInput;
  currency_code?: string;
}

/** The rates Medusa's own tax regions would apply; taxkit answers by its own rates instead. */
export interface MedusaTaxRate {
  id: string;
  rate: number | null;
  code: string | null;
  name: string;
}

export interface MedusaItemTaxCalculationLine {
  line_item: MedusaTaxableItem;
  rates: MedusaTaxRate[];
}

export interface MedusaShippingTaxCalculationLine {
  shipping_line: MedusaTaxableShipping;
  rates: MedusaTaxRate[];
}

export interface MedusaTaxCalculationContext {
  locale?: string;
  address: {
    country_code: string;
    province_code?: string | null;
    address_1?: string;
    address_2?: string | null;
    city?: string;
    postal_code?: string;
    metadata?: Record<string, unknown> | null;
  };
  customer?: {
    id: string;
    email: string;
    customer_groups: string[];
    metadata?: Record<string, unknown> | null;
  };
  is_return?: boolean;
}

interface MedusaTaxLine {
  rate_id?: string;
  /** Percent: 6.5 for 6.5 %. */
  rate: number;
  code: string | null;
  name: string;
  provider_id: string;
  data?: Record<string, unknown> | null;
}

export interface MedusaItemTaxLine extends MedusaTaxLine {
  line_item_id: string;
}

export interface MedusaShippingTaxLine extends MedusaTaxLine {
  shipping_line_id: string;
}
