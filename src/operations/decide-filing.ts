import { filingDay, filingRuleFor, type FilingRule } from '../core/fx/filing-rules.ts';
import { formatDay } from '../core/rates/format-day.ts';
import type { Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { findFilingConversion } from './find-filing-conversion.ts';

/**
 * Decides, once, the filing currency of a sale about to be recorded (docs/filing-currency.md):
 * the first `filing.rules` entry covering the country it was taxed in names the currency and
 * whose rate converts it. With the rate in the store, the sale keeps the conversion
 * (`filingCurrency`, `filingConversion`). Without it the sale is still recorded, never blocked and
 * never given a made-up rate: it stays in its own currency with `filingPending` saying which
 * rate it waits for, and reports convert it once that rate is imported. A sale no rule covers
 * is filed in its own currency.
 */
export async function decideFiling(deps: EngineDeps, transaction: Transaction, now: number): Promise<Transaction> {
  const rules = deps.filing?.rules;
  if (rules === undefined || rules.length === 0) return transaction;
  const rule = filingRuleFor(rules, transaction.place?.country);
  if (rule === undefined) return transaction;
  if (rule.currency === transaction.currency) return transaction;
  const day = filingDay(rule, transaction.processedAt);
  const conversion = await findFilingConversion(deps.store, requestOf(rule, transaction.currency, day));
  if (conversion !== undefined) {
    return { ...transaction, filingCurrency: rule.currency, filingConversion: conversion };
  }
  const periodEnd = (rule.day ?? 'sale') === 'period_end';
  return {
    ...transaction,
    filingPending: {
      currency: rule.currency,
      source: rule.source,
      day,
      rule: periodEnd ? 'period_end' : 'sale',
      // A period that has not ended has no rate yet; past its end, the rate is simply not imported.
      reason: periodEnd && day >= formatDay(Math.floor(now / 86_400)) ? 'period_end' : 'rate_missing',
    },
  };
}

/** The rate request of a rule: ECB's period-end rate is "that day's, or the next publication". */
export function requestOf(rule: Pick<FilingRule, 'source' | 'currency' | 'day'>, saleCurrency: string, day: string) {
  return {
    source: rule.source,
    saleCurrency,
    filingCurrency: rule.currency,
    day,
    direction:
      rule.source === 'ECB' && (rule.day ?? 'sale') === 'period_end' ? ('onOrAfter' as const) : ('onOrBefore' as const),
  };
}
