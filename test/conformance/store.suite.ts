/**
 * The conformance suite of the storage port: every TaxStore adapter runs these same cases
 * (`test/adapters/<name>.test.ts` calls {@link describeTaxStore}). The file is not a
 * `*.test.ts`, so it never runs on its own.
 *
 * @module
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaxStore } from '../../src/ports/store.ts';
import { describeCertificateCases } from './certificates.cases.ts';
import { describeDirectoryCases } from './directory.cases.ts';
import { describeEngineCases } from './engine.cases.ts';
import { describeExchangeRateCases } from './exchange-rates.cases.ts';
import { describeFilingCurrencyCases } from './filing-currency.cases.ts';
import { describeHousekeepingCases } from './housekeeping.cases.ts';
import { describeLedgerReadCases } from './ledger-reads.cases.ts';
import { describeLiabilityReportCases } from './liability-report.cases.ts';
import { describeListCases } from './list.cases.ts';
import { describeRateCases } from './rates.cases.ts';
import { describeRefundCases } from './refund.cases.ts';
import { describeRegistrationCases } from './registrations.cases.ts';
import { describeRoundTripCases } from './round-trip.cases.ts';
import type { SuiteContext } from './suite-context.ts';
import { describeTenancyCases } from './tenancy.cases.ts';
import { describeUniquenessCases } from './uniqueness.cases.ts';

export interface TaxStoreSuiteOptions {
  /** Cases this adapter does not run, by title, each group with the reason why. */
  readonly skip?: readonly { readonly reason: string; readonly tests: readonly string[] }[];
}

/**
 * Registers the conformance cases for one adapter. `makeStore` is called before every case,
 * and the store it returns is closed after it.
 *
 * @example
 * ```ts
 * describeTaxStore('memory', () => createMemoryStore());
 * ```
 */
export function describeTaxStore(
  name: string,
  makeStore: () => Promise<TaxStore> | TaxStore,
  options: TaxStoreSuiteOptions = {},
): void {
  describe(`TaxStore conformance: ${name}`, () => {
    let current: TaxStore | undefined;
    beforeEach(async () => {
      current = await makeStore();
    });
    afterEach(async () => {
      await current?.close();
      current = undefined;
    });

    const skipped = new Map(options.skip?.flatMap(({ reason, tests }) => tests.map((title) => [title, reason])));
    const titles = new Set<string>();
    const context: SuiteContext = {
      store: () => {
        if (current === undefined) throw new Error('No store: cases run only inside the suite.');
        return current;
      },
      test: (title, body) => {
        if (titles.has(title)) throw new Error(`Two conformance cases are titled "${title}".`);
        titles.add(title);
        const reason = skipped.get(title);
        if (reason === undefined) it(title, body);
        else it.skip(`${title} (skipped: ${reason})`, body);
      },
    };

    describe('round trips and copies', () => describeRoundTripCases(context));
    describe('uniqueness', () => describeUniquenessCases(context));
    describe('refunds and reversals', () => describeRefundCases(context));
    describe('customers, merchants and deletes', () => describeDirectoryCases(context));
    describe('exemption certificates and requests', () => describeCertificateCases(context));
    describe('lists', () => describeListCases(context));
    describe('ledger reads by period', () => describeLedgerReadCases(context));
    describe('liability report', () => describeLiabilityReportCases(context));
    describe('registrations', () => describeRegistrationCases(context));
    describe('tenants and modes', () => describeTenancyCases(context));
    describe('rate tables and snapshots', () => describeRateCases(context));
    describe('exchange rates', () => describeExchangeRateCases(context));
    describe('filing currency', () => describeFilingCurrencyCases(context));
    describe('the engine over this store', () => describeEngineCases(context));
    describe('housekeeping', () => describeHousekeepingCases(context));

    it('skips only cases that exist', () => {
      expect([...skipped.keys()].filter((title) => !titles.has(title))).toEqual([]);
    });
  });
}
