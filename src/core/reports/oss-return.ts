import { EU_COUNTRIES } from '../fx/filing-rules.ts';
import type { JurisdictionTax, Refund, TaxLine, Transaction } from '../types.ts';
import { conversionOf } from './liability-report.ts';
import { type Quarter, quarterLabel, quarterOfSeconds } from './quarter.ts';
import { type SupplyKind, supplyKindOf } from './supply-kind.ts';

/**
 * The one-stop-shop schemes a return is made under: `union` (Directive 2006/112/EC Title XII
 * Chapter 6 Section 3: intra-Community distance sales of goods and services of sellers
 * established in the EU, or not established but dispatching from it) and `non_union` (Section 2:
 * services of sellers not established in the EU).
 */
export type OssScheme = 'union' | 'non_union';

export const OSS_SCHEMES: readonly OssScheme[] = ['union', 'non_union'];

/** Why a sale, refund or reversal of the quarter is not on the return (docs/filing.md). */
export type OssLeftOutReason =
  /** Taxed outside the EU VAT area (a non-member state, or a special territory such as the Canary Islands). */
  | 'outside_eu'
  /** A marketplace was the deemed supplier and declares the VAT itself. */
  | 'marketplace_facilitated'
  /** A business customer: reverse charge, the customer accounts for the VAT. */
  | 'business_customer'
  /** No VAT was charged: an exempt customer, a certificate, automatic tax off, no registration, or an exempt supply. */
  | 'not_taxed'
  /** Union scheme: a sale to a customer in the member state of identification goes on the domestic return. */
  | 'domestic'
  /** Union scheme: taxed in the seller's own member state, as sales below the EU threshold are (Art. 59c). */
  | 'below_threshold'
  /** Goods under the non-union scheme (services only), or goods sent from outside the EU (the import scheme). */
  | 'not_in_scheme';

export const OSS_LEFT_OUT_REASONS: readonly OssLeftOutReason[] = [
  'outside_eu',
  'marketplace_facilitated',
  'business_customer',
  'not_taxed',
  'domestic',
  'below_threshold',
  'not_in_scheme',
];

export interface OssReturnOptions {
  readonly quarter: Quarter;
  readonly scheme: OssScheme;
  /** The member state of identification (the registration's country). */
  readonly identification: string;
  /** The VAT identification number the member state of identification issued for the scheme. */
  readonly vatNumber: string;
  /** The seller's VAT (or tax) number in other member states, for goods dispatched from there. */
  readonly numbersAbroad: ReadonlyMap<string, string>;
  /** The standard VAT rate of a member state in the quarter ("0.19"), to tell a reduced rate from it. */
  readonly standardRateOf: (country: string) => string | undefined;
  /** The taxkit category of a line's product tax code (a Stripe or TaxJar code maps to one); itself by default. */
  readonly categoryOf?: (productTaxCode: string) => string;
}

/** One line of the return: a member state, a kind of supply, a rate and where goods were sent from. */
export interface OssSupply {
  readonly country: string;
  readonly kind: SupplyKind;
  /** The rate applied, as the exact decimal the calculations used ("0.19"). */
  readonly rate: string;
  readonly rateType: 'STANDARD' | 'REDUCED';
  /** Goods dispatched from a member state other than the member state of identification: that state. */
  readonly dispatchedFrom: string | null;
  /** The seller's VAT or tax number in `dispatchedFrom`, when a registration there names it. */
  readonly dispatchedFromNumber: string | null;
  /** Euro cents. */
  taxableAmount: number;
  vatAmount: number;
}

/** Changes to an earlier quarter's return: refunds and reversals made this quarter of sales made then. */
export interface OssCorrection {
  readonly country: string;
  /** The quarter corrected, "2026-Q2". */
  readonly quarter: string;
  /** Euro cents (negative for a refund). */
  taxableAmount: number;
  vatAmount: number;
}

/** Records of the quarter left off the return for one reason. */
export interface OssLeftOut {
  readonly reason: OssLeftOutReason;
  /** Sales processed in the quarter. */
  sales: number;
  /** Refunds made and refunds reversed in the quarter. */
  refunds: number;
}

/** A member state's share of the return. */
export interface OssMemberState {
  readonly country: string;
  readonly supplies: readonly OssSupply[];
  /** VAT of this quarter's supplies. */
  readonly vatAmount: number;
  /** VAT of the corrections of earlier quarters. */
  readonly correctionsVat: number;
  /** What is due to the member state: `vatAmount + correctionsVat`. */
  readonly vatDue: number;
}

export interface OssReturn {
  readonly quarter: string;
  readonly scheme: OssScheme;
  readonly identification: string;
  readonly vatNumber: string;
  /** The return's reference in the form of Regulation 2020/194 Annex III: "DE/123456789/Q3.2026". */
  readonly reference: string;
  readonly memberStates: readonly OssMemberState[];
  readonly corrections: readonly OssCorrection[];
  readonly leftOut: readonly OssLeftOut[];
  readonly totalTaxable: number;
  /** Every supply's VAT and every correction's, in euro cents. */
  readonly totalVat: number;
  /** Sales on the return with no euro amount yet (no conversion recorded or found): the first ids. */
  readonly unconverted: readonly string[];
  readonly unconvertedCount: number;
}

