import type { Customer, Merchant, Mode, Product, Refund, Transaction } from '../core/types.ts';
import type { ApiVersion } from './api-version.ts';
import { asVersioned } from './as-versioned.ts';
import type {
  CustomerList,
  MerchantList,
  PlatformApiVersion,
  PlatformTransactions,
  ProductList,
  RefundList,
} from './api-types.ts';
import { serializeCustomer } from './serialize-customer.ts';
import { serializeMerchant } from './serialize-merchant.ts';
import { serializeProduct } from './serialize-product.ts';
import { serializeRefundListEntry } from './serialize-refund.ts';
import { serializeTransaction } from './serialize-transaction.ts';

/** One page of records and the cursor of the next, as the engine's list operations give it. */
export interface PageOf<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
  readonly lastId: string | null;
}

/** GET /tax/products: `{ last_product_id, products, has_more }`. */
export function serializeProductList(page: PageOf<Product>, mode: Mode): ProductList {
  return {
    last_product_id: page.lastId,
    products: page.items.map((product) => serializeProduct(product, mode)),
    has_more: page.hasMore,
  };
}

/** GET /tax/customers: `{ customers, has_more, last_customer_id }`. */
export function serializeCustomerList(page: PageOf<Customer>): CustomerList {
  return { customers: page.items.map(serializeCustomer), has_more: page.hasMore, last_customer_id: page.lastId };
}

/** GET /tax/merchants: `{ merchants, has_more, last_merchant_id }`. */
export function serializeMerchantList(page: PageOf<Merchant>, mode: Mode): MerchantList {
  return {
    merchants: page.items.map((merchant) => serializeMerchant(merchant, mode)),
    has_more: page.hasMore,
    last_merchant_id: page.lastId,
  };
}

/** GET /tax/transactions/{id}/refunds: `{ refunds, has_more, last_refund_id }`. */
export function serializeRefundList<V extends ApiVersion>(page: PageOf<Refund>, version: V, mode: Mode): RefundList<V> {
  return asVersioned<RefundList<V>>({
    refunds: page.items.map((refund) => serializeRefundListEntry(refund, version, mode)),
    has_more: page.hasMore,
    last_refund_id: page.lastId,
  });
}

/** POST /tax/platform/transactions: `{ object: 'list', transactions }`. */
export function serializeTransactionList<V extends ApiVersion>(
  transactions: readonly Transaction[],
  version: V,
  mode: Mode,
): PlatformTransactions<Extract<V, PlatformApiVersion>> {
  return asVersioned<PlatformTransactions<Extract<V, PlatformApiVersion>>>({
    object: 'list',
    transactions: transactions.map((transaction) => serializeTransaction(transaction, version, mode)),
  });
}
