/* eslint-disable no-await-in-loop -- records are written, and pages read, in a known order on purpose */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Page, Tenant } from '../../src/core/types.ts';
import type { ListOptions, TaxStore } from '../../src/ports/store.ts';
import { AT, makeCustomer, makeMerchant, makeProduct, TENANT } from '../helpers/records.ts';
import type { SuiteContext } from './suite-context.ts';

/** One paginated record kind, reduced to what the list cases need. */
interface ListedKind {
  readonly name: string;
  insert(store: TaxStore, tenant: Tenant, id: string): Promise<void>;
  list(store: TaxStore, tenant: Tenant, options: ListOptions): Promise<Page<unknown>>;
  remove(store: TaxStore, tenant: Tenant, id: string): Promise<unknown>;
  idOf(record: unknown): string;
}

const KINDS: readonly ListedKind[] = [
  {
    name: 'products',
    insert: (store, tenant, id) => store.insertProduct(tenant, makeProduct({ referenceProductId: id })),
    list: (store, tenant, options) => store.listProducts(tenant, options),
    remove: (store, tenant, id) => store.deleteProduct(tenant, id, AT),
    idOf: (record) => (record as { referenceProductId: string }).referenceProductId,
  },
  {
    name: 'customers',
    insert: (store, tenant, id) => store.insertCustomer(tenant, makeCustomer({ id })),
    list: (store, tenant, options) => store.listCustomers(tenant, options),
    remove: (store, tenant, id) => store.deleteCustomer(tenant, id, AT),
    idOf: (record) => (record as { id: string }).id,
  },
  {
    name: 'merchants',
    insert: (store, tenant, id) => store.insertMerchant(tenant, makeMerchant({ id })),
    list: (store, tenant, options) => store.listMerchants(tenant, options),
    remove: (store, tenant, id) => store.deleteMerchant(tenant, id, AT),
    idOf: (record) => (record as { id: string }).id,
  },
];

/** The port's order: UTF-8 bytes, compared here by Node's Buffer as an independent oracle. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Lists are ordered by id in byte order, page with an exclusive `after` cursor and `hasMore`,
 * clamp the limit to 1..100 and leave deleted records out.
 */
export function describeListCases({ store, test }: SuiteContext): void {
  for (const kind of KINDS) {
    const idsOf = async (options: ListOptions) => {
      const page = await kind.list(store(), TENANT, options);
      return { ids: page.items.map((record) => kind.idOf(record)), hasMore: page.hasMore };
    };

    test(`${kind.name}: listed by id, a page at a time after a cursor`, async () => {
      for (const id of ['id_e', 'id_b', 'id_d', 'id_a', 'id_c']) await kind.insert(store(), TENANT, id);
      expect(await idsOf({ limit: 2 })).toEqual({ ids: ['id_a', 'id_b'], hasMore: true });
      expect(await idsOf({ limit: 2, after: 'id_b' })).toEqual({ ids: ['id_c', 'id_d'], hasMore: true });
      expect(await idsOf({ limit: 2, after: 'id_d' })).toEqual({ ids: ['id_e'], hasMore: false });
      expect(await idsOf({ limit: 3, after: 'id_b' })).toEqual({ ids: ['id_c', 'id_d', 'id_e'], hasMore: false });
    });

    test(`${kind.name}: the cursor need not be a stored id`, async () => {
      for (const id of ['id_a', 'id_b', 'id_c']) await kind.insert(store(), TENANT, id);
      expect(await idsOf({ limit: 10, after: 'id_a5' })).toEqual({ ids: ['id_b', 'id_c'], hasMore: false });
      expect(await idsOf({ limit: 10, after: '' })).toEqual({ ids: ['id_a', 'id_b', 'id_c'], hasMore: false });
      expect(await idsOf({ limit: 10, after: 'id_z' })).toEqual({ ids: [], hasMore: false });
    });

    test(`${kind.name}: deleted records are left out of pages and of hasMore`, async () => {
      for (const id of ['id_a', 'id_b', 'id_c', 'id_d']) await kind.insert(store(), TENANT, id);
      await kind.remove(store(), TENANT, 'id_b');
      await kind.remove(store(), TENANT, 'id_d');
      expect(await idsOf({ limit: 2 })).toEqual({ ids: ['id_a', 'id_c'], hasMore: false });
    });

    test(`${kind.name}: the limit is clamped to 1..100`, async () => {
      const ids = Array.from({ length: 101 }, (_, i) => `id_${String(i).padStart(3, '0')}`);
      for (const id of ids) await kind.insert(store(), TENANT, id);
      for (const limit of [0, -3, 0.5, Number.NaN]) {
        expect(await idsOf({ limit })).toEqual({ ids: ['id_000'], hasMore: true });
      }
      for (const limit of [100, 100.9, 1000, Number.POSITIVE_INFINITY]) {
        expect(await idsOf({ limit })).toEqual({ ids: ids.slice(0, 100), hasMore: true });
      }
      expect(await idsOf({ limit: 1000, after: 'id_099' })).toEqual({ ids: ['id_100'], hasMore: false });
    });

    test(`${kind.name}: ordered by UTF-8 bytes, not UTF-16 code units`, async () => {
      // UTF-16 puts the emoji (a surrogate pair, D83D…) before U+FFFD; UTF-8 puts it after.
      const ids = ['id_\u{1F600}', 'id_\uFFFD', 'id_é', 'id_Z', 'id_'];
      for (const id of ids) await kind.insert(store(), TENANT, id);
      expect(await idsOf({ limit: 10 })).toEqual({ ids: ids.toSorted(byteOrder), hasMore: false });
      expect((await idsOf({ limit: 10 })).ids).toEqual(['id_', 'id_Z', 'id_é', 'id_\uFFFD', 'id_\u{1F600}']);
      expect(await idsOf({ limit: 10, after: 'id_\uFFFD' })).toEqual({ ids: ['id_\u{1F600}'], hasMore: false });
    });
  }

  test('paging through any set of ids visits each once, in byte order', async () => {
    let run = 0;
    const idSets = fc.uniqueArray(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), { maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(idSets, fc.integer({ min: 1, max: 5 }), async (ids, limit) => {
        // A tenant per run keeps runs apart in the one store of this case.
        const tenant: Tenant = { accountId: `acct_property_${(run += 1)}`, mode: 'test' };
        for (const id of ids) await store().insertProduct(tenant, makeProduct({ referenceProductId: id }));
        const seen: string[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await store().listProducts(tenant, after === undefined ? { limit } : { limit, after });
          seen.push(...page.items.map((product) => product.referenceProductId));
          after = seen.at(-1);
          if (!page.hasMore) break;
          expect(page.items).toHaveLength(limit);
        }
        expect(seen).toEqual(ids.toSorted(byteOrder));
      }),
      { numRuns: 40 },
    );
  });
}
