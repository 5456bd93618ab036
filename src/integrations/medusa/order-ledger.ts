import type { CheckoutLine } from '../shared/calculate-checkout.ts';
import { deleteCheckoutSale, recordCheckoutSale, refundCheckoutQuantities } from '../shared/record-checkout-sale.ts';
import { categoryOf, shippingCategoryOf } from '../shared/checkout-mapping.ts';
import { currencyFractionDigits, toMinorUnits } from '../shared/to-minor-units.ts';
import { checkoutAddressOf, lastTaxkitProvider, type TaxkitTaxProvider } from './taxkit-tax-provider.ts';

/** The order fields the ledger hooks read (Query's `order` entity; {@link ORDER_FIELDS} asks for them). */
export interface MedusaOrderForTax {
  id: string;
  currency_code: string;
  created_at?: string | Date | null;
  customer_id?: string | null;
  email?: string | null;
  items?: {
    id: string;
    product_id?: string | null;
    product_type_id?: string | null;
    unit_price: unknown;
    quantity: unknown;
    detail?: { return_received_quantity?: unknown } | null;
  }[];
  shipping_methods?: { id: string; amount: unknown }[];
  shipping_address?: {
    country_code?: string | null;
    province?: string | null;
    postal_code?: string | null;
    city?: string | null;
    address_1?: string | null;
    address_2?: string | null;
    metadata?: Record<string, unknown> | null;
  } | null;
  customer?: {
    id: string;
    email?: string | null;
    metadata?: Record<string, unknown> | null;
    groups?: { id: string; name?: string | null }[] | null;
  } | null;
}

/** The Query fields of an order that {@link recordOrderPlaced} and {@link recordOrderReturns} read. */
export const ORDER_FIELDS = [
  'id',
  'currency_code',
  'created_at',
  'customer_id',
  'email',
  'items.id',
  'items.product_id',
  'items.product_type_id',
  'items.unit_price',
  'items.quantity',
  'items.detail.return_received_quantity',
  'shipping_methods.id',
  'shipping_methods.amount',
  'shipping_address.*',
  'customer.id',
  'customer.email',
  'customer.metadata',
  'customer.groups.id',
  'customer.groups.name',
];

/**
 * Records a placed order as a taxkit transaction (`reference_order_id` = the order id), from
 * one calculation of its items and shipping on the order's date. Idempotent: a retried event
 * finds the transaction already recorded and returns it.
 */
export async function recordOrderPlaced(provider: TaxkitTaxProvider, order: MedusaOrderForTax) {
  const digits = currencyFractionDigits(order.currency_code);
  const lines: CheckoutLine[] = [
    ...(order.items ?? []).map((item, index) => ({
      id: item.id,
      amountMinor: toMinorUnits(item.unit_price, item.quantity, digits, `items[${index}].unit_price`),
      quantity: wholeQuantity(item.quantity),
      category: categoryOf(provider.options, item.product_id ?? undefined, item.product_type_id),
    })),
    ...(order.shipping_methods ?? []).map((method, index) => ({
      id: method.id,
      amountMinor: toMinorUnits(method.amount, 1, digits, `shipping_methods[${index}].amount`),
      quantity: 1,
      category: shippingCategoryOf(provider.options),
    })),
  ];
  const customer = order.customer;
  const groups = (customer?.groups ?? []).flatMap((group) => (group.name ? [group.id, group.name] : [group.id]));
  return recordCheckoutSale(provider.engine, provider.options, order.id, {
    currency: order.currency_code,
    address: checkoutAddressOf(order.shipping_address ?? {}),
    addressMetadata: order.shipping_address?.metadata,
    customer:
      customer == null
        ? undefined
        : { id: customer.id, email: customer.email ?? order.email ?? '', groups, metadata: customer.metadata },
    lines,
    taxDate: unixSecondsOf(order.created_at),
    metadata: { medusa_order_id: order.id },
  });
}

/**
 * Refunds in taxkit what the order's received returns took back: per item, the returned
 * quantity's share of the recorded sale and tax, less what taxkit has already refunded for that
 * item. Converges, so a retried or repeated event refunds nothing twice. Returns the refund made,
 * or undefined when nothing was left to refund (or the order was never recorded).
 */
