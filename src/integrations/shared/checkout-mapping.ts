/**
 * How a checkout framework's products and customers map to taxkit's product categories and
 * exemptions: the options the Medusa provider and the Vendure strategy share (docs/medusa.md,
 * docs/vendure.md).
 */
export interface CheckoutMapping {
  /** A taxkit product category by the framework's product id; wins over the product type. */
  readonly productCategories?: Readonly<Record<string, string>>;
  /** A taxkit product category by the framework's product type id (Medusa) or tax category id (Vendure). */
  readonly productTypeCategories?: Readonly<Record<string, string>>;
  /** The category of a product that no mapping names. Default `GENERAL_MERCHANDISE`. */
  readonly defaultCategory?: string;
  /** The category of shipping lines. Default `SHIPPING`. */
  readonly shippingCategory?: string;
  /** Customer groups (ids or names) whose members are exempt everywhere. */
  readonly exemptCustomerGroups?: readonly string[];
  /**
   * A customer metadata key whose value `true` (or `"true"`) makes the customer exempt
   * everywhere. Default `tax_exempt`.
   */
  readonly exemptMetadataKey?: string;
  /**
   * A customer (or shipping address) metadata key holding the buyer's VAT number: with it the
   * sale is business-to-business (reverse charge where it applies). Default `vat_number`.
   */
  readonly vatNumberMetadataKey?: string;
}

export const DEFAULT_PRODUCT_CATEGORY = 'GENERAL_MERCHANDISE';
export const DEFAULT_SHIPPING_CATEGORY = 'SHIPPING';

/** Where a line's category came from: the line says so, so a missing mapping shows. */
export type CategorySource = 'product' | 'product_type' | 'default' | 'shipping';

export interface MappedCategory {
  readonly category: string;
  readonly source: CategorySource;
}

/** The category of a product: by product id, then by type, then the documented default. */
export function categoryOf(
  mapping: CheckoutMapping,
  productId: string | undefined,
  typeId: string | undefined | null,
): MappedCategory {
  const byProduct = productId === undefined ? undefined : ownValue(mapping.productCategories, productId);
  if (byProduct !== undefined) return { category: byProduct, source: 'product' };
  const byType = typeId == null ? undefined : ownValue(mapping.productTypeCategories, typeId);
  if (byType !== undefined) return { category: byType, source: 'product_type' };
  return { category: mapping.defaultCategory ?? DEFAULT_PRODUCT_CATEGORY, source: 'default' };
}

/** The category of a shipping line. */
export function shippingCategoryOf(mapping: CheckoutMapping): MappedCategory {
  return { category: mapping.shippingCategory ?? DEFAULT_SHIPPING_CATEGORY, source: 'shipping' };
}

/** Whether the framework says this customer is exempt: an exempt group, or the metadata flag. */
export function isExemptCustomer(
  mapping: CheckoutMapping,
  groups: readonly string[],
  metadata: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  const exemptGroups = mapping.exemptCustomerGroups ?? [];
  if (groups.some((group) => exemptGroups.includes(group))) return true;
  const flag = metadata?.[mapping.exemptMetadataKey ?? 'tax_exempt'];
  return flag === true || flag === 'true';
}

/** The buyer's VAT number from the first metadata that has one, trimmed; undefined when none. */
export function vatNumberOf(
  mapping: CheckoutMapping,
  ...sources: (Readonly<Record<string, unknown>> | null | undefined)[]
): string | undefined {
  const key = mapping.vatNumberMetadataKey ?? 'vat_number';
  for (const source of sources) {
    const value = source?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function ownValue(table: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
