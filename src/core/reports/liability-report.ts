import { isOrderFeeId } from '../order-fees/charge-order-fees.ts';
import { reportJurisdictionId } from './report-jurisdiction-id.ts';
import { convertMinor } from '../money/convert-currency.ts';
import { divideHalfUpBig } from '../money/divide-half-up.ts';
import { formatDay } from '../rates/format-day.ts';
import type { JurisdictionLevel } from '../rates/rate-table.ts';
import type { JurisdictionTax, Refund, TaxLine, TaxType, Transaction } from '../types.ts';
import { periodOf, type ReportPeriod } from './report-period.ts';

/** Why a sale's amount was not taxed in a jurisdiction; each is a column of exempt sales. */
export type ExemptReason =
  | 'exemptCustomer'
  | 'exemptCertificate'
  | 'exemptCategory'
  | 'reverseCharge'
  | 'notRegistered'
  | 'notCollected'
  | 'marketplaceFacilitated';

export const EXEMPT_REASONS: readonly ExemptReason[] = [
  'exemptCustomer',
  'exemptCertificate',
  'exemptCategory',
  'reverseCharge',
  'notRegistered',
  'notCollected',
  'marketplaceFacilitated',
];

/** The amounts of one row, in minor units of its currency. Refund amounts are negative. */
export interface LiabilityAmounts {
  /** Sales (excluding tax) recorded in the period. */
  grossSales: number;
  /** Of `grossSales`, what was exempt, by reason. */
  exemptSales: Record<ExemptReason, number>;
  /** Of `grossSales`, what is outside the tax (NON_TAXABLE lines). */
  nonTaxableSales: number;
  /** `grossSales` less exempt and non-taxable sales. */
  taxableSales: number;
  /** Tax on the period's sales. */
  taxCollected: number;
  /** Sales given back by refunds made in the period (≤ 0). */
  refundedSales: number;
  /** Tax given back by refunds made in the period (≤ 0). */
  taxRefunded: number;
  /** Sales and tax of refunds reversed in the period, which count again (≥ 0). */
  reversedSales: number;
  taxReversed: number;
  /** taxCollected + taxRefunded + taxReversed: what is owed for the period. */
  netTax: number;
}

/** One row: a period, a jurisdiction, a tax type, a rate and a currency. */
export interface LiabilityRow extends LiabilityAmounts {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly jurisdictionId: string;
  readonly country: string;
  /** State or province code; '' for a national jurisdiction. */
  readonly subdivision: string;
  readonly level: JurisdictionLevel;
  readonly jurisdictionName: string;
  readonly taxType: TaxType;
  /** The rate applied, as the exact decimal the calculation used. */
  readonly rate: string;
  readonly currency: string;
  /** Distinct sales, refunds and reversals that make up the row. */
  transactionCount: number;
}

/** Per currency: what the rows add up to, and what the ledger says (they are equal: the report reconciles). */
export interface LiabilityTotal {
  readonly currency: string;
  grossSales: number;
  taxCollected: number;
  taxRefunded: number;
  taxReversed: number;
  netTax: number;
  /** Sales, refunds and reversals read. */
  transactionCount: number;
}

export interface LiabilityReport {
  readonly from: string;
  readonly to: string;
  readonly period: ReportPeriod;
  readonly rows: readonly LiabilityRow[];
  readonly totals: readonly LiabilityTotal[];
  /**
   * Sales of the report still waiting for their filing conversion (the rate their rule names is
   * not imported, or their period has not ended): they are in the rows and totals of their own
   * currency. Absent or empty when every sale was converted (docs/filing-currency.md).
   */
  readonly filingPending?: readonly FilingPendingSummary[];
}

/** Sales in one currency waiting for the same filing currency, source and rule. */
export interface FilingPendingSummary {
  /** The currency they are reported in (their own). */
  readonly currency: string;
  readonly filingCurrency: string;
  readonly source: string;
  readonly rule: 'sale' | 'period_end';
  /** The first and last day whose rate they wait for, YYYY-MM-DD. */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly saleCount: number;
}

export interface LiabilityOptions {
  /** First and last day, YYYY-MM-DD (UTC), as day numbers. */
  readonly fromDay: number;
  readonly toDay: number;
  readonly period: ReportPeriod;
  /**
   * The taxkit category a line's `productTaxCode` was taxed as, for a line kept under another
   * engine's code (`txcd_00000000` is non-taxable); the code itself when absent.
   */
  readonly categoryOf?: (productTaxCode: string) => string;
}

/** What adds a sale, a refund or a reversal to a report, and finishes it. Pure; fed by the engine in pages. */
export interface LiabilityAccumulator {
  addSale(transaction: Transaction): void;
  /** A refund made in the period, with the sale it refunds. */
  addRefund(refund: Refund, transaction: Transaction): void;
  /** A refund reversed in the period (its `reversedAt`), with the sale it refunded. */
  addReversal(refund: Refund, transaction: Transaction): void;
  finish(): LiabilityReport;
}

