import fc from 'fast-check';
import { expect } from 'vitest';
import type { JsonValue, Metadata } from '../../src/core/types.ts';
import {
  AT,
  LIVE_MODE,
  makeAddress,
  makeCalculation,
  makeCustomer,
  makeJurisdictionTax,
  makeMerchant,
  makeProduct,
  makeRefund,
  makeRefundLine,
  makeTaxLine,
  makeTransaction,
  nextId,
  TENANT,
  withoutNote,
} from '../helpers/records.ts';
import { allRefunds, vandalise } from './assertions.ts';
import { planFullRefund, planReversal } from './planners.ts';
import type { SuiteContext } from './suite-context.ts';

const MAX = Number.MAX_SAFE_INTEGER;

/** Text that trips up encodings and escaping: astral, combining, RTL, NUL, quotes, JSON syntax. */
const AWKWARD = 'Zoë 😀 e\u0301 עברית \u0000 "quoted" \\ back\nline {"json": [1]} \u2028';

const RICH_METADATA: Metadata = {
  order: 'A-1',
  nested: { list: [1, 2.5, -0.125, 1e300, null, true, false, '', AWKWARD], empty: {} },
  [AWKWARD]: AWKWARD,
};

/**
 * Every field of every record kind comes back as written, with optional fields absent when
 * absent (not `undefined`-valued: `toStrictEqual` tells the two apart); missing records are
 * `undefined`; what goes in and what comes out are copies.
 */