/** What adds the quarter's ledger records to a return, and finishes it. Pure; fed in pages. */
export interface OssAccumulator {
  addSale(sale: Transaction): void;
  addRefund(refund: Refund, sale: Transaction): void;
  addReversal(refund: Refund, sale: Transaction): void;
  finish(): OssReturn;
}

/** Sale ids kept to name unconverted sales; the count goes on. */
const UNCONVERTED_NAMED = 20;

/**
 * The EU one-stop-shop return of a quarter, from the same ledger records as the liability
 * report: sales processed in the quarter, refunds made in it, refunds reversed in it. A sale
 * counts in its member state (the customer's country), per kind, rate and dispatch state; a
 * refund or reversal of a sale of the same quarter nets into the same line, one of a sale of an
 * earlier quarter goes to the corrections of that quarter (Art. 369g(4)). Every amount is the
 * sale's own euro conversion, rounded once per amount exactly as the liability report rounds it,
 * so the return's VAT equals the report's euro VAT for the same records.
 */
export function createOssAccumulator(options: OssReturnOptions): OssAccumulator {
  const supplies = new Map<string, OssSupply>();
  const corrections = new Map<string, OssCorrection>();
  const leftOut = new Map<OssLeftOutReason, OssLeftOut>();
  const unconverted = new Set<string>();
  let unconvertedCount = 0;
  const thisQuarter = quarterLabel(options.quarter);

  const add = (event: 'sale' | 'refund' | 'reversal', lines: readonly TaxLine[], sale: Transaction) => {
    const reasons = new Set<OssLeftOutReason>();
    const saleReason = saleReasonOf(sale, options);
    // A reversal gives back what its refund took: the refund's (negative) amounts, negated.
    const sign = event === 'reversal' ? -1 : 1;
    const saleQuarter = quarterLabel(quarterOfSeconds(sale.processedAt));
    const corrects = event !== 'sale' && saleQuarter !== thisQuarter;
    const convert = conversionOf(sale);
    for (const line of lines) {
      const reason = saleReason ?? lineReasonOf(sale, line, options);
      if (reason !== undefined) {
        reasons.add(reason);
        continue;
      }
      if (sale.filingCurrency !== 'EUR') {
        if (!unconverted.has(sale.id)) {
          unconvertedCount += 1;
          if (unconverted.size < UNCONVERTED_NAMED) unconverted.add(sale.id);
        }
        continue;
      }
      const country = (sale.place as { country: string }).country;
      // The line's base counts once, with its first VAT part (an EU line has one).
      let taxable = sign * convert(line.amountExcludingTaxMinor);
      for (const part of line.jurisdictions) {
        if (part.taxType !== 'VAT') continue;
        const vat = sign * convert(part.taxMinor);
        const entry = corrects
          ? correctionOf(corrections, country, saleQuarter)
          : supplyOf(supplies, sale, line, part, options);
        entry.taxableAmount += taxable;
        entry.vatAmount += vat;
        taxable = 0;
      }
    }
    for (const reason of reasons) {
      const entry = leftOutOf(leftOut, reason);
      if (event === 'sale') entry.sales += 1;
      else entry.refunds += 1;
    }
  };

  return {
    addSale: (sale) => add('sale', sale.lines, sale),
    addRefund: (refund, sale) => add('refund', refund.lines, sale),
    addReversal: (refund, sale) => add('reversal', refund.lines, sale),
    finish: () =>
      finishReturn(options, [...supplies.values()], [...corrections.values()], leftOut, {
        ids: [...unconverted],
        count: unconvertedCount,
      }),
  };
}

function finishReturn(
  options: OssReturnOptions,
  supplies: OssSupply[],
  corrections: OssCorrection[],
  leftOut: ReadonlyMap<OssLeftOutReason, OssLeftOut>,
  unconverted: { readonly ids: readonly string[]; readonly count: number },
): OssReturn {
  supplies.sort(compareSupplies);
  corrections.sort((a, b) => compareText(a.quarter, b.quarter) || compareText(a.country, b.country));
  const countries = [...new Set([...supplies.map((s) => s.country), ...corrections.map((c) => c.country)])].sort();
  const memberStates = countries.map((country) => {
    const own = supplies.filter((supply) => supply.country === country);
    const vatAmount = own.reduce((sum, supply) => sum + supply.vatAmount, 0);
    const correctionsVat = corrections
      .filter((correction) => correction.country === country)
      .reduce((sum, correction) => sum + correction.vatAmount, 0);
    return { country, supplies: own, vatAmount, correctionsVat, vatDue: vatAmount + correctionsVat };
  });
  return {
    quarter: quarterLabel(options.quarter),
    scheme: options.scheme,
    identification: options.identification,
    vatNumber: options.vatNumber,
    reference: ossReference(options),
    memberStates,
    corrections,
    leftOut: OSS_LEFT_OUT_REASONS.flatMap((reason) => {
      const entry = leftOut.get(reason);
      return entry === undefined ? [] : [entry];
    }),
    totalTaxable: supplies.reduce((sum, supply) => sum + supply.taxableAmount, 0),
    totalVat: memberStates.reduce((sum, state) => sum + state.vatDue, 0),
    unconverted: unconverted.ids,
    unconvertedCount: unconverted.count,
  };
}

