import { convertMinor } from '../money/convert-currency.ts';
import { registeredOn, type RegistrationSpan } from '../registrations/registration-spans.ts';
import { EU_VAT_AREA } from '../tax-ids/reverse-charge.ts';
import type { Refund, Transaction } from '../types.ts';
import { unixOfIsoDay } from './civil-date.ts';
import { createRunningMeasure, type PeriodMeasure, type RunningMeasure } from './measure-threshold.ts';
import { measuringPeriods } from './measuring-periods.ts';
import type { NexusRule, NoSalesTaxPlace } from './nexus-rule.ts';
import { uncertaintyOf } from './uncertainty-of.ts';

export type NexusStatusKind = 'registered' | 'exceeded' | 'approaching' | 'below' | 'no_sales_tax';

/** From this share of the threshold on, a jurisdiction is `approaching`. */
export const APPROACHING_AT = 0.8;

/** What nexus is measured against: the rules, the date and the account's registrations. */
export interface NexusBasis {
  readonly rules: readonly NexusRule[];
  readonly noSalesTax: readonly NoSalesTaxPlace[];
  /** Unix seconds: the status as of then. */
  readonly at: number;
  /** Where the seller is established (the engine's default origin), for the EU and UK rules. */
  readonly sellerCountry: string | undefined;
  /** The account's registrations; `undefined` when it has none (then nothing is `registered`). */
  readonly registrations: readonly RegistrationSpan[] | undefined;
}

/** What nexus is computed from: the basis and the account's ledger over the periods. */
export interface NexusInput extends NexusBasis {
  /** Live sales processed in the widest period the rules measure. */
  readonly sales: readonly Transaction[];
  /** Refunds processed in that period and not reversed by `at`, each with its sale. */
  readonly refunds: readonly { readonly refund: Refund; readonly transaction: Transaction }[];
}

/**
 * Nexus measured as the ledger is read: sales and refunds are added in time order, then id
 * (sales and refunds merged), and `finish` answers each jurisdiction's status. Holds a few
 * numbers per rule and period, never the ledger, so a million sales cost what a page costs.
 */
export interface NexusAccumulator {
  addSale(sale: Transaction): void;
  /** A refund not reversed by `at`, with its sale (which says where it was made). */
  addRefund(refund: Refund, transaction: Transaction): void;
  finish(): readonly JurisdictionNexus[];
}

/** One jurisdiction's nexus, as GET /tax/nexus answers it (domain names). */
export interface JurisdictionNexus {
  readonly jurisdiction: string;
  readonly name: string;
  readonly status: NexusStatusKind;
  readonly salesMinor: number;
  readonly transactionCount: number;
  readonly thresholdMinor: number | null;
  readonly thresholdTransactions: number | null;
  readonly currency: string | null;
  readonly rule: NexusRule | undefined;
  readonly periodStart: number | null;
  readonly periodEnd: number | null;
  readonly progress: number;
  readonly crossedAt: number | null;
  readonly crossedBy: string | null;
  /** Sales in another currency with no conversion to the threshold's: left out of the amount. */
  readonly unconvertedTransactionCount: number;
  readonly source: string;
  readonly note: string;
  /** Every measuring period of the rule as of `at` (previous and current year, …); empty without a rule. */
  readonly measures: readonly PeriodMeasure[];
}

/** The rule of `jurisdiction` in force at `at` for this seller, if any. */
function ruleInForce(
  rules: readonly NexusRule[],
  jurisdiction: string,
  at: number,
  sellerCountry: string | undefined,
): NexusRule | undefined {
  const established = jurisdiction === 'EU' ? EU_VAT_AREA.has(sellerCountry ?? '') : sellerCountry === jurisdiction;
  return rules.find(
    (rule) =>
      rule.jurisdiction === jurisdiction &&
      unixOfIsoDay(rule.from) <= at &&
      (rule.to === undefined || at < unixOfIsoDay(rule.to)) &&
      (rule.sellers === undefined || rule.sellers === 'all' || (rule.sellers === 'established') === established),
  );
}

/** Whether a sale counts toward `rule`'s jurisdiction, by where it was made. */
function inJurisdiction(rule: NexusRule, sale: Transaction, sellerCountry: string | undefined): boolean {
  if (rule.scope === 'worldwide') return true;
  const place = sale.place;
  if (place === undefined) return false;
  if (rule.jurisdiction === 'EU') return EU_VAT_AREA.has(place.country) && place.country !== sellerCountry;
  if (rule.jurisdiction.includes('-')) return `${place.country}-${place.province}` === rule.jurisdiction;
  return place.country === rule.jurisdiction;
}

