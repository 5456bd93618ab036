/**
 * The parts of Vendure's entities and strategy arguments taxkit reads (`@vendure/core` 3.x,
 * config/tax/*.d.ts), written out so taxkit compiles without Vendure installed. The integration
 * test (test/frameworks/vendure) runs the strategies inside a real Vendure server.
 */

export interface VendureId {
  toString(): string;
}

export interface VendureOrderLine {
  id: VendureId;
  quantity: number;
  listPrice: number;
  listPriceIncludesTax: boolean;
  taxCategoryId?: VendureId | null;
  productVariant?: {
    id: VendureId;
    productId?: VendureId | null;
    taxCategory?: { id: VendureId; name?: string | null } | null;
  } | null;
}

export interface VendureOrderAddress {
  countryCode?: string | null;
  province?: string | null;
  postalCode?: string | null;
  city?: string | null;
  streetLine1?: string | null;
  streetLine2?: string | null;
  customFields?: Record<string, unknown> | null;
}

export interface VendureCustomer {
  id: VendureId;
  emailAddress?: string | null;
  customFields?: Record<string, unknown> | null;
  groups?: { id: VendureId; name?: string | null }[] | null;
}

export interface VendureOrder {
  id: VendureId;
  code?: string;
  currencyCode: string;
  lines: VendureOrderLine[];
  shippingAddress?: VendureOrderAddress | null;
  billingAddress?: VendureOrderAddress | null;
  customer?: VendureCustomer | null;
  orderPlacedAt?: Date | null;
}

/** Vendure's `TaxLine`: a description and a percent. */
export interface VendureTaxLine {
  description: string;
  taxRate: number;
}

export interface VendureCalculateTaxLinesArgs {
  /** Vendure's RequestContext: taxkit keys its per-request cache by it. */
  ctx: object;
  order: VendureOrder;
  orderLine: VendureOrderLine;
  applicableTaxRate: unknown;
}

export interface VendureZone {
  id: VendureId;
  name?: string;
  members?: { code?: string | null }[] | null;
}

export interface VendureChannel {
  defaultTaxZone?: VendureZone | null;
}