type Event = 'sale' | 'refund' | 'reversal';

/**
 * A liability report on the accrual basis: a sale counts in the period it was processed, a
 * refund in the period it was made, a reversal in the period it was reversed. Rows are keyed by
 * the jurisdiction's stable id (never its name), tax type, rate and currency, so a renamed
 * district does not split a row. Amounts are in each sale's filing currency, converted at the
 * rate recorded with the sale (each amount rounded once, half away from zero). Every amount is
 * a sum of whole minor units: the rows reconcile exactly with the ledger (docs/reports.md).
 */
export function createLiabilityAccumulator(options: LiabilityOptions): LiabilityAccumulator {
  const categoryOf = options.categoryOf ?? ((code: string) => code);
  const rows = new Map<string, LiabilityRow>();
  const seen = new Map<string, Set<string>>();
  const totals = new Map<string, LiabilityTotal>();

  const add = (
    event: Event,
    record: { readonly id: string },
    at: number,
    lines: readonly TaxLine[],
    sale: Transaction,
  ) => {
    const day = Math.floor(at / 86_400);
    const period = periodOf(day, options.period, options.fromDay, options.toDay);
    const currency = sale.filingCurrency;
    const convert = conversionOf(sale);
    const total = totalOf(totals, currency);
    total.transactionCount += 1;
    for (const line of lines) {
      const sales = convert(line.amountExcludingTaxMinor);
      if (event === 'sale') total.grossSales += sales;
      for (const part of line.jurisdictions) {
        // A per-order fee's row holds the fee alone: the line's sales belong to its tax rows.
        const partSales = isOrderFeeId(part.jurisdictionId) ? 0 : sales;
        const row = rowOf(rows, period, part, sale, currency);
        const tax = convert(part.taxMinor);
        const rowKey = keyOf(period.start, part, currency);
        let ids = seen.get(rowKey);
        if (ids === undefined) {
          ids = new Set();
          seen.set(rowKey, ids);
        }
        const eventId = `${event}:${record.id}`;
        if (!ids.has(eventId)) {
          ids.add(eventId);
          row.transactionCount += 1;
        }
        if (event === 'sale') {
          row.grossSales += partSales;
          const reason = exemptReasonOf(sale, line, part, categoryOf);
          if (reason === 'nonTaxable') row.nonTaxableSales += partSales;
          else if (reason !== undefined) row.exemptSales[reason] += partSales;
          else {
            // A certificate for part of the price exempts that share of a taxed line.
            const exempt = certificateShare(sale, partSales);
            row.exemptSales.exemptCertificate += exempt;
            row.taxableSales += partSales - exempt;
          }
          row.taxCollected += tax;
          total.taxCollected += tax;
        } else if (event === 'refund') {
          row.refundedSales += partSales;
          row.taxRefunded += tax;
          total.taxRefunded += tax;
        } else {
          row.reversedSales -= partSales;
          row.taxReversed -= tax;
          total.taxReversed -= tax;
        }
        row.netTax = row.taxCollected + row.taxRefunded + row.taxReversed;
      }
    }
    total.netTax = total.taxCollected + total.taxRefunded + total.taxReversed;
  };

  return {
    addSale: (transaction) => add('sale', transaction, transaction.processedAt, transaction.lines, transaction),
    addRefund: (refund, transaction) => add('refund', refund, refund.processedAt, refund.lines, transaction),
    addReversal: (refund, transaction) =>
      add('reversal', { id: `${refund.id}` }, refund.reversedAt ?? refund.processedAt, refund.lines, transaction),
    finish: () => ({
      from: formatDay(options.fromDay),
      to: formatDay(options.toDay),
      period: options.period,
      rows: [...rows.values()].sort(compareRows),
      totals: [...totals.values()].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0)),
    }),
  };
}

/**
 * Converts a sale's amounts to its filing currency at the rate recorded with it (or leaves them).
 * Shared with the filing files (oss-return.ts), so a return and the report round alike.
 */
export function conversionOf(sale: Transaction): (amountMinor: number) => number {
  const conversion = sale.filingConversion;
  if (conversion === undefined || sale.filingCurrency === sale.currency) return (amount) => amount;
  return (amount) => convertMinor(amount, sale.currency, sale.filingCurrency, conversion.rate);
}

