import type { Page, Refund, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { LedgerQuery } from '../ports/store.ts';
import { eachPage, LEDGER_SLICE } from './each-page.ts';
import { createSaleLookup } from './sale-lookup.ts';
import { type PendingFilingSettler, settlePendingFiling } from './settle-pending-filing.ts';

/** What a report or a filing file adds the ledger's records of a period to (a pure accumulator). */
export interface LedgerSink {
  addSale(sale: Transaction): void;
  /** A refund made in the period, with the sale it refunds. */
  addRefund(refund: Refund, sale: Transaction): void;
  /** A refund reversed in the period (its `reversedAt`), with the sale it refunded. */
  addReversal(refund: Refund, sale: Transaction): void;
}

/**
 * Feeds `sink` every ledger record of the UTC days `fromDay..toDay` (both inclusive), read a
 * slice at a time ({@link LEDGER_SLICE}) so memory stays bounded by the sink's rows, not the
 * ledger's length, and the event loop gets a turn between slices (a calculation sent during a
 * report on a million sales waits about a slice): the sales
 * processed in the range, the refunds made in it and the refunds reversed in it, each refund
 * with its live sale (the refunds of a deleted sale are left out with it). A sale recorded
 * while its filing rate was missing is converted here once the rate is in the store
 * (docs/filing-currency.md); the settler returned says which sales still wait. The liability
 * report and the filing files (OSS return, SER) all read through here, so they see the same
 * records converted the same way.
 */
export async function feedLedger(
  deps: EngineDeps,
  tenant: Tenant,
  days: { readonly fromDay: number; readonly toDay: number },
  sink: LedgerSink,
): Promise<PendingFilingSettler> {
  const period = { from: days.fromDay * 86_400, to: (days.toDay + 1) * 86_400 - 1 };
  const filing = settlePendingFiling(deps);
  await eachPage(
    (after) => deps.store.listTransactions(tenant, { ...period, ...pageAfter(after) }),
    async (sale) => sink.addSale(await filing.sale(sale)),
  );
  // A refund converts as its sale does, pending conversion settled the same way.
  const saleOf = createSaleLookup(deps, tenant, filing.settle);
  await eachRefund(
    (refund, sale) => sink.addRefund(refund, sale),
    (after) => deps.store.listRefundsProcessed(tenant, { ...period, ...pageAfter(after) }),
    saleOf,
  );
  await eachRefund(
    (refund, sale) => sink.addReversal(refund, sale),
    (after) => deps.store.listRefundsReversed(tenant, { ...period, ...pageAfter(after) }),
    saleOf,
  );
  return filing;
}

function eachRefund(
  add: (refund: Refund, sale: Transaction) => void,
  read: (after: string | undefined) => Promise<Page<Refund>>,
  saleOf: (id: string) => Promise<Transaction | undefined>,
): Promise<void> {
  return eachPage(read, async (refund) => {
    const sale = await saleOf(refund.transactionId);
    if (sale !== undefined) add(refund, sale);
  });
}

/** A slice of the ledger (LEDGER_SLICE), after `after` when given. */
function pageAfter(after: string | undefined): Pick<LedgerQuery, 'after' | 'limit'> {
  return after === undefined ? { limit: LEDGER_SLICE } : { after, limit: LEDGER_SLICE };
}