/** A sale's amount (tax excluded) in the rule's currency, or undefined when it cannot be converted. */
function amountIn(rule: NexusRule, transaction: Transaction, amountMinor: number): number | undefined {
  if (transaction.currency === rule.currency) return amountMinor;
  const conversion = transaction.filingConversion;
  if (conversion === undefined || transaction.filingCurrency !== rule.currency) return undefined;
  return convertMinor(amountMinor, transaction.currency, rule.currency, conversion.rate);
}

/** Whether the rule's basis and marketplace treatment let the sale count. */
function counts(rule: NexusRule, transaction: Transaction): boolean {
  if (rule.marketplace === 'excluded' && transaction.marketplaceFacilitated === true) return false;
  // A tax-exempt customer (a reseller, an exempt organisation) buys outside retail and taxable sales.
  if (rule.basis !== 'gross' && transaction.exemption === 'exempt_customer') return false;
  // A consumer basis (the EU's distance sales) measures B2C sales: a business that accounted for
  // the VAT itself (reverse charge) bought outside it.
  if (rule.basis === 'consumer' && transaction.exemption === 'reverse_charge') return false;
  return true;
}

const sumExcludingTax = (lines: readonly { readonly amountExcludingTaxMinor: number }[]) =>
  lines.reduce((total, line) => total + line.amountExcludingTaxMinor, 0);

/**
 * Each jurisdiction's nexus at `input.at`, from a ledger held in memory: its sales and refunds
 * sorted by time, then id, and measured by {@link createNexusAccumulator}. Pure: the same ledger
 * always gives the same answer, however it was read.
 */
export function nexusStatus(input: NexusInput): readonly JurisdictionNexus[] {
  const accumulator = createNexusAccumulator(input);
  const events = [
    ...input.sales.map((sale) => ({ at: sale.processedAt, id: sale.id, add: () => accumulator.addSale(sale) })),
    ...input.refunds.map(({ refund, transaction }) => ({
      at: refund.processedAt,
      id: refund.id,
      add: () => accumulator.addRefund(refund, transaction),
    })),
  ];
  events.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const event of events) event.add();
  return accumulator.finish();
}

/** The rule of one jurisdiction in force at `at`, and its periods measured as events come. */
interface RuleMeasure {
  readonly rule: NexusRule;
  readonly measures: readonly RunningMeasure[];
}

/**
 * Starts measuring every jurisdiction whose rule is in force at `basis.at`. Add the ledger in
 * time order, then id (see {@link NexusAccumulator}).
 */
export function createNexusAccumulator(basis: NexusBasis): NexusAccumulator {
  const jurisdictions = [...new Set(basis.rules.map((rule) => rule.jurisdiction))].sort();
  const measured: RuleMeasure[] = [];
  for (const jurisdiction of jurisdictions) {
    const rule = ruleInForce(basis.rules, jurisdiction, basis.at, basis.sellerCountry);
    if (rule === undefined) continue;
    measured.push({
      rule,
      measures: measuringPeriods(rule, basis.at).map((period) => createRunningMeasure(rule, period)),
    });
  }
  // The rules a place counts toward, found once per place rather than once per sale.
  const byPlace = new Map<string, readonly RuleMeasure[]>();
  const rulesOf = (sale: Transaction) => {
    const key = sale.place === undefined ? '' : `${sale.place.country}|${sale.place.province}`;
    let found = byPlace.get(key);
    if (found === undefined) {
      found = measured.filter(({ rule }) => inJurisdiction(rule, sale, basis.sellerCountry));
      byPlace.set(key, found);
    }
    return found;
  };
  return {
    addSale(sale) {
      for (const { rule, measures } of rulesOf(sale)) {
        if (!counts(rule, sale)) continue;
        const amount = amountIn(rule, sale, sumExcludingTax(sale.lines));
        for (const measure of measures) {
          if (amount === undefined) measure.addUnconverted(sale.processedAt);
          else measure.add({ at: sale.processedAt, id: sale.id, amountMinor: amount, count: 1 });
        }
      }
    },
    addRefund(refund, transaction) {
      for (const { rule, measures } of rulesOf(transaction)) {
        if (!counts(rule, transaction)) continue;
        const amount = amountIn(rule, transaction, sumExcludingTax(refund.lines));
        if (amount === undefined) continue;
        for (const measure of measures)
          measure.add({ at: refund.processedAt, id: refund.id, amountMinor: amount, count: 0 });
      }
    },
    finish() {
      const results = measured.map(({ rule, measures }) => jurisdictionOf(rule, measures, basis));
      for (const place of basis.noSalesTax) results.push(noSalesTaxOf(place));
      return results.sort((a, b) => (a.jurisdiction < b.jurisdiction ? -1 : a.jurisdiction > b.jurisdiction ? 1 : 0));
    },
  };
}

