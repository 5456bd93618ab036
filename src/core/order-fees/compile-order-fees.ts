import { TaxError } from '../errors.ts';
import { minorDigits } from '../money/convert-currency.ts';
import { parseRate } from '../money/parse-rate.ts';
import { RATE_SCALE_DIGITS } from '../money/rate-scale.ts';
import { PRODUCT_CATEGORIES } from '../product-categories.ts';
import { parseDay } from '../rates/day-number.ts';
import type { OrderFee, OrderFeeTable } from './order-fee-table.ts';

/** One period of a fee, ready to charge. */
export interface CompiledFeePeriod {
  /** First day and first day after (days since 1970-01-01); `to` is Infinity when open. */
  readonly from: number;
  readonly to: number;
  readonly amountMinor: number;
}

export interface CompiledOrderFee {
  readonly fee: OrderFee;
  readonly periods: readonly CompiledFeePeriod[];
}

/** Every fee by the state it is charged in ("CO"). */
export interface OrderFees {
  forState(state: string): readonly CompiledOrderFee[];
  readonly tables: readonly OrderFeeTable[];
}

/** The fields a fee states, each of which some quote must support. */
const STATED_FIELDS = ['periods', 'condition', 'oncePerOrder'] as const;

/**
 * Compiles fee tables once. Refuses (INVALID_VALUE, naming the fee) a fee without a source or
 * a quote for each field it states, periods that overlap or run backwards, components that do
 * not add up to whole minor units, an unknown category in a condition, or an id outside the
 * `<state id>:FEE:<name>` scheme; a later table's fee of the same id replaces an earlier one.
 */
export function compileOrderFees(tables: readonly OrderFeeTable[]): OrderFees {
  const byId = new Map<string, CompiledOrderFee>();
  for (const table of tables) {
    for (const fee of table.fees) byId.set(fee.id, compileFee(fee));
  }
  const byState = new Map<string, CompiledOrderFee[]>();
  for (const compiled of byId.values()) {
    const list = byState.get(compiled.fee.state) ?? [];
    list.push(compiled);
    byState.set(compiled.fee.state, list);
  }
  return Object.freeze({ tables, forState: (state: string) => byState.get(state) ?? [] });
}

function compileFee(fee: OrderFee): CompiledOrderFee {
  const fail = (message: string): never => {
    throw new TaxError('INVALID_VALUE', `Order fee ${fee.id}: ${message}.`);
  };
  if (!fee.id.startsWith(`${fee.jurisdiction}:FEE:`) || fee.jurisdiction !== `US-${fee.state}`) {
    fail(`its id must be "${fee.jurisdiction}:FEE:<name>" and its jurisdiction "US-${fee.state}"`);
  }
  if (fee.source === '' || fee.sourceDate === '') fail('it names no source or date');
  for (const field of STATED_FIELDS) {
    if (
      !fee.evidence.some(
        (evidence) => evidence.fields.includes(field) && evidence.quote !== '' && evidence.source !== '',
      )
    ) {
      fail(`no quote supports its "${field}"`);
    }
  }
  if (fee.condition.kind === 'threshold') {
    const { alsoCounts = [], excludedCategories = [], notCounted = [] } = fee.condition;
    for (const category of [...alsoCounts, ...excludedCategories, ...notCounted]) {
      if (!PRODUCT_CATEGORIES.has(category)) fail(`"${category}" is not a product category`);
    }
    if (!Number.isSafeInteger(fee.condition.minimumMinor) || fee.condition.minimumMinor <= 0) {
      fail('its threshold is not a positive whole number of minor units');
    }
  }
  const unit = 10 ** (RATE_SCALE_DIGITS - minorDigits(fee.currency));
  const periods: CompiledFeePeriod[] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const period of fee.periods) {
    const from = parseDay(period.from);
    const to = period.to === undefined ? Number.POSITIVE_INFINITY : parseDay(period.to);
    if (to <= from || from < previousEnd) fail(`period ${period.from} overlaps another or ends before it starts`);
    const units = period.components.reduce((sum, component) => sum + parseRate(component.amount), 0);
    if (period.components.length === 0 || units % unit !== 0) {
      fail(`the components of ${period.from} do not add up to whole minor units of ${fee.currency}`);
    }
    periods.push({ from, to, amountMinor: units / unit });
    previousEnd = to;
  }
  return { fee, periods };
}
