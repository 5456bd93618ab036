import { keyedError } from '../core/errors.ts';
import {
  buildPlatformTransactions,
  type PlatformTransactionInput,
} from '../core/ledger/build-platform-transactions.ts';
import type { Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';
import { decideFiling } from './decide-filing.ts';

/** A platform sale to record, as the wire layer parses it. */
export interface RecordPlatformSaleInput extends PlatformTransactionInput {
  readonly calculationId: string;
}

/**
 * Records a platform calculation: locate it (CALCULATION_NOT_FOUND keyed `calculationId`),
 * build the order transaction (and the fee transaction for a payment processor), persist both.
 */
export async function createPlatformTransactions(
  deps: EngineDeps,
  tenant: Tenant,
  input: RecordPlatformSaleInput,
): Promise<Transaction[]> {
  const { nowMs, now } = callTime(deps, tenant);
  const calculation = await deps.store.getCalculation(tenant, input.calculationId);
  if (calculation === undefined) {
    throw keyedError('CALCULATION_NOT_FOUND', ['calculationId'], `No platform calculation ${input.calculationId}.`);
  }
  const { calculationId: _, ...sale } = input;
  const ids = { order: deps.ids.next('tr', nowMs), fee: deps.ids.next('tr', nowMs) };
  const built = buildPlatformTransactions(calculation, sale, ids, now);
  const transactions = await Promise.all(built.map((transaction) => decideFiling(deps, transaction, now)));
  await deps.store.insertTransactions(tenant, transactions);
  return transactions;
}
