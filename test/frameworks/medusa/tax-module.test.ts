/**
 * taxkit/medusa inside Medusa's own Tax Module (`@medusajs/tax`), loaded by Medusa's module
 * loader and run by Medusa's module test runner (`@medusajs/test-utils`) on PostgreSQL: the
 * provider registers, a tax region uses it, and the Tax Module's `getTaxLines` answers taxkit's
 * jurisdiction lines; the order placed is recorded in taxkit's ledger and reported.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject, it } from 'vitest';
import taxkitMedusa, { TaxkitTaxProvider, recordOrderPlaced } from '../../../src/integrations/medusa/index.ts';
import { createCountedEngine } from '../../helpers/counted-engine.ts';
import { MEDUSA_DATABASE } from './global-setup.ts';

// Medusa's test utilities read the database address from the environment when they load.
const url = new URL(inject('medusaDatabaseUrl'));
process.env.DB_HOST = url.hostname;
process.env.DB_PORT = url.port;
process.env.DB_USERNAME = decodeURIComponent(url.username);
process.env.DB_PASSWORD = decodeURIComponent(url.password);

const require = createRequire(import.meta.url);
const { moduleIntegrationTestRunner } = await import('@medusajs/test-utils');
const { Modules, ModuleProvider } = await import('@medusajs/framework/utils');
type ITaxModuleService = import('@medusajs/framework/types').ITaxModuleService;

const { engine } = createCountedEngine();
const PROVIDER_ID = 'tp_taxkit_taxkit';

it('agrees with Medusa’s published declarations: TaxkitTaxProvider is an ITaxProvider (tsc)', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  // Throws with tsc's diagnostics when provider-types.ts does not compile.
  execFileSync(process.execPath, [tsc, '-p', `${root}test/frameworks/medusa/tsconfig.json`], { encoding: 'utf8' });
});

moduleIntegrationTestRunner<ITaxModuleService>({
  moduleName: Modules.TAX,
  resolve: dirname(require.resolve('@medusajs/tax/package.json')),
  dbName: MEDUSA_DATABASE,
  moduleOptions: {
    providers: [
      {
        resolve: taxkitMedusa,
        id: 'taxkit',
        options: { engine, productTypeCategories: { ptyp_food: 'FOOD_GENERAL' } },
      },
    ],
  },
  testSuite: ({ service }) => {
    it('is registered exactly as Medusa’s ModuleProvider(Modules.TAX, …) would register it', () => {
      expect(taxkitMedusa).toEqual(ModuleProvider(Modules.TAX, { services: [TaxkitTaxProvider] }));
      const provider = service.getProvider(PROVIDER_ID) as unknown as TaxkitTaxProvider;
      expect(provider).toBeInstanceOf(TaxkitTaxProvider);
      expect(provider.engine).toBe(engine);
    });

    it('answers the Tax Module’s getTaxLines for a Kansas ZIP+4 cart with taxkit’s jurisdiction lines', async () => {
      await service.createTaxRegions([{ country_code: 'us', provider_id: PROVIDER_ID }]);
      const lines = await service.getTaxLines(
        [
          { id: 'cali_1', product_id: 'prod_1', quantity: 2, unit_price: 19.99, currency_code: 'usd' },
          {
            id: 'cali_2',
            product_id: 'prod_2',
            product_type_id: 'ptyp_food',
            quantity: 1,
            unit_price: 5,
            currency_code: 'usd',
          },
          { id: 'casm_1', shipping_option_id: 'so_1', unit_price: 4.5, currency_code: 'usd' },
        ],
        {
          address: { country_code: 'us', province_code: 'us-ks', postal_code: '66044-1234', city: 'Lawrence' },
        },
      );
      expect(lines).toEqual([
        expect.objectContaining({
          line_item_id: 'cali_1',
          code: 'US-KS',
          name: 'Kansas',
          rate: 6.5,
          provider_id: 'taxkit',
        }),
        expect.objectContaining({ line_item_id: 'cali_2', code: 'US-KS', name: 'Kansas' }),
        expect.objectContaining({ shipping_line_id: 'casm_1', code: 'US-KS', rate: 6.5 }),
      ]);
      // Food for home consumption is taxed at Kansas's food rate, not the general one.
      expect(lines[1]).toMatchObject({
        data: { taxkit_category: 'FOOD_GENERAL', taxkit_category_source: 'product_type' },
      });
      expect(lines[1]?.rate).not.toBe(6.5);
    });

    it('gives Medusa taxkit’s error for an address it cannot tax, not an empty list', async () => {
      await service.createTaxRegions([{ country_code: 'us', provider_id: PROVIDER_ID }]);
      await expect(
        service.getTaxLines(
          [{ id: 'cali_1', product_id: 'prod_1', quantity: 1, unit_price: 10, currency_code: 'usd' }],
          {
            address: { country_code: 'us', province_code: 'us-ks', postal_code: '90210' },
          },
        ),
      ).rejects.toThrow(/taxkit cannot calculate tax for this order: .*90210/);
    });

    it('reverse-charges a German business and records the placed order in taxkit’s ledger and report', async () => {
      await service.createTaxRegions([{ country_code: 'de', provider_id: PROVIDER_ID }]);
      const customer = {
        id: 'cus_de',
        email: 'einkauf@example.de',
        customer_groups: [],
        metadata: { vat_number: 'DE136695976' },
      };
      const lines = await service.getTaxLines(
        [{ id: 'cali_1', product_id: 'prod_1', quantity: 1, unit_price: 100, currency_code: 'eur' }],
        { address: { country_code: 'de', postal_code: '10115', city: 'Berlin' }, customer },
      );
      expect(lines).toEqual([
        expect.objectContaining({ line_item_id: 'cali_1', code: 'DE', name: 'Germany', rate: 0 }),
      ]);
      const provider = service.getProvider(PROVIDER_ID) as unknown as TaxkitTaxProvider;
      const transaction = await recordOrderPlaced(provider, {
        id: 'order_de_1',
        currency_code: 'eur',
        items: [{ id: 'ordli_1', product_id: 'prod_1', unit_price: 100, quantity: 1 }],
        shipping_address: { country_code: 'de', postal_code: '10115', city: 'Berlin' },
        customer: { id: 'cus_de', email: customer.email, metadata: customer.metadata },
      });
      expect(transaction).toMatchObject({ reference_order_id: 'order_de_1' });
      const today = new Date().toISOString().slice(0, 10);
      const report = await engine.reports.liability({ from: today, to: today });
      expect(report.rows).toEqual(
        expect.arrayContaining([expect.objectContaining({ jurisdiction_id: 'DE', reverse_charge_sales: 10000 })]),
      );
    });
  },
});
