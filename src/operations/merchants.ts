import { keyedError, underKey } from '../core/errors.ts';
import { resolveAddress } from '../core/location/resolve-address.ts';
import { notFound } from '../core/not-found.ts';
import type { Address, Merchant, Metadata, TaxId, Tenant } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';
import { type ListedPage, loadPage, type PageRequest } from './load-page.ts';

/** Page size of the merchant list when the request gives no limit. */
export const MERCHANT_PAGE_SIZE = 10;

/** What a new merchant is made of, as the wire layer parses it from a request. */
export interface MerchantInput {
  readonly referenceMerchantId: string;
  readonly name: string;
  readonly email: string;
  readonly defaultAddress: Address | undefined;
  readonly taxIds: readonly TaxId[];
  readonly metadata: Metadata;
}

/** The fields an update changes; absent ones stay. The reference id may be given but not changed. */
export type MerchantPatch = { readonly [K in keyof MerchantInput]?: MerchantInput[K] };

/**
 * Stores a new merchant with a fresh `merch_…` id. Its default address is checked like a
 * customer's (errors keyed `['defaultAddress', …]`); DUPLICATE_MERCHANT when the reference id is live.
 */
export async function createMerchant(deps: EngineDeps, tenant: Tenant, input: MerchantInput): Promise<Merchant> {
  if (input.defaultAddress !== undefined) checkDefaultAddress(deps, input.defaultAddress);
  const { nowMs, now } = callTime(deps, tenant);
  const { defaultAddress, ...rest } = input;
  const merchant: Merchant = {
    id: deps.ids.next('merch', nowMs),
    ...rest,
    ...(defaultAddress === undefined ? {} : { defaultAddress }),
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.insertMerchant(tenant, merchant);
  return merchant;
}

/** The live merchant with that id or reference id; 404 MERCHANT_NOT_FOUND. */
export async function getMerchant(deps: EngineDeps, tenant: Tenant, idOrReference: string): Promise<Merchant> {
  const merchant = await deps.store.getMerchant(tenant, idOrReference);
  if (merchant === undefined) throw notFound('merchant', idOrReference);
  return merchant;
}

/** One page of live merchants in id order. */
export function listMerchants(deps: EngineDeps, tenant: Tenant, request: PageRequest): Promise<ListedPage<Merchant>> {
  return loadPage(
    request,
    MERCHANT_PAGE_SIZE,
    (options) => deps.store.listMerchants(tenant, options),
    (merchant) => merchant.id,
  );
}

/**
 * Applies `patch` to the live merchant (tax ids replace the whole list). A reference id other
 * than the merchant's is INVALID_VALUE keyed `referenceMerchantId`: create a new merchant instead.
 */
export async function updateMerchant(
  deps: EngineDeps,
  tenant: Tenant,
  idOrReference: string,
  patch: MerchantPatch,
): Promise<Merchant> {
  if (patch.defaultAddress !== undefined) checkDefaultAddress(deps, patch.defaultAddress);
  const { now } = callTime(deps, tenant);
  return deps.store.updateMerchant(tenant, idOrReference, (current) => {
    if (patch.referenceMerchantId !== undefined && patch.referenceMerchantId !== current.referenceMerchantId) {
      throw keyedError(
        'INVALID_VALUE',
        ['referenceMerchantId'],
        '{field} cannot be changed; create a new merchant instead.',
      );
    }
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    return { ...current, ...changes, updatedAt: now };
  });
}

/** Soft-deletes the merchant: it disappears from get, list and calculations. */
export async function deleteMerchant(deps: EngineDeps, tenant: Tenant, idOrReference: string): Promise<Merchant> {
  const deleted = await deps.store.deleteMerchant(tenant, idOrReference, callTime(deps, tenant).now);
  if (deleted === undefined) throw notFound('merchant', idOrReference);
  return deleted;
}

/** The default address passes the same checks as a customer's address (known country, ZIP in its state…). */
function checkDefaultAddress(deps: EngineDeps, address: Address): void {
  underKey(['defaultAddress'], () => resolveAddress(address, deps.locations));
}