/** Why this line was not taxed in this jurisdiction, 'nonTaxable', or undefined when it was taxed. */
function exemptReasonOf(
  sale: Transaction,
  line: TaxLine,
  part: JurisdictionTax,
  categoryOf: (productTaxCode: string) => string,
): ExemptReason | 'nonTaxable' | undefined {
  if (sale.marketplaceFacilitated === true) return 'marketplaceFacilitated';
  switch (sale.exemption) {
    case 'exempt_customer':
      return 'exemptCustomer';
    case 'reverse_charge':
      return 'reverseCharge';
    case 'no_nexus':
      return 'notRegistered';
    case 'automatic_tax_disabled':
      return 'notCollected';
    case 'certificate':
      return 'exemptCertificate';
    default:
      break;
  }
  if (part.taxMinor !== 0 || !isZeroRate(part.rate)) return undefined;
  return categoryOf(line.productTaxCode) === 'NON_TAXABLE' ? 'nonTaxable' : 'exemptCategory';
}

/**
 * The part of `sales` a partial exemption certificate exempts (`exemptPercentage`, at most two
 * decimals), rounded half away from zero as every amount is; 0 without one.
 */
function certificateShare(sale: Transaction, sales: number): number {
  const percentage = sale.certificate?.exemptPercentage;
  if (percentage === undefined) return 0;
  const [whole = '0', fraction = ''] = percentage.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return Number(divideHalfUpBig(BigInt(sales) * BigInt(hundredths), 10_000n));
}

function isZeroRate(rate: string): boolean {
  return /^0*(?:\.0*)?$/.test(rate);
}

function keyOf(periodStart: string, part: JurisdictionTax, currency: string): string {
  return `${periodStart}|${reportJurisdictionId(part.jurisdictionId)}|${part.taxType}|${part.rate}|${currency}`;
}

function rowOf(
  rows: Map<string, LiabilityRow>,
  period: { readonly start: string; readonly end: string },
  part: JurisdictionTax,
  sale: Transaction,
  currency: string,
): LiabilityRow {
  const key = keyOf(period.start, part, currency);
  let row = rows.get(key);
  if (row === undefined) {
    const level = levelOf(part);
    const place = placeOf(sale, part, level);
    row = {
      periodStart: period.start,
      periodEnd: period.end,
      jurisdictionId: reportJurisdictionId(part.jurisdictionId),
      country: place.country,
      subdivision: place.subdivision,
      level,
      jurisdictionName: part.name,
      taxType: part.taxType,
      rate: part.rate,
      currency,
      grossSales: 0,
      exemptSales: {
        exemptCustomer: 0,
        exemptCertificate: 0,
        exemptCategory: 0,
        reverseCharge: 0,
        notRegistered: 0,
        notCollected: 0,
        marketplaceFacilitated: 0,
      },
      nonTaxableSales: 0,
      taxableSales: 0,
      taxCollected: 0,
      refundedSales: 0,
      taxRefunded: 0,
      reversedSales: 0,
      taxReversed: 0,
      netTax: 0,
      transactionCount: 0,
    };
    rows.set(key, row);
  }
  return row;
}

/** The level of a jurisdiction from its authority: a state, county, city or district one, else national. */
function levelOf(part: JurisdictionTax): JurisdictionLevel {
  return part.authorityType === '' ? 'COUNTRY' : part.authorityType;
}

/**
 * The country and state or province of a jurisdiction: the sale's place, which every
 * jurisdiction of its lines lies in; for a sale recorded before taxkit kept it (or a platform
 * fee, taxed at the merchant's place), the id's own prefix ("US-IN-…").
 */
function placeOf(
  sale: Transaction,
  part: JurisdictionTax,
  level: JurisdictionLevel,
): { readonly country: string; readonly subdivision: string } {
  const [prefix = '', second = ''] = part.jurisdictionId.split('-');
  const place = sale.type === 'order' ? sale.place : undefined;
  const country = place?.country !== undefined && place.country !== '' ? place.country : prefix;
  // A national tax is its own country's, also on a sale taxed there but delivered to another
  // (an EU distance sale at origin: French VAT on a sale to Germany is France's).
  if (level === 'COUNTRY') return { country: /^[A-Z]{2}$/.test(prefix) ? prefix : country, subdivision: '' };
  return { country, subdivision: place?.province !== undefined && place.province !== '' ? place.province : second };
}

function totalOf(totals: Map<string, LiabilityTotal>, currency: string): LiabilityTotal {
  let total = totals.get(currency);
  if (total === undefined) {
    total = {
      currency,
      grossSales: 0,
      taxCollected: 0,
      taxRefunded: 0,
      taxReversed: 0,
      netTax: 0,
      transactionCount: 0,
    };
    totals.set(currency, total);
  }
  return total;
}

/** Rows by period, country, subdivision, level, jurisdiction id, tax type, rate, currency. */
function compareRows(a: LiabilityRow, b: LiabilityRow): number {
  const keys: (keyof LiabilityRow)[] = [
    'periodStart',
    'country',
    'subdivision',
    'level',
    'jurisdictionId',
    'taxType',
    'rate',
    'currency',
  ];
  for (const key of keys) {
    const x = a[key] as string;
    const y = b[key] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
