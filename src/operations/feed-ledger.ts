import type { Page, Refund, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { type LedgerQuery, MAX_LEDGER_PAGE } from '../ports/store.ts';
import { eachPage } from './each-page.ts';
import { type PendingFilingSettler, settlePendingFiling } from './settle-pending-filing.ts';

/** What a report or a filing file adds the ledger's records of a period to (a pure accumulator). */
export interface LedgerSink {
  addSale(sale: Transaction): void;
  /** A refund made in the period, with the sale it refunds. */
  addRefund(refund: Refund, sale: Transaction): void;
  /** A refund reversed in the period (its `reversedAt`), with the sale it refunded. */
  addReversal(refund: Refund, sale: Transaction): void;
}

/** Sales looked up for refunds, kept for the report's length; cleared when this many are held. */
const SALES_KEPT = 10_000;

/**
 * Feeds `sink` every ledger record of the UTC days `fromDay..toDay` (both inclusive), read a
 * page at a time so memory stays bounded by the sink's rows, not the ledger's length: the sales
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
  const saleOf = salesOf(deps, tenant, filing.settle);
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

/** The largest page of the ledger, after `after` when given. */
function pageAfter(after: string | undefined): Pick<LedgerQuery, 'after' | 'limit'> {
  return after === undefined ? { limit: MAX_LEDGER_PAGE } : { after, limit: MAX_LEDGER_PAGE };
}

/** The live sale of each refund, looked up once per report (a sale with many refunds is read once). */
function salesOf(
  deps: EngineDeps,
  tenant: Tenant,
  settle: (sale: Transaction) => Promise<Transaction>,
): (id: string) => Promise<Transaction | undefined> {
  const kept = new Map<string, Transaction | undefined>();
  return async (id) => {
    if (kept.has(id)) return kept.get(id);
    const read = await deps.store.getTransaction(tenant, id);
    // A refund converts as its sale does, pending conversion settled the same way.
    const sale = read === undefined ? undefined : await settle(read);
    if (kept.size >= SALES_KEPT) kept.clear();
    kept.set(id, sale);
    return sale;
  };
}
