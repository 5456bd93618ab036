/**
 * The worked quarter of docs/filing.md: a seller outside the EU with stock in Germany (its
 * one-stop-shop member state of identification, union scheme, DE123456789) and in France (a
 * French VAT number, FR12345678901), selling in dollars to consumers in France, Italy, Spain
 * and the Netherlands in 2026-Q3, plus a sale in Germany (domestic, left off the return) and one
 * to a French business (reverse charge, left off). A France sale of 2026-Q2 is refunded in Q3
 * (a correction of Q2); a Spanish refund made in Q3 is reversed in Q3. Sales are filed in euro
 * at ECB's rate of the quarter's last day: 1.0000 USD per EUR on 2026-06-30, 1.2500 on 2026-09-30.
 *
 * @module
 */
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createSettableClock } from '../../src/create-settable-clock.ts';
import { createTaxEngine, type TaxEngine } from '../../src/engine.ts';
import type { Tenant } from '../../src/core/types.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import { createCountingIds } from '../../src/random-ids.ts';
import type { CalculationRequest } from '../../src/wire/api-types.ts';

export const Q2_RATE = {
  source: 'ECB',
  base: 'EUR',
  quote: 'USD',
  from: '2026-06-30',
  to: '2026-06-30',
  rate: '1.0000',
} as const;
export const Q3_RATE = {
  source: 'ECB',
  base: 'EUR',
  quote: 'USD',
  from: '2026-09-30',
  to: '2026-09-30',
  rate: '1.2500',
} as const;

const at = (month: number, day: number) => Date.UTC(2026, month - 1, day, 12);

export interface OssQuarter {
  readonly engine: TaxEngine;
  readonly store: TaxStore;
  /** The ids of the sales of 2026-Q3 covered by the return, in the order they were made. */
  readonly q3Sales: readonly string[];
}

interface Sale {
  readonly when: number;
  readonly country: string;
  readonly postalCode: string;
  readonly origin: string;
  readonly lines: readonly { readonly category: string; readonly amount: number }[];
  readonly vatNumber?: string;
}

const ADDRESSES: Readonly<Record<string, { readonly city: string; readonly postal: string }>> = {
  DE: { city: 'Berlin', postal: '10115' },
  FR: { city: 'Paris', postal: '75001' },
};

/** Builds the quarter for `tenant` (the engine's default account when absent) in `store` (a new memory store). */
export async function buildOssQuarter(tenant?: Tenant, store: TaxStore = createMemoryStore()): Promise<OssQuarter> {
  const context = tenant === undefined ? {} : { tenant };
  await store.importExchangeRates([Q2_RATE]);
  const clock = createSettableClock(() => at(4, 1));
  clock.freeze(true);
  const engine = createTaxEngine({
    store,
    clock,
    ids: createCountingIds(),
    filing: { rules: [{ countries: 'EU', currency: 'EUR', source: 'ECB', day: 'period_end' }] },
  });
  // Both from 2026-01-01.
  await engine.registrations.create(
    { country: 'DE', type: 'eu_oss_union', registration_number: 'DE123456789', active_from: 1_767_225_600 },
    context,
  );
  await engine.registrations.create(
    { country: 'FR', type: 'domestic', registration_number: 'FR12345678901', active_from: 1_767_225_600 },
    context,
  );
  const record = async (sale: Sale, reference: string): Promise<string> => {
    clock.set(sale.when);
    const origin = ADDRESSES[sale.origin] as { city: string; postal: string };
    const calculation = await engine.calculations.create(
      <CalculationRequest>{
        customer: {
          address: { address_country: sale.country, address_postal_code: sale.postalCode },
          ...(sale.vatNumber === undefined
            ? {}
            : { type: 'BUSINESS', tax_ids: [{ type: 'eu_vat', value: sale.vatNumber }] }),
        },
        origin_address: { address_country: sale.origin, address_city: origin.city, address_postal_code: origin.postal },
        order_details: {
          customer_currency_code: 'USD',
          tax_included_in_amount: false,
          line_items: sale.lines.map((line, index) => ({
            product_category: line.category,
            amount: line.amount,
            quantity: 1,
            reference_line_item_id: `${reference}-${index}`,
          })),
        },
      },
      context,
    );
    const transaction = await engine.transactions.create(
      { calculation_id: calculation.id, reference_order_id: reference },
      context,
    );
    return transaction.id;
  };
  /** A sale to a consumer (or a business, with a VAT number) at `place` ("FR 75001"), sent from `origin`. */
  const sell = (
    reference: string,
    when: number,
    place: string,
    origin: string,
    lines: readonly (readonly [string, number])[],
    vatNumber?: string,
  ) => {
    const [country = '', postalCode = ''] = place.split(' ');
    const sale = {
      when,
      country,
      postalCode,
      origin,
      lines: lines.map(([category, amount]) => ({ category, amount })),
    };
    return record(vatNumber === undefined ? sale : { ...sale, vatNumber }, reference);
  };
  // 2026-Q2: a sale to France, refunded in Q3.
  const q2Sale = await sell('q2-fr', at(6, 15), 'FR 75001', 'DE', [['GENERAL_MERCHANDISE', 5_000]]);
  const q3Sales = [
    // France: goods sent from Germany.
    await sell('fr-1', at(7, 2), 'FR 69001', 'DE', [['GENERAL_MERCHANDISE', 10_000]]),
    // Italy: goods sent from the French warehouse.
    await sell('it-1', at(7, 10), 'IT 00118', 'FR', [['GENERAL_MERCHANDISE', 20_000]]),
    // Spain: a software subscription (a service).
    await sell('es-1', at(8, 3), 'ES 28001', 'DE', [['SAAS_GENERAL', 4_000]]),
    // The Netherlands: a printed book (reduced rate) and other goods, from Germany.
    await sell('nl-1', at(9, 1), 'NL 1011', 'DE', [
      ['BOOKS_PRINTED', 3_000],
      ['GENERAL_MERCHANDISE', 4_000],
    ]),
  ];
  // Left off the return: a sale in Germany itself, and one to a French business.
  await sell('de-1', at(9, 5), 'DE 10115', 'DE', [['GENERAL_MERCHANDISE', 8_000]]);
  await sell('fr-b2b', at(9, 6), 'FR 75001', 'DE', [['GENERAL_MERCHANDISE', 9_000]], 'FR40303265045');
  // Q3: the Q2 French sale refunded in full; the Spanish subscription refunded, and the refund reversed.
  clock.set(at(7, 20));
  await engine.refunds.create({ transaction_id: q2Sale, type: 'full' }, context);
  clock.set(at(8, 20));
  const esRefund = await engine.refunds.create({ transaction_id: q3Sales[2] as string, type: 'full' }, context);
  clock.set(at(8, 25));
  await engine.refundReversals.create({ refund_id: esRefund.id }, context);
  clock.set(at(10, 2));
  return { engine, store, q3Sales };
}
