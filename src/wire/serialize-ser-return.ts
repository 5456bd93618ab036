import type { Mode } from '../core/types.ts';
import type { SerFiling } from '../operations/ser-return.ts';
import type { SerReturn } from './api-types.ts';
import { SER_DRAFT_REASONS } from './ser-xml.ts';

/** GET /tax/reports/ser: the SER's figures in cents (docs/filing.md); `format=xml` gives the file. */
export function serializeSerReturn(filing: SerFiling, mode: Mode): SerReturn {
  const { figures } = filing;
  return {
    object: 'tax.ser_return',
    state: figures.state,
    state_fips: figures.stateFips,
    from: filing.from,
    to: filing.to,
    currency: 'USD',
    seller_id: filing.sellerId,
    testmode: mode === 'test',
    total_sales: figures.totalSales,
    exempt_sales: figures.exemptSales,
    taxable_sales: figures.taxableSales,
    state_tax_due: figures.stateTaxDue,
    jurisdictions: figures.jurisdictions.map((jurisdiction) => ({
      jurisdiction_id: jurisdiction.jurisdictionId,
      level: jurisdiction.level,
      name: jurisdiction.name,
      code: jurisdiction.code,
      tax_due: jurisdiction.taxDue,
    })),
    total_tax_due: figures.totalTaxDue,
    fees_due: figures.feesDue,
    draft: true,
    draft_reasons: [
      ...SER_DRAFT_REASONS,
      ...(figures.jurisdictions.some((jurisdiction) => jurisdiction.code === null)
        ? ['Some jurisdictions have no SST code in taxkit’s rates (their JurisdictionCode is empty).']
        : []),
    ],
  };
}
