import type { MeasuringPeriod } from './measuring-periods.ts';
import type { NexusRule } from './nexus-rule.ts';

/** One entry of the ledger as nexus counts it: a sale (+amount, one transaction) or a refund (-amount). */
export interface NexusEvent {
  /** Unix seconds: a sale's or refund's `processedAt`. */
  readonly at: number;
  /** The transaction id of a sale, the refund id of a refund. */
  readonly id: string;
  /** In minor units of the rule's currency; negative for a refund. */
  readonly amountMinor: number;
  /** 1 for a sale, 0 for a refund (a refund takes back money, not the sale). */
  readonly count: 0 | 1;
}

/** What one period measured. */
export interface PeriodMeasure {
  readonly period: MeasuringPeriod;
  readonly amountMinor: number;
  readonly count: number;
  /** 0..: how far toward the threshold (1 = reached), by the rule's combination. */
  readonly progress: number;
  /** When the running total reached the threshold for good (it stayed there until the period's end). */
  readonly crossedAt: number | null;
  /** The sale whose recording made it so. */
  readonly crossedBy: string | null;
}

/** Whether `amountMinor` and `count` meet the rule: reaching the amount counts, and one sale is needed. */
export function meetsThreshold(rule: NexusRule, amountMinor: number, count: number): boolean {
  if (count === 0) return false;
  const amount = amountMinor >= rule.amountMinor;
  const transactions = rule.transactions !== null && count >= rule.transactions;
  if (rule.combine === 'amount_only') return amount;
  if (rule.combine === 'amount_or_transactions') return amount || transactions;
  return amount && transactions;
}

/** Progress toward the rule: the amount's share, with the count's by the rule's combination. */
export function progressOf(rule: NexusRule, amountMinor: number, count: number): number {
  const amount = rule.amountMinor === 0 ? (count > 0 ? 1 : 0) : Math.max(0, amountMinor) / rule.amountMinor;
  if (rule.combine === 'amount_only' || rule.transactions === null) return amount;
  const transactions = count / rule.transactions;
  return rule.combine === 'amount_or_transactions' ? Math.max(amount, transactions) : Math.min(amount, transactions);
}

/** A period measured as its events come, in time order then id (see {@link createRunningMeasure}). */
export interface RunningMeasure {
  add(event: NexusEvent): void;
  /** A sale of the period left out of the amount: in another currency, with no conversion. */
  addUnconverted(at: number): void;
  readonly period: MeasuringPeriod;
  /** The measure of the events added so far. */
  result(): PeriodMeasure;
  /** How many unconverted sales were added. */
  readonly unconverted: number;
}

/**
 * Starts measuring one period: add its events in time order, then id, and read the result.
 * Holds four numbers whatever the number of events, so a year of sales is measured a page at a
 * time. Events outside the period are ignored.
 */
export function createRunningMeasure(rule: NexusRule, period: MeasuringPeriod): RunningMeasure {
  let amountMinor = 0;
  let count = 0;
  let crossedAt: number | null = null;
  let crossedBy: string | null = null;
  let unconverted = 0;
  const inPeriod = (at: number) => at >= period.start && at <= period.end;
  return {
    period,
    add(event) {
      if (!inPeriod(event.at)) return;
      amountMinor += event.amountMinor;
      count += event.count;
      // A refund that pulls the total back under undoes a crossing; a later sale may cross again.
      if (!meetsThreshold(rule, amountMinor, count)) {
        crossedAt = null;
        crossedBy = null;
      } else if (crossedAt === null) {
        crossedAt = event.at;
        crossedBy = event.id;
      }
    },
    addUnconverted(at) {
      if (inPeriod(at)) unconverted += 1;
    },
    get unconverted() {
      return unconverted;
    },
    result: () => ({
      period,
      amountMinor,
      count,
      progress: progressOf(rule, amountMinor, count),
      crossedAt,
      crossedBy,
    }),
  };
}
