import type { FilingPendingSummary } from '../core/reports/liability-report.ts';
import type { FilingConversion, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { requestOf } from './decide-filing.ts';
import { findFilingConversion } from './find-filing-conversion.ts';

/** Distinct rate lookups kept per report; a report over years of daily rates needs a few thousand. */
const LOOKUPS_KEPT = 10_000;

/**
 * For a report: a sale recorded with `filingPending` (its rate was not in the store, or was a
 * period-end rate not yet published) converted with that rate once the store has it, by the
 * same rule and rounding as at recording; a sale whose rate is still missing stays in its own
 * currency, `filingPending` kept. Each distinct lookup is made once per report.
 */
export function settlePendingFiling(deps: EngineDeps): PendingFilingSettler {
  const found = new Map<string, FilingConversion | undefined>();
  const waiting = new Map<string, { -readonly [K in keyof FilingPendingSummary]: FilingPendingSummary[K] }>();
  const settle = async (sale: Transaction): Promise<Transaction> => {
    const pending = sale.filingPending;
    if (pending === undefined) return sale;
    const request = requestOf(
      { source: pending.source, currency: pending.currency, day: pending.rule },
      sale.currency,
      pending.day,
    );
    const key = `${request.source}|${request.saleCurrency}|${request.filingCurrency}|${request.day}|${request.direction}`;
    let conversion = found.get(key);
    if (!found.has(key)) {
      conversion = await findFilingConversion(deps.store, request);
      if (found.size >= LOOKUPS_KEPT) found.clear();
      found.set(key, conversion);
    }
    if (conversion === undefined) return sale;
    const { filingPending: _, ...settled } = sale;
    return { ...settled, filingCurrency: pending.currency, filingConversion: conversion };
  };
  return {
    settle,
    async sale(sale) {
      const settled = await settle(sale);
      const pending = settled.filingPending;
      if (pending !== undefined) {
        const key = `${sale.currency}|${pending.currency}|${pending.source}|${pending.rule}`;
        const entry = waiting.get(key);
        if (entry === undefined) {
          waiting.set(key, {
            currency: sale.currency,
            filingCurrency: pending.currency,
            source: pending.source,
            rule: pending.rule,
            firstDay: pending.day,
            lastDay: pending.day,
            saleCount: 1,
          });
        } else {
          entry.saleCount += 1;
          if (pending.day < entry.firstDay) entry.firstDay = pending.day;
          if (pending.day > entry.lastDay) entry.lastDay = pending.day;
        }
      }
      return settled;
    },
    pending: () => [...waiting.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry),
  };
}

/** What a report settles its sales with, and what it could not settle. */
export interface PendingFilingSettler {
  /** A sale or refund's sale, settled when its rate is in the store. */
  settle(sale: Transaction): Promise<Transaction>;
  /** A sale of the report: settled, and counted in {@link PendingFilingSettler.pending} when it is still pending. */
  sale(sale: Transaction): Promise<Transaction>;
  /** The report's sales still pending, grouped. */
  pending(): FilingPendingSummary[];
}
