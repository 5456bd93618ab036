import { keyedError } from '../errors.ts';
import type { Calculation, Transaction } from '../types.ts';
import { recordSale, type TransactionInput } from './build-transaction.ts';
import { marketplaceLines } from './marketplace-lines.ts';

export interface PlatformTransactionInput extends TransactionInput {
  readonly referencePaymentId: string;
}

/**
 * Records a platform calculation as its transactions (docs/interface.md §4.15). Pure.
 *
 * A payment processor gets two: the merchant's `order` (client_role = the roles) and the
 * platform's `fee` (client_role empty, the fee lines). A marketplace provider or merchant of
 * record gets one `order`, with any fee lines folded into it. `ids` names the transactions to
 * make: the fee id is used only when a fee transaction is made.
 */
export function buildPlatformTransactions(
  calculation: Calculation,
  input: PlatformTransactionInput,
  ids: { readonly order: string; readonly fee: string },
  now: number,
): Transaction[] {
  const platform = calculation.platform;
  if (calculation.kind !== 'platform' || platform === undefined) {
    throw keyedError(
      'CALCULATION_NOT_FOUND',
      ['calculationId'],
      `No platform calculation ${calculation.id}: standard calculations are recorded through POST /tax/transactions.`,
    );
  }
  const splitFee = platform.roles.includes('payment_processor');
  const base = recordSale(calculation, input, now);
  const party = {
    merchantId: platform.merchantId,
    referenceMerchantId: platform.referenceMerchantId,
    referencePaymentId: input.referencePaymentId,
  };
  // A marketplace-facilitated sale: the buyer's tax on the order was collected by the
  // marketplace, so the order's lines carry none; the platform's own fees are taxed as before.
  const marketplace = input.marketplaceFacilitated === true;
  const orderLines = marketplace ? marketplaceLines(calculation.lines) : calculation.lines;
  const order: Transaction = {
    ...base,
    id: ids.order,
    type: 'order',
    lines: splitFee ? orderLines : [...orderLines, ...platform.feeLines],
    platform: { ...party, clientRoles: platform.roles },
    ...(marketplace ? { marketplaceFacilitated: true } : {}),
  };
  if (!splitFee) return [order];
  return [
    order,
    { ...base, id: ids.fee, type: 'fee', lines: platform.feeLines, platform: { ...party, clientRoles: [] } },
  ];
}