export function describeRoundTripCases({ store, test }: SuiteContext): void {
  test('housekeeping deletes calculations expired before a time, in every tenant, and nothing else', async () => {
    const old = makeCalculation({ id: nextId('calc'), expiresAt: 1_000 });
    const oldLive = makeCalculation({ id: nextId('calc'), expiresAt: 1_999 });
    const boundary = makeCalculation({ id: nextId('calc'), expiresAt: 2_000 });
    const transaction = makeTransaction({ calculationId: old.id });
    await store().insertCalculation(TENANT, old);
    await store().insertCalculation(LIVE_MODE, oldLive);
    await store().insertCalculation(TENANT, boundary);
    await store().insertTransactions(TENANT, [transaction]);
    expect(await store().deleteCalculationsExpiredBefore(2_000)).toBe(2);
    expect(await store().getCalculation(TENANT, old.id)).toBeUndefined();
    expect(await store().getCalculation(LIVE_MODE, oldLive.id)).toBeUndefined();
    expect(await store().getCalculation(TENANT, boundary.id)).toStrictEqual(boundary);
    expect(await store().getTransaction(TENANT, transaction.id)).toStrictEqual(transaction);
    expect(await store().deleteCalculationsExpiredBefore(2_000)).toBe(0);
  });

  test('a calculation comes back without its derived top-level note, the rest as written', async () => {
    const calculation = makeCalculation({ id: nextId('calc'), note: 'US rate at state level only.' });
    await store().insertCalculation(TENANT, calculation);
    const kept = await store().getCalculation(TENANT, calculation.id);
    expect(kept).toStrictEqual(withoutNote(calculation));
    expect(kept).not.toHaveProperty('note');
  });

  test('a calculation round-trips with every optional field absent', async () => {
    const calculation = makeCalculation();
    await store().insertCalculation(TENANT, calculation);
    const got = await store().getCalculation(TENANT, calculation.id);
    expect(got).toStrictEqual(calculation);
    expect(Object.keys(got ?? {})).not.toContain('origin');
    expect(Object.keys(got ?? {})).not.toContain('platform');
    expect(Object.keys(got?.customer ?? {})).not.toContain('customerId');
  });

  test('a calculation round-trips with every optional field present', async () => {
    const calculation = makeCalculation({
      kind: 'platform',
      taxIncluded: true,
      automaticTax: 'disabled',
      customer: {
        type: 'BUSINESS',
        customerId: 'cust_1',
        taxIds: [{ type: 'eu_vat', value: 'DE123456789' }],
        isTaxExempt: true,
      },
      lines: [makeTaxLine({ jurisdictions: [makeJurisdictionTax(), makeJurisdictionTax({ authorityType: '' })] })],
      location: {
        address: makeAddress({ line2: 'Suite 5' }),
        status: 'POSTAL_ONLY',
        precision: 'APPROXIMATED',
        source: 'ip',
      },
      origin: makeAddress({ city: 'Oakland', postalCode: '94607' }),
      metadata: RICH_METADATA,
      // What a replay needs: the sale's date and the rate keys looked up.
      taxDate: 1_743_465_600,
      rateKeys: ['US-CA-94111', 'US-CA'],
      platform: {
        merchantId: 'merch_1',
        referenceMerchantId: 'seller-1',
        roles: ['payment_processor', 'marketplace_provider'],
        feeLines: [makeTaxLine({ productTaxCode: 'PLATFORM_FEE' })],
      },
    });
    await store().insertCalculation(TENANT, calculation);
    expect(await store().getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
  });

  test('a transaction round-trips with and without its optional fields', async () => {
    const plain = makeTransaction();
    const platform = makeTransaction({
      type: 'fee',
      metadata: RICH_METADATA,
      lines: [makeTaxLine(), makeTaxLine({ referenceLineItemId: 'line-2', quantity: 3 })],
      platform: {
        merchantId: 'merch_1',
        referenceMerchantId: 'seller-1',
        referencePaymentId: 'pay_1',
        clientRoles: [],
      },
    });
    await store().insertTransactions(TENANT, [plain, platform]);
    const gotPlain = await store().getTransaction(TENANT, plain.id);
    expect(gotPlain).toStrictEqual(plain);
    expect(Object.keys(gotPlain ?? {})).not.toContain('platform');
    expect(Object.keys(gotPlain ?? {})).not.toContain('deletedAt');
    expect(await store().getTransaction(TENANT, platform.id)).toStrictEqual(platform);
  });

  test('a refund round-trips, and insertRefund returns it as stored', async () => {
    const transaction = makeTransaction();
    await store().insertTransactions(TENANT, [transaction]);
    const refund = makeRefund({
      transactionId: transaction.id,
      type: 'partial',
      processedAt: AT + 1,
      createdAt: AT + 2,
      lines: transaction.lines.map((line) => makeRefundLine(line, { quantity: 1 })),
    });
    const returned = await store().insertRefund(TENANT, transaction.id, () => refund);
    expect(returned).toStrictEqual(refund);
    const got = await store().getRefund(TENANT, refund.id);
    expect(got).toStrictEqual(refund);
    expect(Object.keys(got ?? {})).not.toContain('reversedAt');
    expect(Object.keys(got ?? {})).not.toContain('reversalId');
  });

  test('products, customers and merchants round-trip', async () => {
    const product = makeProduct({ name: AWKWARD, updatedAt: AT + 5 });
    const customer = makeCustomer({ isTaxExempt: true, name: AWKWARD });
    const bare = makeMerchant();
    const full = makeMerchant({
      defaultAddress: makeAddress({ country: 'CA', province: 'ON', postalCode: 'M5V 2T6', city: 'Toronto' }),
      taxIds: [{ type: 'ca_gst_hst', value: '123456789RT0001' }],
      metadata: RICH_METADATA,
      updatedAt: AT + 9,
    });
    await store().insertProduct(TENANT, product);
    await store().insertCustomer(TENANT, customer);
    await store().insertMerchant(TENANT, bare);
    await store().insertMerchant(TENANT, full);
    expect(await store().getProduct(TENANT, product.referenceProductId)).toStrictEqual(product);
    expect(await store().getCustomer(TENANT, customer.id)).toStrictEqual(customer);
    const gotBare = await store().getMerchant(TENANT, bare.id);
    expect(gotBare).toStrictEqual(bare);
    expect(Object.keys(gotBare ?? {})).not.toContain('defaultAddress');
    expect(await store().getMerchant(TENANT, full.id)).toStrictEqual(full);
  });

  test('amounts of Number.MAX_SAFE_INTEGER round-trip exactly', async () => {
    const line = makeTaxLine({
      quantity: MAX,
      amountExcludingTaxMinor: MAX,
      taxMinor: MAX,
      amountIncludingTaxMinor: MAX,
      jurisdictions: [makeJurisdictionTax({ feeMinor: MAX, taxMinor: MAX, taxDue: '9007199254740991.5' })],
    });
    const calculation = makeCalculation({
      lines: [line],
      totalTaxMinor: MAX,
      totalExcludingTaxMinor: MAX,
      totalIncludingTaxMinor: MAX,
      createdAt: MAX,
    });
    // Three such lines: a store that totals them must not lose or overflow anything.
    const transaction = makeTransaction({ lines: [line, line, line], processedAt: MAX });
    await store().insertCalculation(TENANT, calculation);
    await store().insertTransactions(TENANT, [transaction]);
    const refund = await store().insertRefund(TENANT, transaction.id, planFullRefund());
    expect(refund.lines[0]?.amountIncludingTaxMinor).toBe(-MAX);
    expect(await store().getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
    expect(await store().getTransaction(TENANT, transaction.id)).toStrictEqual(transaction);
    expect(await store().getRefund(TENANT, refund.id)).toStrictEqual(refund);
  });

  test('a "__proto__" key in metadata round-trips as an own key', async () => {
    // What JSON.parse makes of a caller's {"__proto__": …}: an own property, not a prototype.
    const metadata = JSON.parse('{"__proto__": {"a": 1}, "list": [{"__proto__": false}]}') as Metadata;
    const transaction = makeTransaction({ metadata });
    await store().insertTransactions(TENANT, [transaction]);
    const read = await store().getTransaction(TENANT, transaction.id);
    expect(read).toStrictEqual(transaction);
    expect(Object.keys(read?.metadata ?? {})).toEqual(['__proto__', 'list']);
    expect(Object.getPrototypeOf(read?.metadata)).toBe(Object.prototype);
  });

  test('metadata of any JSON value round-trips', async () => {
    // JSON.parse(JSON.stringify(…)) is the domain of Metadata: it turns -0 into 0 and drops
    // null prototypes, which no stored record can have.
    const metadata = fc
      .dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary', maxDepth: 3 }))
      .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, JsonValue>);
    await fc.assert(
      fc.asyncProperty(metadata, async (value) => {
        const transaction = makeTransaction({ metadata: value });
        await store().insertTransactions(TENANT, [transaction]);
        expect(await store().getTransaction(TENANT, transaction.id)).toStrictEqual(transaction);
      }),
      { numRuns: 40 },
    );
  });

  test('a missing record is undefined from every get, and an empty list from every list', async () => {
    expect(await store().getCalculation(TENANT, 'calc_missing')).toBeUndefined();
    expect(await store().getTransaction(TENANT, 'tr_missing')).toBeUndefined();
    expect(await store().getRefund(TENANT, 'ref_missing')).toBeUndefined();
    expect(await store().getProduct(TENANT, 'sku_missing')).toBeUndefined();
    expect(await store().getCustomer(TENANT, 'cust_missing')).toBeUndefined();
    expect(await store().getMerchant(TENANT, 'merch_missing')).toBeUndefined();
    expect(await allRefunds(store(), TENANT, 'tr_missing')).toEqual([]);
    const empty = { items: [], hasMore: false };
    expect(await store().listProducts(TENANT, { limit: 10 })).toEqual(empty);
    expect(await store().listCustomers(TENANT, { limit: 10 })).toEqual(empty);
    expect(await store().listMerchants(TENANT, { limit: 10 })).toEqual(empty);
  });

  test('deleting a missing record returns undefined', async () => {
    expect(await store().deleteTransaction(TENANT, 'tr_missing', AT)).toBeUndefined();
    expect(await store().deleteProduct(TENANT, 'sku_missing', AT)).toBeUndefined();
    expect(await store().deleteCustomer(TENANT, 'cust_missing', AT)).toBeUndefined();
    expect(await store().deleteMerchant(TENANT, 'merch_missing', AT)).toBeUndefined();
  });

  test('changing a returned object does not change the store', async () => {
    const calculation = makeCalculation({ metadata: RICH_METADATA });
    const transaction = makeTransaction({ metadata: RICH_METADATA });
    const product = makeProduct();
    const customer = makeCustomer();
    const merchant = makeMerchant({ metadata: RICH_METADATA });
    await store().insertCalculation(TENANT, calculation);
    await store().insertTransactions(TENANT, [transaction]);
    await store().insertProduct(TENANT, product);
    await store().insertCustomer(TENANT, customer);
    await store().insertMerchant(TENANT, merchant);
    const refund = await store().insertRefund(TENANT, transaction.id, planFullRefund());
    const pristine = structuredClone(refund);
    vandalise(refund);

    vandalise(await store().getCalculation(TENANT, calculation.id));
    vandalise(await store().getTransaction(TENANT, transaction.id));
    vandalise(await store().getRefund(TENANT, pristine.id));
    vandalise(await allRefunds(store(), TENANT, transaction.id));
    vandalise(await store().getProduct(TENANT, product.referenceProductId));
    vandalise(await store().listProducts(TENANT, { limit: 10 }));
    vandalise(await store().getCustomer(TENANT, customer.id));
    vandalise(await store().listCustomers(TENANT, { limit: 10 }));
    vandalise(await store().getMerchant(TENANT, merchant.id));
    vandalise(await store().listMerchants(TENANT, { limit: 10 }));
    vandalise(await store().updateMerchant(TENANT, merchant.id, (current) => current));

    expect(await store().getCalculation(TENANT, calculation.id)).toStrictEqual(calculation);
    expect(await store().getTransaction(TENANT, transaction.id)).toStrictEqual(transaction);
    expect(await store().getRefund(TENANT, pristine.id)).toStrictEqual(pristine);
    expect(await allRefunds(store(), TENANT, transaction.id)).toStrictEqual([pristine]);
    expect(await store().getProduct(TENANT, product.referenceProductId)).toStrictEqual(product);
    expect(await store().getCustomer(TENANT, customer.id)).toStrictEqual(customer);
    expect(await store().getMerchant(TENANT, merchant.id)).toStrictEqual(merchant);
    expect((await store().listMerchants(TENANT, { limit: 10 })).items).toStrictEqual([merchant]);
  });

  test('changing an object after writing it does not change the store', async () => {
    const transaction = makeTransaction({ metadata: RICH_METADATA });
    const product = makeProduct();
    const customer = makeCustomer();
    const merchant = makeMerchant();
    const written = structuredClone({ transaction, product, customer, merchant });
    await store().insertTransactions(TENANT, [transaction]);
    await store().insertProduct(TENANT, product);
    await store().insertCustomer(TENANT, customer);
    await store().insertMerchant(TENANT, merchant);
    vandalise([transaction, product, customer, merchant]);
    expect(await store().getTransaction(TENANT, written.transaction.id)).toStrictEqual(written.transaction);
    expect(await store().getProduct(TENANT, written.product.referenceProductId)).toStrictEqual(written.product);
    expect(await store().getCustomer(TENANT, written.customer.id)).toStrictEqual(written.customer);
    expect(await store().getMerchant(TENANT, written.merchant.id)).toStrictEqual(written.merchant);
  });

  test('planners and updates work on copies', async () => {
    const transaction = makeTransaction();
    const merchant = makeMerchant();
    await store().insertTransactions(TENANT, [transaction]);
    await store().insertMerchant(TENANT, merchant);
    const first = await store().insertRefund(TENANT, transaction.id, planFullRefund());
    const second = await store().insertRefund(TENANT, transaction.id, (current, prior) => {
      const planned = planFullRefund()(current, prior);
      vandalise(current);
      vandalise(prior);
      return planned;
    });
    await store().reverseRefund(TENANT, second.id, (refund, current) => {
      const reversal = planReversal()(refund, current);
      vandalise(refund);
      vandalise(current);
      return reversal;
    });
    await expect(
      store().updateMerchant(TENANT, merchant.id, (current) => {
        vandalise(current);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await store().getTransaction(TENANT, transaction.id)).toStrictEqual(transaction);
    expect(await store().getRefund(TENANT, first.id)).toStrictEqual(first);
    expect(await store().getMerchant(TENANT, merchant.id)).toStrictEqual(merchant);
    expect((await store().getRefund(TENANT, second.id))?.lines).toStrictEqual(second.lines);
  });

  test('ids of any text round-trip', async () => {
    const id = `tr_${AWKWARD}`;
    const transaction = makeTransaction({ id, referenceOrderId: AWKWARD, calculationId: nextId(AWKWARD) });
    await store().insertTransactions(TENANT, [transaction]);
    expect(await store().getTransaction(TENANT, id)).toStrictEqual(transaction);
    const product = makeProduct({ referenceProductId: AWKWARD });
    await store().insertProduct(TENANT, product);
    expect(await store().getProduct(TENANT, AWKWARD)).toStrictEqual(product);
  });
}
