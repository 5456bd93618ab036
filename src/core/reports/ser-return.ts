import { isOrderFeeId } from '../order-fees/charge-order-fees.ts';
import { EXEMPT_REASONS, type LiabilityRow } from './liability-report.ts';

/** A jurisdiction's codes for filing, from the rate table (`JurisdictionDef.fips`, `serCode`). */
export interface FilingCodes {
  readonly fips?: string | undefined;
  readonly serCode?: string | undefined;
}

/** One local jurisdiction (county, city or district) of an SER and what is due to it. */
export interface SerJurisdiction {
  readonly jurisdictionId: string;
  readonly level: string;
  readonly name: string;
  /** The code the SER reports it under: its SER code, else its FIPS code; null when the rate data gives neither. */
  readonly code: string | null;
  /** Minor units (cents). */
  taxDue: number;
}

/** The figures of a Simplified Electronic Return for one state and period, in cents. */
export interface SerReturn {
  readonly state: string;
  /** The state's FIPS code ("20"), from the rate data; null when it gives none. */
  readonly stateFips: string | null;
  /** Sales of the period, less refunds made and plus refunds reversed in it. */
  readonly totalSales: number;
  /** Exempt and non-taxable sales (deductions). */
  readonly exemptSales: number;
  /** `totalSales - exemptSales`. */
  readonly taxableSales: number;
  readonly stateTaxDue: number;
  readonly jurisdictions: readonly SerJurisdiction[];
  /** `stateTaxDue` plus every jurisdiction's tax due. */
  readonly totalTaxDue: number;
  /**
   * Per-order fees charged in the state (a delivery fee, say): in the report's rows, but not
   * sales tax, so not on the SER; the state takes them on its own form.
   */
  readonly feesDue: number;
}

/**
 * The SER of `state` from the liability report's rows of the same period (docs/filing.md): the
 * state-level rows give the sales, the deductions and the state's tax; every local row adds its
 * net tax to its jurisdiction's detail; per-order fees are kept apart (`feesDue`). Built from
 * the report's own rows, so its total tax plus the fees equals the report's net tax of the
 * state's US dollar rows to the cent. Pure.
 */
export function buildSerReturn(
  rows: readonly LiabilityRow[],
  state: string,
  codesOf: (jurisdictionId: string) => FilingCodes | undefined,
): SerReturn {
  let totalSales = 0;
  let exemptSales = 0;
  let stateTaxDue = 0;
  let feesDue = 0;
  const jurisdictions = new Map<string, SerJurisdiction>();
  for (const row of rows) {
    if (row.country !== 'US' || row.subdivision !== state || row.currency !== 'USD') continue;
    if (isOrderFeeId(row.jurisdictionId)) {
      feesDue += row.netTax;
      continue;
    }
    if (row.level === 'STATE') {
      totalSales += row.grossSales + row.refundedSales + row.reversedSales;
      exemptSales += row.nonTaxableSales + EXEMPT_REASONS.reduce((sum, reason) => sum + row.exemptSales[reason], 0);
      stateTaxDue += row.netTax;
      continue;
    }
    let detail = jurisdictions.get(row.jurisdictionId);
    if (detail === undefined) {
      const codes = codesOf(row.jurisdictionId);
      detail = {
        jurisdictionId: row.jurisdictionId,
        level: row.level,
        name: row.jurisdictionName,
        code: codes?.serCode ?? codes?.fips ?? null,
        taxDue: 0,
      };
      jurisdictions.set(row.jurisdictionId, detail);
    }
    detail.taxDue += row.netTax;
  }
  const details = [...jurisdictions.values()].sort(
    (a, b) =>
      compare(a.level, b.level) || compare(a.code ?? '', b.code ?? '') || compare(a.jurisdictionId, b.jurisdictionId),
  );
  const stateCodes = codesOf(`US-${state}`);
  return {
    state,
    stateFips: stateCodes?.fips ?? stateFipsFrom(details, codesOf),
    totalSales,
    exemptSales,
    taxableSales: totalSales - exemptSales,
    stateTaxDue,
    jurisdictions: details,
    totalTaxDue: stateTaxDue + details.reduce((sum, detail) => sum + detail.taxDue, 0),
    feesDue,
  };
}

/** The state FIPS code as the first two digits of a local jurisdiction's FIPS code ("20091" → "20"). */
function stateFipsFrom(
  details: readonly SerJurisdiction[],
  codesOf: (jurisdictionId: string) => FilingCodes | undefined,
): string | null {
  for (const detail of details) {
    const fips = codesOf(detail.jurisdictionId)?.fips;
    if (fips !== undefined && /^\d{3,}$/.test(fips)) return fips.slice(0, 2);
  }
  return null;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
