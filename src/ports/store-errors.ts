/**
 * The errors the storage port names (see `store.ts`), built in one place so every adapter
 * words them alike and the conformance suite holds them to one contract.
 */
import { keyedError, TaxError } from '../core/errors.ts';
import { notFound } from '../core/not-found.ts';
import type { Customer, Merchant, Product, Transaction } from '../core/types.ts';
import { MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER, MAX_CERTIFICATES_PER_CUSTOMER } from './store.ts';

export function duplicateOrder(transaction: Transaction): TaxError {
  return new TaxError(
    'DUPLICATE_REFERENCE_ORDER_ID',
    `A transaction of type ${transaction.type} with reference_order_id "${transaction.referenceOrderId}" already exists.`,
  );
}

export function calculationRecorded(calculationId: string): TaxError {
  return new TaxError(
    'CALCULATION_ALREADY_RECORDED',
    `A transaction was already recorded from calculation ${calculationId}.`,
  );
}

export function duplicateProduct(product: Product): TaxError {
  return new TaxError(
    'DUPLICATE_PRODUCT',
    `A product with reference_product_id "${product.referenceProductId}" already exists.`,
  );
}

export function duplicateCustomer(customer: Customer): TaxError {
  return new TaxError(
    'DUPLICATE_CUSTOMER',
    `A customer with reference_customer_id "${customer.referenceCustomerId}" already exists.`,
  );
}

export function duplicateMerchant(merchant: Merchant): TaxError {
  return new TaxError(
    'DUPLICATE_MERCHANT',
    `A merchant with reference_merchant_id "${merchant.referenceMerchantId}" already exists.`,
  );
}

export function transactionNotFound(id: string): TaxError {
  return notFound('transaction', id);
}

export function refundNotFound(id: string): TaxError {
  return notFound('refund', id);
}

export function merchantNotFound(idOrReference: string): TaxError {
  return notFound('merchant', idOrReference);
}

/** A planner that builds a record for another parent is a bug in the planner. */
export function plannedForOther(kind: string, parentId: string): TaxError {
  return new TaxError('INTERNAL_ERROR', `The ${kind} planner built a record for another parent than ${parentId}.`);
}

/** A merchant update must not change the record's identity. */
export function merchantIdChanged(id: string): TaxError {
  return new TaxError('INTERNAL_ERROR', `A merchant update changed the id of ${id}.`);
}

/** Ids come from the engine's id source, so a taken one is a fault of the store's user, not the caller's. */
export function idTaken(kind: string, id: string): TaxError {
  return new TaxError('STORAGE_UNAVAILABLE', `The store already holds a ${kind} with id ${id}.`);
}

export function certificateNotFound(id: string): TaxError {
  return notFound('certificate', id);
}

/** Keyed `certificateRequestId`: a certificate named a request that is not there. */
export function certificateRequestNotFound(id: string, keyed = false): TaxError {
  if (!keyed) return notFound('certificate request', id);
  return keyedError(
    'CERTIFICATE_REQUEST_NOT_FOUND',
    ['certificateRequestId'],
    `{field}: no certificate request "${id}" exists in this account and mode.`,
  );
}

/**
 * A customer already has as many certificates (or certificate requests) as one may: keyed
 * `customerId`, naming the bound, so the caller learns which limit it reached.
 */
export function tooManyForCustomer(kind: 'certificates' | 'certificate requests'): TaxError {
  const limit = kind === 'certificates' ? MAX_CERTIFICATES_PER_CUSTOMER : MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER;
  return keyedError(
    'INVALID_VALUE',
    ['customerId'],
    `{field}: the customer already has ${limit} exemption ${kind}, the most one customer may have.`,
    {
      bound: kind === 'certificates' ? 'MAX_CERTIFICATES_PER_CUSTOMER' : 'MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER',
      limit,
    },
  );
}
