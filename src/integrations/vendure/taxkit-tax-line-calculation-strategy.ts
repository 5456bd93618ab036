import type { TaxEngine } from '../../index.ts';
import { engineOf, type IntegrationOptions } from '../shared/engine-of.ts';
import {
  calculateCheckout,
  type CheckoutAddress,
  type CheckoutRequest,
  type CheckoutTax,
} from '../shared/calculate-checkout.ts';
import { categoryOf } from '../shared/checkout-mapping.ts';
import type {
  VendureCalculateTaxLinesArgs,
  VendureOrder,
  VendureOrderAddress,
  VendureTaxLine,
} from './vendure-types.ts';

/** The strategy's options: an engine or engine options, and the category and exemption mapping. */
export type TaxkitVendureOptions = IntegrationOptions;

interface CachedOrder {
  readonly signature: string;
  readonly tax: Promise<CheckoutTax>;
}

/**
 * Vendure's `TaxLineCalculationStrategy` backed by taxkit. Vendure asks for each order line
 * separately; taxkit calculates the whole order once and answers every line of it from that one
 * calculation, kept for the request (a Vendure `RequestContext`) until the order changes: a new
 * quantity, price, address or customer is a new revision and a new calculation.
 *
 * Product categories: `productCategories` by product id, then `productTypeCategories` by the
 * variant's tax category id or name, then `defaultCategory` (GENERAL_MERCHANDISE), which the
 * line's description then names.
 */
export class TaxkitTaxLineCalculationStrategy {
  readonly engine: TaxEngine;
  readonly options: TaxkitVendureOptions;
  readonly #cache = new WeakMap<object, Map<string, CachedOrder>>();

  constructor(options: TaxkitVendureOptions = {}) {
    this.options = options;
    this.engine = engineOf(options);
  }

  async calculate({ ctx, order, orderLine }: VendureCalculateTaxLinesArgs): Promise<VendureTaxLine[]> {
    const address = order.shippingAddress?.countryCode ? order.shippingAddress : order.billingAddress;
    // Before the customer gives an address Vendure still prices the cart: no tax lines until then.
    if (!address?.countryCode) return [];
    const request = this.requestOf(order, address);
    const signature = JSON.stringify(request);
    let orders = this.#cache.get(ctx);
    if (orders === undefined) {
      orders = new Map();
      this.#cache.set(ctx, orders);
    }
    const key = String(order.id);
    let cached = orders.get(key);
    if (cached?.signature !== signature) {
      cached = { signature, tax: calculateCheckout(this.engine, this.options, request) };
      orders.set(key, cached);
    }
    const tax = await cached.tax;
    const taxed = tax.lines.find((line) => line.line.id === String(orderLine.id));
    if (taxed === undefined) return [];
    const byDefault = taxed.line.category.source === 'default' ? ` (${taxed.line.category.category} by default)` : '';
    return taxed.jurisdictions.map((jurisdiction) => ({
      description: `${jurisdiction.name}${byDefault}`,
      taxRate: jurisdiction.ratePercent,
    }));
  }

  /** The one calculation request of the order as it is now. */
  requestOf(order: VendureOrder, address: VendureOrderAddress): CheckoutRequest {
    const customer = order.customer;
    const lines = order.lines.map((line) => {
      const taxCategory = line.productVariant?.taxCategory;
      const typeKey =
        taxCategory?.name && Object.hasOwn(this.options.productTypeCategories ?? {}, taxCategory.name)
          ? taxCategory.name
          : String(taxCategory?.id ?? line.taxCategoryId ?? '');
      return {
        id: String(line.id),
        amountMinor: line.listPrice * line.quantity,
        quantity: Math.max(1, line.quantity),
        category: categoryOf(
          this.options,
          idText(line.productVariant?.productId),
          typeKey === '' ? undefined : typeKey,
        ),
      };
    });
    return {
      currency: order.currencyCode,
      address: vendureAddressOf(address),
      addressMetadata: address.customFields,
      customer:
        customer == null
          ? undefined
          : {
              id: String(customer.id),
              email: customer.emailAddress ?? '',
              groups: (customer.groups ?? []).flatMap((group) => [
                String(group.id),
                ...(group.name ? [group.name] : []),
              ]),
              metadata: customer.customFields,
            },
      lines,
      taxIncluded: order.lines.length > 0 && order.lines.every((line) => line.listPriceIncludesTax),
    };
  }
}

function idText(id: { toString(): string } | null | undefined): string | undefined {
  return id == null ? undefined : String(id);
}

/** Vendure's address in taxkit's wire names; a province is sent only when it is a code (`KS`). */
function vendureAddressOf(address: VendureOrderAddress): CheckoutAddress {
  const country = (address.countryCode ?? '').toUpperCase();
  const province = (address.province ?? '').trim().toUpperCase();
  return {
    address_country: country,
    ...(/^[A-Z0-9]{1,3}$/.test(province) ? { address_province: province } : {}),
    ...(address.postalCode ? { address_postal_code: address.postalCode } : {}),
    ...(address.city ? { address_city: address.city } : {}),
    ...(address.streetLine1 ? { address_line_1: address.streetLine1 } : {}),
    ...(address.streetLine2 ? { address_line_2: address.streetLine2 } : {}),
  };
}