/**
 * "country code of MSI/VAT number/period – i.e. CZ/xxxxxxxxx/Q1.yyyy" (Regulation 2020/194
 * Annex III, note a): the number without the member state's prefix when it carries one.
 */
export function ossReference(options: Pick<OssReturnOptions, 'identification' | 'vatNumber' | 'quarter'>): string {
  const { identification, vatNumber, quarter } = options;
  const compact = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  const number = compact.startsWith(identification) ? compact.slice(identification.length) : compact;
  return `${identification}/${number}/Q${quarter.quarter}.${quarter.year}`;
}

/** Why nothing of this sale is on the return, or undefined when its lines may be. */
function saleReasonOf(sale: Transaction, options: OssReturnOptions): OssLeftOutReason | undefined {
  const country = sale.place?.country ?? '';
  if (!EU_COUNTRIES.has(country)) return 'outside_eu';
  if (sale.marketplaceFacilitated === true) return 'marketplace_facilitated';
  if (sale.exemption === 'reverse_charge') return 'business_customer';
  if (sale.exemption !== undefined) return 'not_taxed';
  // The non-union scheme covers every member state, the seller's member state of identification too (Art. 358a, 359).
  if (options.scheme === 'union' && country === options.identification) return 'domestic';
  return undefined;
}

/** Why this line of a sale the return may cover is left out, or undefined when it is on it. */
function lineReasonOf(sale: Transaction, line: TaxLine, options: OssReturnOptions): OssLeftOutReason | undefined {
  const country = (sale.place as { country: string }).country;
  const parts = line.jurisdictions.filter((part) => part.taxType === 'VAT');
  if (parts.length === 0) return 'not_taxed';
  if (parts.some((part) => part.jurisdictionId !== country)) {
    if (parts.some((part) => part.jurisdictionId === options.identification)) return 'below_threshold';
    return 'outside_eu';
  }
  if (parts.every((part) => part.taxMinor === 0 && /^0*(?:\.0*)?$/.test(part.rate))) return 'not_taxed';
  const kind = supplyKindOf((options.categoryOf ?? String)(line.productTaxCode));
  if (kind === 'goods') {
    if (options.scheme === 'non_union') return 'not_in_scheme';
    const from = sale.dispatchedFrom;
    if (from !== undefined && !EU_COUNTRIES.has(from)) return 'not_in_scheme';
  }
  return undefined;
}

function supplyOf(
  supplies: Map<string, OssSupply>,
  sale: Transaction,
  line: TaxLine,
  part: JurisdictionTax,
  options: OssReturnOptions,
): OssSupply {
  const country = part.jurisdictionId;
  const kind = supplyKindOf((options.categoryOf ?? String)(line.productTaxCode));
  const from = sale.dispatchedFrom;
  // Goods sent from a member state other than the one of identification are declared apart (Art. 369g(2)).
  const dispatchedFrom =
    kind === 'goods' && from !== undefined && from !== options.identification && EU_COUNTRIES.has(from) ? from : null;
  const key = `${country}|${kind}|${part.rate}|${dispatchedFrom ?? ''}`;
  let supply = supplies.get(key);
  if (supply === undefined) {
    const standard = options.standardRateOf(country);
    supply = {
      country,
      kind,
      rate: part.rate,
      rateType: standard === undefined || sameRate(standard, part.rate) ? 'STANDARD' : 'REDUCED',
      dispatchedFrom,
      dispatchedFromNumber: dispatchedFrom === null ? null : (options.numbersAbroad.get(dispatchedFrom) ?? null),
      taxableAmount: 0,
      vatAmount: 0,
    };
    supplies.set(key, supply);
  }
  return supply;
}

function correctionOf(corrections: Map<string, OssCorrection>, country: string, quarter: string): OssCorrection {
  const key = `${quarter}|${country}`;
  let correction = corrections.get(key);
  if (correction === undefined) {
    correction = { country, quarter, taxableAmount: 0, vatAmount: 0 };
    corrections.set(key, correction);
  }
  return correction;
}

function leftOutOf(leftOut: Map<OssLeftOutReason, OssLeftOut>, reason: OssLeftOutReason): OssLeftOut {
  let entry = leftOut.get(reason);
  if (entry === undefined) {
    entry = { reason, sales: 0, refunds: 0 };
    leftOut.set(reason, entry);
  }
  return entry;
}

/** Two exact decimals equal as numbers ("0.190" and "0.19"). */
function sameRate(a: string, b: string): boolean {
  const trim = (rate: string) => rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return trim(a) === trim(b);
}

function compareSupplies(a: OssSupply, b: OssSupply): number {
  return (
    compareText(a.country, b.country) ||
    compareText(a.kind, b.kind) ||
    compareText(a.dispatchedFrom ?? '', b.dispatchedFrom ?? '') ||
    Number(b.rate) - Number(a.rate)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
