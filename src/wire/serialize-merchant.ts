import type { Merchant, Mode } from '../core/types.ts';
import type { DeletedMerchant, Merchant as MerchantJson } from './api-types.ts';
import { fromAddress } from './to-address.ts';

/** A merchant as the hosted API shows it (docs/interface.md §4.13). */
export function serializeMerchant(merchant: Merchant, mode: Mode): MerchantJson {
  return {
    id: merchant.id,
    object: 'tax.merchant',
    reference_merchant_id: merchant.referenceMerchantId,
    name: merchant.name,
    email: merchant.email,
    default_address: merchant.defaultAddress === undefined ? null : fromAddress(merchant.defaultAddress),
    tax_ids: merchant.taxIds.map((taxId) => ({ type: taxId.type, value: taxId.value })),
    status: 'active',
    testmode: mode === 'test',
    created_at: merchant.createdAt,
    updated_at: merchant.updatedAt,
    metadata: merchant.metadata,
  };
}

/** The answer to DELETE /tax/merchants/{id}. */
export function serializeDeletedMerchant(merchant: Merchant): DeletedMerchant {
  return { id: merchant.id, object: 'tax.merchant', deleted: true, deleted_at: merchant.deletedAt ?? null };
}
