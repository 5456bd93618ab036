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
export function settlePendingFiling(deps: EngineDeps): (sale: Transaction) => Promise<Transaction> {
  const found = new Map<string, FilingConversion | undefined>();
  return async (sale) => {
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
}
