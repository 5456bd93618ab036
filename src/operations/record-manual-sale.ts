import { buildCalculation } from '../core/build-calculation.ts';
import { saleFacts } from '../core/ledger/sale-facts.ts';
import { allocate } from '../core/money/allocate.ts';
import { checkedAdd } from '../core/money/checked-add.ts';
import { keyedError } from '../core/errors.ts';
import type { Address, JurisdictionTax, TaxLine, Tenant, Transaction } from '../core/types.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { callTime } from './call-time.ts';
import { decideFiling } from './decide-filing.ts';
import { resolveCustomerPlace } from './resolve-customer-place.ts';
import { resolveLines } from './resolve-lines.ts';

/** A sale made outside taxkit, as the wire layer parses POST /tax/manual_line_items. */
export interface ManualSaleInput {
  readonly orderId: string;
  readonly address: Address;
  /** When the sale was made, Unix seconds. */
  readonly processedAt: number;
  readonly currency: string;
  readonly lines: readonly {
    readonly lineItemId: string;
    readonly salesMinor: number;
    readonly taxesMinor: number;
    readonly category: string;
  }[];
}

const NOTE = 'Backfilled sale: the tax is what the seller reported, shared among the jurisdictions by their rates.';

/**
 * Records a sale made outside taxkit (POST /tax/manual_line_items) so it counts in reports and
 * nexus like a recorded transaction, marked `backfilled`. The amounts and taxes are the caller's;
 * the jurisdictions are those a calculation at the address on the sale's date would tax (test
 * mode, so a place where the seller is not registered still names its jurisdictions), and each
 * line's reported tax is shared among them in proportion to the tax they would have charged
 * (largest remainder, so the parts add up to the reported tax exactly). The order id is unique
 * among live transactions, as for any sale: recording the same order twice is a 409.
 */
async function buildManualSale(deps: EngineDeps, tenant: Tenant, input: ManualSaleInput): Promise<Transaction> {
  const { nowMs, now } = callTime(deps, tenant);
  const rates = await deps.rates.current();
  const place = resolveCustomerPlace(deps, { address: input.address, type: 'CONSUMER', taxIds: [] }, rates);
  const items = input.lines.map((line) => ({
    referenceLineItemId: line.lineItemId,
    category: line.category,
    amountMinor: line.salesMinor,
    quantity: 1,
  }));
  const resolved = await resolveLines(deps, tenant, items, nowMs, 'lines', false);
  const id = deps.ids.next('tr', nowMs);
  const calculation = buildCalculation(
    {
      // Never stored: a fresh id keeps the one-transaction-per-calculation rule of the store true.
      id: deps.ids.next('calc', nowMs),
      kind: 'standard',
      createdAt: now,
      taxDate: input.processedAt,
      lifetimeSeconds: 0,
      mode: 'test',
      currency: input.currency,
      taxIncluded: false,
      automaticTax: 'auto',
      customer: { type: 'CONSUMER', taxIds: [], isTaxExempt: false },
      place,
      origin: undefined,
      lines: resolved,
      metadata: {},
      registrations: undefined,
    },
    rates,
  );
  const lines = calculation.lines.map((line, index) => reported(line, input.lines[index]?.taxesMinor ?? 0, index));
  return {
    id,
    calculationId: calculation.id,
    referenceOrderId: input.orderId,
    processedAt: input.processedAt,
    createdAt: now,
    currency: input.currency,
    filingCurrency: input.currency,
    lines,
    metadata: {},
    type: 'order',
    ...saleFacts(calculation),
    backfilled: true,
  };
}

/** The calculated line with the seller's reported tax in place of taxkit's, shared among its jurisdictions. */
function reported(line: TaxLine, taxesMinor: number, index: number): TaxLine {
  const weights = line.jurisdictions.map((part) => Math.abs(part.taxMinor));
  const shares = allocate(taxesMinor, weights.some((weight) => weight > 0) ? weights : line.jurisdictions.map(() => 1));
  const jurisdictions: JurisdictionTax[] = line.jurisdictions.map((part, at) => {
    const share = shares[at] as number;
    return { ...part, taxDue: String(share), taxMinor: share, feeMinor: 0, note: NOTE };
  });
  return {
    ...line,
    taxMinor: taxesMinor,
    amountIncludingTaxMinor: checkedAdd(line.amountExcludingTaxMinor, taxesMinor, ['lines', index, 'taxesMinor']),
    jurisdictions,
  };
}

/** Records the backfilled sale: the store's uniqueness holds (409 DUPLICATE_REFERENCE_ORDER_ID). */
export async function createManualSale(deps: EngineDeps, tenant: Tenant, input: ManualSaleInput): Promise<Transaction> {
  if (input.lines.length === 0) throw keyedError('MISSING_FIELD', ['lines'], 'Missing required field: {field}.');
  const transaction = await decideFiling(deps, await buildManualSale(deps, tenant, input), callTime(deps, tenant).now);
  await deps.store.insertTransactions(tenant, [transaction]);
  return transaction;
}
