import type { CalculationRequest, TaxEngine } from '../../index.ts';
import { isTaxError } from '../../index.ts';
import { checkoutError } from './checkout-error.ts';
import type { CheckoutMapping, MappedCategory } from './checkout-mapping.ts';
import { isExemptCustomer, vatNumberOf } from './checkout-mapping.ts';
import { ratePercent } from './rate-percent.ts';

/** One taxable line of a cart or order: a product line or a shipping charge. */
export interface CheckoutLine {
  /** The framework's line id; it comes back on the line's taxes. */
  readonly id: string;
  /** The line's total in minor units (price × quantity, before tax). */
  readonly amountMinor: number;
  readonly quantity: number;
  readonly category: MappedCategory;
}

/** Where the goods go, in taxkit's wire names. */
export interface CheckoutAddress {
  readonly address_country: string;
  readonly address_province?: string;
  readonly address_postal_code?: string;
  readonly address_city?: string;
  readonly address_line_1?: string;
  readonly address_line_2?: string;
}

export interface CheckoutBuyer {
  /** The framework's customer id; a taxkit customer with this `reference_customer_id` applies. */
  readonly id: string;
  readonly email: string;
  readonly groups: readonly string[];
  readonly metadata?: Readonly<Record<string, unknown>> | null | undefined;
}

export interface CheckoutRequest {
  readonly currency: string;
  readonly address: CheckoutAddress;
  readonly addressMetadata?: Readonly<Record<string, unknown>> | null | undefined;
  readonly customer?: CheckoutBuyer | undefined;
  readonly lines: readonly CheckoutLine[];
  /** Whether the line amounts include tax (Vendure channels that price with tax). Default false. */
  readonly taxIncluded?: boolean | undefined;
  /** The sale's date (Unix seconds) when it is not now: an order recorded later keeps its day's rates. */
  readonly taxDate?: number | undefined;
  readonly metadata?: Readonly<Record<string, string>>;
}

/** One jurisdiction's tax on one line. */
export interface CheckoutJurisdictionTax {
  /** The stable jurisdiction id (`US-KS`, `US-KS:COUNTY:091`, `DE`), unique within the line. */
  readonly code: string;
  readonly name: string;
  /** Percent: 6.5 for 6.5 %. */
  readonly ratePercent: number;
  readonly taxType: string;
  readonly note: string;
}

export interface CheckoutLineTax {
  readonly line: CheckoutLine;
  readonly jurisdictions: readonly CheckoutJurisdictionTax[];
  readonly taxMinor: number;
}

export interface CheckoutTax {
  readonly calculationId: string;
  readonly lines: readonly CheckoutLineTax[];
}

/**
 * One taxkit calculation for every line of a cart or order (never one per line), with the
 * framework's customer mapped to taxkit's: a stored taxkit customer with the framework's
 * customer id as `reference_customer_id` applies (its exemption and certificates); a customer
 * the framework marks exempt (group or metadata) and taxkit does not know yet is stored as
 * exempt first; a VAT number in the customer's or address's metadata makes it a business sale.
 * taxkit's errors become a {@link TaxkitCheckoutError} with taxkit's message.
 */
export async function calculateCheckout(
  engine: TaxEngine,
  mapping: CheckoutMapping,
  request: CheckoutRequest,
): Promise<CheckoutTax> {
  try {
    const customerId = await storedCustomerId(engine, mapping, request.customer);
    const vatNumber = vatNumberOf(mapping, request.customer?.metadata, request.addressMetadata);
    const body: CalculationRequest = {
      customer: {
        address: request.address,
        ...(customerId === undefined ? {} : { id: customerId }),
        ...(vatNumber === undefined ? {} : { type: 'BUSINESS', tax_ids: [{ type: 'eu_vat', value: vatNumber }] }),
      },
      order_details: {
        customer_currency_code: request.currency.toUpperCase(),
        tax_included_in_amount: request.taxIncluded === true,
        line_items: request.lines.map((line) => ({
          reference_line_item_id: line.id,
          product_category: line.category.category,
          amount: line.amountMinor,
          quantity: line.quantity,
        })),
      },
      ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
      ...(request.taxDate === undefined ? {} : { tax_date: request.taxDate }),
    } as CalculationRequest;
    const calculation = await engine.calculations.create(body);
    const lines = request.lines.map((line, index): CheckoutLineTax => {
      const taxed = calculation.line_items[index];
      if (taxed?.product.reference_line_item_id !== line.id) {
        throw new Error(`taxkit answered line ${index} for another line than ${line.id}`);
      }
      return { line, jurisdictions: jurisdictionsOf(taxed.tax_jurisdictions), taxMinor: taxed.tax_amount };
    });
    return { calculationId: calculation.id, lines };
  } catch (error) {
    throw checkoutError(error);
  }
}

export interface WireJurisdiction {
  readonly tax_rate: number;
  readonly jurisdiction_name: string;
  readonly note?: string;
  readonly jurisdiction_id?: string;
  readonly tax_type?: string;
}

/** A line's jurisdictions, each with a code unique within the line (Medusa applies a repeated code twice). */
export function jurisdictionsOf(entries: readonly WireJurisdiction[]): CheckoutJurisdictionTax[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const id = entry.jurisdiction_id ?? entry.jurisdiction_name;
    // Two taxes of one jurisdiction (its sales and its use tax, say) get a code each: the id,
    // then the id and the tax type, then a number.
    let code = seen.has(id) ? `${id}#${entry.tax_type ?? ''}` : id;
    for (let n = 2; seen.has(code); n += 1) code = `${id}#${entry.tax_type ?? ''}#${n}`;
    seen.add(code);
    return {
      code,
      name: entry.jurisdiction_name,
      ratePercent: ratePercent(entry.tax_rate),
      taxType: entry.tax_type ?? '',
      note: entry.note ?? '',
    };
  });
}

/**
 * The taxkit customer this buyer is, by the framework's customer id: the stored one when there
 * is one (taxkit's record decides: its exemption and certificates), else, when the framework
 * marks the buyer exempt, a new exempt customer; else none.
 */
async function storedCustomerId(
  engine: TaxEngine,
  mapping: CheckoutMapping,
  customer: CheckoutBuyer | undefined,
): Promise<string | undefined> {
  if (customer === undefined || customer.id === '') return undefined;
  try {
    return (await engine.customers.get(customer.id)).id;
  } catch (error) {
    if (!isTaxError(error) || error.type !== 'CUSTOMER_NOT_FOUND') throw error;
  }
  if (!isExemptCustomer(mapping, customer.groups, customer.metadata)) return undefined;
  try {
    const created = await engine.customers.create({
      email: customer.email,
      reference_customer_id: customer.id,
      is_tax_exempt: true,
    });
    return created.id;
  } catch (error) {
    // A concurrent checkout stored it first: use that one.
    if (isTaxError(error) && error.type === 'DUPLICATE_CUSTOMER') return (await engine.customers.get(customer.id)).id;
    throw error;
  }
}
