import type { TaxEngine } from '../../index.ts';
import { engineOf, type IntegrationOptions } from '../shared/engine-of.ts';
import { calculateCheckout, type CheckoutAddress, type CheckoutLine } from '../shared/calculate-checkout.ts';
import { categoryOf, shippingCategoryOf } from '../shared/checkout-mapping.ts';
import { currencyFractionDigits, toMinorUnits } from '../shared/to-minor-units.ts';
import type {
  MedusaItemTaxCalculationLine,
  MedusaItemTaxLine,
  MedusaShippingTaxCalculationLine,
  MedusaShippingTaxLine,
  MedusaTaxCalculationContext,
} from './medusa-types.ts';

/**
 * The provider's options, from `medusa-config` (`options` of the provider entry): an engine,
 * or the options to make one (store, rates, origin, registrations, filing rules), and the
 * category and exemption mapping (docs/medusa.md).
 */
export interface TaxkitMedusaOptions extends IntegrationOptions {
  /** The currency of lines that name none. Default `USD`. */
  readonly defaultCurrency?: string;
}

/** The provider last constructed in this process: the ledger hooks' fallback when the Tax Module cannot hand it out. */
let lastProvider: TaxkitTaxProvider | undefined;

/** The taxkit provider constructed last in this process, if any. */
export function lastTaxkitProvider(): TaxkitTaxProvider | undefined {
  return lastProvider;
}

/**
 * Medusa v2's tax provider (`ITaxProvider`) backed by taxkit, in process: `getTaxLines` makes
 * one taxkit calculation for all items and shipping of a cart and answers one tax line per
 * jurisdiction per line, rate in percent, `code` the stable jurisdiction id.
 */
export class TaxkitTaxProvider {
  static identifier = 'taxkit';

  /** The engine every calculation and ledger record of this provider goes through. */
  readonly engine: TaxEngine;
  readonly options: TaxkitMedusaOptions;

  /** Medusa checks a provider's options when it loads it: wrong mapping values fail at startup, not at checkout. */
  static validateOptions(options: Record<string, unknown> | undefined): void {
    for (const key of ['productCategories', 'productTypeCategories'] as const) {
      const table = options?.[key];
      if (table !== undefined && (table === null || typeof table !== 'object' || Array.isArray(table))) {
        throw new Error(`taxkit provider option ${key} must be an object of product categories`);
      }
    }
    const groups = options?.exemptCustomerGroups;
    if (groups !== undefined && !Array.isArray(groups)) {
      throw new Error('taxkit provider option exemptCustomerGroups must be an array of customer group ids');
    }
  }

  // Medusa passes its module container first; taxkit needs nothing from it.
  constructor(_container: unknown = {}, options: TaxkitMedusaOptions = {}) {
    TaxkitTaxProvider.validateOptions(options as Record<string, unknown>);
    this.options = options;
    this.engine = engineOf(options);
    lastProvider = this;
  }

  getIdentifier(): string {
    return TaxkitTaxProvider.identifier;
  }

  async getTaxLines(
    itemLines: MedusaItemTaxCalculationLine[],
    shippingLines: MedusaShippingTaxCalculationLine[],
    context: MedusaTaxCalculationContext,
  ): Promise<(MedusaItemTaxLine | MedusaShippingTaxLine)[]> {
    if (itemLines.length === 0 && shippingLines.length === 0) return [];
    const currency = currencyOf(itemLines, shippingLines, this.options.defaultCurrency);
    const digits = currencyFractionDigits(currency);
    const shippingIds = new Set<string>();
    const lines: CheckoutLine[] = [
      ...itemLines.map(({ line_item: item }, index) => ({
        id: item.id,
        amountMinor: toMinorUnits(item.unit_price ?? 0, item.quantity, digits, `items[${index}].unit_price`),
        quantity: taxkitQuantity(item.quantity),
        category: categoryOf(this.options, item.product_id, item.product_type_id),
      })),
      ...shippingLines.map(({ shipping_line: shipping }, index) => {
        shippingIds.add(shipping.id);
        return {
          id: shipping.id,
          amountMinor: toMinorUnits(shipping.unit_price ?? 0, 1, digits, `shipping[${index}].unit_price`),
          quantity: 1,
          category: shippingCategoryOf(this.options),
        };
      }),
    ];
    const customer = context.customer;
    const tax = await calculateCheckout(this.engine, this.options, {
      currency,
      address: checkoutAddressOf(context.address),
      addressMetadata: context.address.metadata,
      customer:
        customer === undefined
          ? undefined
          : {
              id: customer.id,
              email: customer.email,
              groups: customer.customer_groups ?? [],
              metadata: customer.metadata,
            },
      lines,
    });
    const provider_id = this.getIdentifier();
    const isReturn = context.is_return === true;
    // A plain loop and whole object literals: spreads here cost a fifth of the call (bench/).
    const taxLines: (MedusaItemTaxLine | MedusaShippingTaxLine)[] = [];
    for (const { line, jurisdictions } of tax.lines) {
      const isShipping = shippingIds.has(line.id);
      for (const jurisdiction of jurisdictions) {
        const data: Record<string, unknown> = {
          taxkit_calculation_id: tax.calculationId,
          taxkit_category: line.category.category,
          // `default`: no mapping named this product, the documented default category was used.
          taxkit_category_source: line.category.source,
          taxkit_tax_type: jurisdiction.taxType,
          taxkit_note: jurisdiction.note,
        };
        if (isReturn) data.is_return = true;
        const { ratePercent: rate, code, name } = jurisdiction;
        taxLines.push(
          isShipping
            ? { rate, code, name, provider_id, data, shipping_line_id: line.id }
            : { rate, code, name, provider_id, data, line_item_id: line.id },
        );
      }
    }
    return taxLines;
  }
}

function currencyOf(
  items: MedusaItemTaxCalculationLine[],
  shipping: MedusaShippingTaxCalculationLine[],
  fallback: string | undefined,
): string {
  const named =
    items.find((line) => line.line_item.currency_code)?.line_item.currency_code ??
    shipping.find((line) => line.shipping_line.currency_code)?.shipping_line.currency_code;
  return (named ?? fallback ?? 'USD').toUpperCase();
}

/** taxkit counts whole units (the amount is the line's total either way); a fractional quantity counts as one. */
function taxkitQuantity(quantity: unknown): number {
  const count = Number(typeof quantity === 'object' && quantity !== null ? String(quantity) : (quantity ?? 1));
  return Number.isSafeInteger(count) && count >= 1 ? count : 1;
}

/** Medusa's address (`us`, `us-ks` or `ks`) in taxkit's wire names (`US`, `KS`). */
export function checkoutAddressOf(address: {
  country_code?: string | null;
  province_code?: string | null;
  province?: string | null;
  postal_code?: string | null;
  city?: string | null;
  address_1?: string | null;
  address_2?: string | null;
}): CheckoutAddress {
  const country = (address.country_code ?? '').toUpperCase();
  let province = (address.province_code ?? address.province ?? '').toUpperCase();
  if (province.startsWith(`${country}-`)) province = province.slice(country.length + 1);
  return {
    address_country: country,
    ...(province === '' ? {} : { address_province: province }),
    ...(address.postal_code ? { address_postal_code: address.postal_code } : {}),
    ...(address.city ? { address_city: address.city } : {}),
    ...(address.address_1 ? { address_line_1: address.address_1 } : {}),
    ...(address.address_2 ? { address_line_2: address.address_2 } : {}),
  };
}
