/**
 * Assertions the conformance cases share.
 *
 * @module
 */
import { expect } from 'vitest';
import { TaxError, type TaxErrorType } from '../../src/core/errors.ts';
import type { Refund, Tenant } from '../../src/core/types.ts';
import type { TaxStore } from '../../src/ports/store.ts';

/** Awaits `promise`, expects it to reject with a `TaxError` of `type`, and returns the error. */
export async function expectTaxError(promise: Promise<unknown>, type: TaxErrorType): Promise<TaxError> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`Expected ${type}, but the call succeeded.`);
  expect(outcome.error).toBeInstanceOf(TaxError);
  expect((outcome.error as TaxError).type).toBe(type);
  return outcome.error as TaxError;
}

/**
 * What each settled promise came to: `'ok'`, a `TaxError`'s type, or `'other'`; sorted, so
 * the order in which concurrent calls won does not matter.
 */
export function outcomesOf(results: readonly PromiseSettledResult<unknown>[]): string[] {
  return results
    .map((result) => {
      if (result.status === 'fulfilled') return 'ok';
      return result.reason instanceof TaxError ? result.reason.type : 'other';
    })
    .toSorted();
}

/**
 * Overwrites everything reachable in `value` (strings, numbers, array lengths, extra keys), to
 * show that changing an object a store returned does not change the store.
 */
export function vandalise(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) vandalise(item);
    value.push('vandalised');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(record)) {
    if (field !== null && typeof field === 'object') vandalise(field);
    else record[key] = 'vandalised';
  }
  record.vandalised = true;
}

/**
 * Every refund of a transaction, read page by page (3 a page, so lists of a few refunds
 * already cross pages), checking that the pages chain: what the old unpaginated list returned.
 */
export async function allRefunds(store: TaxStore, tenant: Tenant, transactionId: string): Promise<Refund[]> {
  const refunds: Refund[] = [];
  let after: string | undefined;
  for (;;) {
    // eslint-disable-next-line no-await-in-loop -- each page starts where the last one ended
    const page = await store.listRefunds(tenant, transactionId, {
      limit: 3,
      ...(after === undefined ? {} : { after }),
    });
    refunds.push(...page.items);
    if (!page.hasMore) return refunds;
    expect(page.items).toHaveLength(3);
    after = page.items.at(-1)?.id;
  }
}
