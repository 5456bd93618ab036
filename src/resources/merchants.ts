import { TaxError } from '../core/errors.ts';
import { serializeMerchantList } from '../wire/serialize-lists.ts';
import { notFound } from '../core/not-found.ts';
import type { Merchant, Metadata, Tenant } from '../core/types.ts';
import type { CallContext, EngineDeps } from '../engine-deps.ts';
import { requirePlatformVersion } from '../wire/version-rules.ts';
import { callScope, callTime } from './call-scope.ts';
import { listPage } from './list-page.ts';
import { merchantCreateSchema, merchantUpdateSchema } from '../wire/merchant-request.ts';
import { parseBody } from '../wire/parse-body.ts';
import { serializeDeletedMerchant, serializeMerchant } from '../wire/serialize-merchant.ts';
import { checkedAddress } from './checked-address.ts';

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

/** No live merchant by that id or reference in the caller's account and mode. */
export function merchantNotFound(idOrReference: string, field?: string): TaxError {
  return notFound('merchant', idOrReference, field);
}

/** Page size of GET /tax/merchants when the query gives no `limit`. */
export const MERCHANT_PAGE_SIZE = 10;

export function createMerchantsResource(deps: EngineDeps): MerchantsResource {
  return {
    async create(body, context) {
      const tenant = scope(deps, context, 'POST /tax/merchants');
      const request = parseBody(merchantCreateSchema, body);
      const { nowMs, now } = callTime(deps);
      const merchant: Merchant = {
        id: deps.ids.next('merch', nowMs),
        referenceMerchantId: request.reference_merchant_id,
        name: request.name,
        email: request.email ?? '',
        ...(request.default_address === undefined
          ? {}
          : { defaultAddress: checkedAddress(deps, request.default_address, 'default_address') }),
        taxIds: request.tax_ids ?? [],
        metadata: (request.metadata ?? {}) as Metadata,
        createdAt: now,
        updatedAt: now,
      };
      await deps.store.insertMerchant(tenant, merchant);
      return serializeMerchant(merchant, tenant.mode);
    },

    async list(query = {}, context) {
      const tenant = scope(deps, context, 'GET /tax/merchants');
      const page = await listPage(
        query,
        MERCHANT_PAGE_SIZE,
        (options) => deps.store.listMerchants(tenant, options),
        (merchant) => merchant.id,
      );
      return serializeMerchantList(page, tenant.mode);
    },

    async get(idOrReference, context) {
      const tenant = scope(deps, context, 'GET /tax/merchants/{id}');
      const merchant = await deps.store.getMerchant(tenant, idOrReference);
      if (merchant === undefined) throw merchantNotFound(idOrReference);
      return serializeMerchant(merchant, tenant.mode);
    },

    async update(idOrReference, body, context) {
      const tenant = scope(deps, context, 'POST /tax/merchants/{id}');
      const request = parseBody(merchantUpdateSchema, body);
      const { now } = callTime(deps);
      const address =
        request.default_address === undefined
          ? undefined
          : checkedAddress(deps, request.default_address, 'default_address');
      const updated = await deps.store.updateMerchant(tenant, idOrReference, (current) => {
        if (
          request.reference_merchant_id !== undefined &&
          request.reference_merchant_id !== current.referenceMerchantId
        ) {
          throw new TaxError(
            'INVALID_VALUE',
            'reference_merchant_id cannot be changed; create a new merchant instead.',
            {
              details: { field: 'reference_merchant_id' },
            },
          );
        }
        return {
          ...current,
          ...(request.name === undefined ? {} : { name: request.name }),
          ...(request.email === undefined ? {} : { email: request.email }),
          ...(address === undefined ? {} : { defaultAddress: address }),
          ...(request.tax_ids === undefined ? {} : { taxIds: request.tax_ids }),
          ...(request.metadata === undefined ? {} : { metadata: request.metadata as Metadata }),
          updatedAt: now,
        };
      });
      return serializeMerchant(updated, tenant.mode);
    },

    async delete(idOrReference, context) {
      const tenant = scope(deps, context, 'DELETE /tax/merchants/{id}');
      const deleted = await deps.store.deleteMerchant(tenant, idOrReference, callTime(deps).now);
      if (deleted === undefined) throw merchantNotFound(idOrReference);
      return serializeDeletedMerchant(deleted);
    },
  };
}
