/**
 * taxkit/vendure inside a real Vendure server (`@vendure/core` with `@vendure/testing`'s test
 * server, on SQLite through sql.js): a guest orders a widget and a loaf to a Kansas ZIP+4 over
 * the Shop GraphQL API and sees taxkit's jurisdiction tax lines, every line of an order revision
 * answered from one taxkit calculation; the placed order lands in taxkit's ledger and report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountedEngine } from '../../helpers/counted-engine.ts';
import {
  TaxkitTaxLineCalculationStrategy,
  TaxkitTaxZoneStrategy,
  recordVendureOrderPlaced,
  type VendureOrder,
} from '../../../src/integrations/vendure/index.ts';

const { EventBus, LanguageCode, OrderPlacedEvent, OrderService, PaymentMethodHandler, mergeConfig } =
  await import('@vendure/core');
const { SqljsInitializer, createTestEnvironment, registerInitializer, testConfig } = await import('@vendure/testing');
const { gql } = await import('graphql-tag');

const { engine, calculations: calculationCount } = createCountedEngine();
const strategy = new TaxkitTaxLineCalculationStrategy({ engine, productTypeCategories: { Food: 'FOOD_GENERAL' } });

const testPayment = new PaymentMethodHandler({
  code: 'test-payment',
  description: [{ languageCode: LanguageCode.en, value: 'Test payment' }],
  args: {},
  createPayment: (_ctx, _order, amount) => ({ amount, state: 'Settled' as const, transactionId: 'pay_1' }),
  settlePayment: () => ({ success: true }),
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'taxkit-vendure-'));
registerInitializer('sqljs', new SqljsInitializer(dataDir));
const { server, shopClient } = createTestEnvironment(
  mergeConfig(testConfig, {
    apiOptions: { port: await freePort() },
    taxOptions: { taxZoneStrategy: new TaxkitTaxZoneStrategy(), taxLineCalculationStrategy: strategy },
    paymentOptions: { paymentMethodHandlers: [testPayment] },
  } as never),
);

const ORDER = `id code state lines { id productVariant { sku } taxLines { description taxRate } }`;
const ADD_ITEM = gql`mutation ($id: ID!, $quantity: Int!) { addItemToOrder(productVariantId: $id, quantity: $quantity) {
  ... on Order { ${ORDER} } ... on ErrorResult { errorCode message } } }`;
const SET_ADDRESS = gql`mutation ($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) {
  ... on Order { ${ORDER} } ... on ErrorResult { errorCode message } } }`;

describe('taxkit/vendure in a Vendure server on SQLite', () => {
  beforeAll(async () => {
    await server.init({
      productsCsvPath: fileURLToPath(new URL('products.csv', import.meta.url)),
      customerCount: 1,
      initialData: {
        defaultLanguage: LanguageCode.en,
        defaultZone: 'USA',
        taxRates: [
          { name: 'Standard', percentage: 20 },
          { name: 'Food', percentage: 5 },
        ],
        shippingMethods: [{ name: 'Standard Shipping', price: 500 }],
        paymentMethods: [{ name: 'test-payment', handler: { code: 'test-payment', arguments: [] } }],
        countries: [
          { name: 'United States of America', code: 'US', zone: 'USA' },
          { name: 'Germany', code: 'DE', zone: 'Europe' },
        ],
        collections: [],
      },
    });
  }, 240_000);

  afterAll(async () => {
    await server.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('taxes a Kansas ZIP+4 order by taxkit’s jurisdictions, one calculation per order revision', async () => {
    await shopClient.asAnonymousUser();
    await shopClient.query(ADD_ITEM, { id: 'T_1', quantity: 2 });
    await shopClient.query(ADD_ITEM, { id: 'T_2', quantity: 1 });
    const before = calculationCount();
    const { setOrderShippingAddress: order } = await shopClient.query(SET_ADDRESS, {
      input: {
        streetLine1: '1 Massachusetts St',
        city: 'Lawrence',
        province: 'KS',
        postalCode: '66044-1234',
        countryCode: 'US',
      },
    });
    const bySku = Object.fromEntries(
      (order.lines as { productVariant: { sku: string }; taxLines: unknown[] }[]).map((line) => [
        line.productVariant.sku,
        line.taxLines,
      ]),
    );
    expect(bySku.W1).toEqual([{ description: 'Kansas (GENERAL_MERCHANDISE by default)', taxRate: 6.5 }]);
    // The loaf's Vendure tax category "Food" maps to taxkit's FOOD_GENERAL: Kansas's food rate, not 6.5.
    expect(bySku.B1).toHaveLength(1);
    expect((bySku.B1 as { description: string; taxRate: number }[])[0]?.description).toBe('Kansas');
    expect((bySku.B1 as { taxRate: number }[])[0]?.taxRate).not.toBe(6.5);
    // Vendure asked for the tax lines of both lines in this request: one taxkit calculation.
    expect(calculationCount() - before).toBe(1);
  });

  it('records the placed order in taxkit’s ledger through an OrderPlacedEvent subscriber', async () => {
    const app = server.app;
    const recorded = new Promise<unknown>((resolve, reject) => {
      app
        .get(EventBus)
        .ofType(OrderPlacedEvent)
        .subscribe(async (event) => {
          try {
            const order = await app
              .get(OrderService)
              .findOne(event.ctx, event.order.id, [
                'lines',
                'lines.productVariant',
                'lines.productVariant.taxCategory',
                'customer',
              ]);
            resolve(await recordVendureOrderPlaced(strategy, order as unknown as VendureOrder));
          } catch (error) {
            reject(error);
          }
        });
    });
    await shopClient.query(gql`
      mutation {
        setCustomerForOrder(input: { emailAddress: "guest@example.com", firstName: "G", lastName: "Uest" }) {
          ... on Order {
            id
          }
          ... on ErrorResult {
            errorCode
            message
          }
        }
      }
    `);
    const { eligibleShippingMethods } = await shopClient.query(gql`
      {
        eligibleShippingMethods {
          id
        }
      }
    `);
    await shopClient.query(
      gql`
        mutation ($ids: [ID!]!) {
          setOrderShippingMethod(shippingMethodId: $ids) {
            ... on Order {
              id
            }
            ... on ErrorResult {
              errorCode
              message
            }
          }
        }
      `,
      {
        ids: [eligibleShippingMethods[0].id],
      },
    );
    const { transitionOrderToState } = await shopClient.query(gql`
      mutation {
        transitionOrderToState(state: "ArrangingPayment") {
          ... on Order {
            id
            state
          }
          ... on ErrorResult {
            errorCode
            message
          }
        }
      }
    `);
    expect(transitionOrderToState).toMatchObject({ state: 'ArrangingPayment' });
    const { addPaymentToOrder } = await shopClient.query(gql`
      mutation {
        addPaymentToOrder(input: { method: "test-payment", metadata: {} }) {
          ... on Order {
            code
            state
          }
          ... on ErrorResult {
            errorCode
            message
          }
        }
      }
    `);
    expect(addPaymentToOrder).toMatchObject({ state: 'PaymentSettled' });
    const transaction = (await recorded) as { reference_order_id: string };
    expect(transaction.reference_order_id).toBe(addPaymentToOrder.code);
    const today = new Date().toISOString().slice(0, 10);
    const report = await engine.reports.liability({ from: today, to: today });
    expect(report.rows).toEqual(expect.arrayContaining([expect.objectContaining({ jurisdiction_id: 'US-KS' })]));
  });
});