function noSalesTaxOf(place: NoSalesTaxPlace): JurisdictionNexus {
  return {
    jurisdiction: place.jurisdiction,
    name: place.name,
    status: 'no_sales_tax',
    salesMinor: 0,
    transactionCount: 0,
    thresholdMinor: null,
    thresholdTransactions: null,
    currency: null,
    rule: undefined,
    periodStart: null,
    periodEnd: null,
    progress: 0,
    crossedAt: null,
    crossedBy: null,
    unconvertedTransactionCount: 0,
    source: place.source,
    note: `${place.name} has no general sales tax: there is nothing to register for.`,
    measures: [],
  };
}

function jurisdictionOf(rule: NexusRule, running: readonly RunningMeasure[], basis: NexusBasis): JurisdictionNexus {
  const measures = running.map((measure) => ({ measure: measure.result(), unconverted: measure.unconverted }));
  const crossed = measures.find(({ measure }) => measure.crossedAt !== null);
  const shownEntry =
    crossed ?? measures.reduce((best, entry) => (entry.measure.progress > best.measure.progress ? entry : best));
  const shown = shownEntry.measure;
  // Only the sales of the period shown were left out of its amount.
  const unconverted = shownEntry.unconverted;
  const registered =
    basis.registrations !== undefined && registeredOn(basis.registrations, registrationKeys(rule, basis), basis.at);
  const status = registered
    ? 'registered'
    : crossed !== undefined
      ? 'exceeded'
      : shown.progress >= APPROACHING_AT
        ? 'approaching'
        : 'below';
  return {
    jurisdiction: rule.jurisdiction,
    name: rule.name,
    status,
    salesMinor: shown.amountMinor,
    transactionCount: shown.count,
    thresholdMinor: rule.amountMinor,
    thresholdTransactions: rule.transactions,
    currency: rule.currency,
    rule,
    periodStart: shown.period.start,
    periodEnd: shown.period.end,
    progress: shown.progress,
    crossedAt: shown.crossedAt,
    crossedBy: shown.crossedBy,
    unconvertedTransactionCount: unconverted,
    source: rule.source,
    note: noteOf(rule, status, shown, unconverted),
    measures: measures.map(({ measure }) => measure),
  };
}

/**
 * The place keys a registration must cover for the seller to count as registered: the state
 * (or the country); for the EU rule, every member state but the seller's own (a one-stop shop
 * registration covers them all).
 */
function registrationKeys(rule: NexusRule, basis: NexusBasis): readonly string[] {
  if (rule.jurisdiction !== 'EU') return [rule.jurisdiction];
  return [...EU_VAT_AREA].filter((country) => country !== basis.sellerCountry);
}

function noteOf(rule: NexusRule, status: NexusStatusKind, shown: PeriodMeasure, unconverted: number): string {
  const parts = [`${rule.name}: ${describeRule(rule)}.`];
  if (status === 'exceeded') parts.push('The account crossed it and is not registered there: register to collect.');
  if (status === 'approaching') parts.push(`The account is at ${Math.floor(shown.progress * 100)} % of it.`);
  if (unconverted > 0) {
    parts.push(
      `${unconverted} sale(s) in another currency with no conversion to ${rule.currency} are left out of the amount.`,
    );
  }
  const uncertain = uncertaintyOf(rule);
  if (uncertain !== undefined) parts.push(`Uncertain: ${uncertain}.`);
  return parts.join(' ');
}

/** "USD 100,000.00 or 200 transactions, previous or current calendar year, gross sales". */
export function describeRule(rule: NexusRule): string {
  const amount = `${rule.currency} ${formatMajor(rule.amountMinor)}`;
  const count = rule.transactions === null ? '' : `${rule.transactions} transactions`;
  const threshold =
    rule.combine === 'amount_only'
      ? amount
      : rule.combine === 'amount_or_transactions'
        ? `${amount} or ${count}`
        : `${amount} and ${count}`;
  const marketplace =
    rule.marketplace === 'excluded'
      ? ', marketplace sales excluded'
      : rule.marketplace === 'unstated'
        ? ', marketplace sales counted (the sources do not say)'
        : '';
  return `${threshold}, ${rule.period.replaceAll('_', ' ')}, ${rule.basis} sales${marketplace}`;
}

/** Minor units (two decimals; every threshold currency has two) as "100,000.00". */
function formatMajor(minor: number): string {
  const whole = Math.floor(minor / 100);
  const cents = String(minor % 100).padStart(2, '0');
  return `${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