export function recordOrderReturns(provider: TaxkitTaxProvider, order: MedusaOrderForTax) {
  const returned = new Map(
    (order.items ?? []).map((item) => [item.id, wholeQuantity(item.detail?.return_received_quantity, 0)]),
  );
  return refundCheckoutQuantities(provider.engine, order.id, returned);
}

/** Deletes a canceled order's transaction (soft: kept for audit). Idempotent: nothing recorded, nothing done. */
export function recordOrderCanceled(provider: TaxkitTaxProvider, orderId: string) {
  return deleteCheckoutSale(provider.engine, orderId);
}

function wholeQuantity(value: unknown, fallback = 1): number {
  const count = Number(
    typeof value === 'object' && value !== null ? String((value as { value?: unknown }).value ?? value) : value,
  );
  return Number.isSafeInteger(count) && count >= 0 ? count : fallback;
}

function unixSecondsOf(date: string | Date | null | undefined): number | undefined {
  if (date == null) return undefined;
  const ms = new Date(date).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

// --- Medusa subscribers: one line of wiring each (docs/medusa.md) -------------------------

/** What Medusa hands a subscriber (`SubscriberArgs` of `@medusajs/framework`). */
export interface MedusaSubscriberArgs {
  event: { name?: string; data: { id?: string; order_id?: string } };
  container: { resolve(name: string): unknown };
}

interface MedusaQuery {
  graph(input: { entity: string; fields: string[]; filters: Record<string, unknown> }): Promise<{ data: unknown[] }>;
}

/** The Tax Module's provider id of taxkit when it is registered with `id: 'taxkit'`. */
export const TAXKIT_PROVIDER_ID = 'tp_taxkit_taxkit';

/**
 * The taxkit provider of this Medusa app: the Tax Module's `getProvider(id)`, else the one
 * constructed last in this process.
 */
export function resolveTaxkitProvider(
  container: MedusaSubscriberArgs['container'],
  providerId = TAXKIT_PROVIDER_ID,
): TaxkitTaxProvider {
  try {
    const tax = container.resolve('tax') as { getProvider?: (id: string) => unknown };
    const provider = tax.getProvider?.(providerId) as TaxkitTaxProvider | undefined;
    if (provider?.engine !== undefined) return provider;
  } catch {
    // An older Tax Module without getProvider: fall back below.
  }
  const provider = lastTaxkitProvider();
  if (provider === undefined) throw new Error(`taxkit: no tax provider ${providerId} is registered in this app`);
  return provider;
}

async function loadOrder(container: MedusaSubscriberArgs['container'], orderId: string): Promise<MedusaOrderForTax> {
  const query = container.resolve('query') as MedusaQuery;
  const { data } = await query.graph({ entity: 'order', fields: ORDER_FIELDS, filters: { id: orderId } });
  const order = data[0] as MedusaOrderForTax | undefined;
  if (order === undefined) throw new Error(`taxkit: order ${orderId} not found`);
  return order;
}

function orderIdOf(event: MedusaSubscriberArgs['event']): string {
  const id = event.data.order_id ?? event.data.id;
  if (typeof id !== 'string') throw new Error(`taxkit: event ${event.name ?? ''} carries no order id`);
  return id;
}

/** Subscriber for `order.placed`: `export { taxkitOrderPlaced as default, taxkitOrderPlacedConfig as config } from 'taxkit/medusa'`. */
export async function taxkitOrderPlaced({ event, container }: MedusaSubscriberArgs): Promise<void> {
  await recordOrderPlaced(resolveTaxkitProvider(container), await loadOrder(container, orderIdOf(event)));
}
export const taxkitOrderPlacedConfig = { event: 'order.placed' };

/** Subscriber for `order.return_received`: refunds the returned items' sales and tax. */
export async function taxkitReturnReceived({ event, container }: MedusaSubscriberArgs): Promise<void> {
  await recordOrderReturns(resolveTaxkitProvider(container), await loadOrder(container, orderIdOf(event)));
}
export const taxkitReturnReceivedConfig = { event: 'order.return_received' };

/** Subscriber for `order.canceled`: deletes the order's transaction. */
export async function taxkitOrderCanceled({ event, container }: MedusaSubscriberArgs): Promise<void> {
  await recordOrderCanceled(resolveTaxkitProvider(container), orderIdOf(event));
}
export const taxkitOrderCanceledConfig = { event: 'order.canceled' };
