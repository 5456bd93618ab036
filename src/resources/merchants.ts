import type { Tenant } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { createMerchant, deleteMerchant, getMerchant, listMerchants, updateMerchant } from '../operations/merchants.ts';
import { withFields } from '../wire/field-map.ts';
import { parseListQuery } from '../wire/list-request.ts';
import { merchantFields, parseMerchantCreate, parseMerchantUpdate } from '../wire/merchant-request.ts';
import { serializeMerchantList } from '../wire/serialize-lists.ts';
import { serializeDeletedMerchant, serializeMerchant } from '../wire/serialize-merchant.ts';
import { requirePlatformVersion } from '../wire/version-rules.ts';
import { callScope } from './call-scope.ts';

export { MERCHANT_PAGE_SIZE } from '../operations/merchants.ts';

export interface MerchantsResource {
  /** POST /tax/merchants (2026-01-01+). DUPLICATE_MERCHANT when the reference id is taken. */
  create(body: unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /** GET /tax/merchants?limit=&cursor= → `{ merchants, has_more, last_merchant_id }`. */
  list(
    query?: { readonly limit?: string | number; readonly cursor?: string },
    context?: CallContext,
  ): Promise<Record<string, unknown>>;
  /** GET /tax/merchants/{id}: by `merch_…` id or reference_merchant_id. */
  get(idOrReference: string, context?: CallContext): Promise<Record<string, unknown>>;
  /** POST /tax/merchants/{id}: changes the given fields; tax_ids replaces the whole list. */
  update(idOrReference: string, body: unknown, context?: CallContext): Promise<Record<string, unknown>>;
  /** DELETE /tax/merchants/{id}: soft delete; the merchant disappears from get, list and calculations. */
  delete(idOrReference: string, context?: CallContext): Promise<Record<string, unknown>>;
}

/** The tenant of a merchant call; merchants exist from 2026-01-01 (docs/interface.md §9 rule 1). */
function scope(deps: EngineDeps, context: CallContext | undefined, operation: string): Tenant {
  const { tenant, version } = callScope(deps, context);
  requirePlatformVersion(version, operation);
  return tenant;
}

export function createMerchantsResource(deps: EngineDeps): MerchantsResource {
  // Each method: the version gate, parse the wire body -> the engine operation on domain objects -> serialize.
  return {
    async create(body, context) {
      const tenant = scope(deps, context, 'POST /tax/merchants');
      const input = parseMerchantCreate(body);
      const merchant = await withFields(merchantFields, () => createMerchant(deps, tenant, input));
      return serializeMerchant(merchant, tenant.mode);
    },

    async list(query = {}, context) {
      const tenant = scope(deps, context, 'GET /tax/merchants');
      const page = await listMerchants(deps, tenant, parseListQuery(query));
      return serializeMerchantList(page, tenant.mode);
    },

    async get(idOrReference, context) {
      const tenant = scope(deps, context, 'GET /tax/merchants/{id}');
      return serializeMerchant(await getMerchant(deps, tenant, idOrReference), tenant.mode);
    },

    async update(idOrReference, body, context) {
      const tenant = scope(deps, context, 'POST /tax/merchants/{id}');
      const patch = parseMerchantUpdate(body);
      const updated = await withFields(merchantFields, () => updateMerchant(deps, tenant, idOrReference, patch));
      return serializeMerchant(updated, tenant.mode);
    },

    async delete(idOrReference, context) {
      const tenant = scope(deps, context, 'DELETE /tax/merchants/{id}');
      return serializeDeletedMerchant(await deleteMerchant(deps, tenant, idOrReference));
    },
  };
}
