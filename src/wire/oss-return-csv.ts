import type { OssReturn } from './api-types.ts';
import { euroText, percentText } from './euro-text.ts';

/** The columns of the OSS return's CSV, one line per supply and per correction. */
export const OSS_CSV_COLUMNS = [
  'section',
  'country',
  'kind',
  'rate_percent',
  'rate_type',
  'dispatched_from',
  'dispatched_from_vat_number',
  'corrected_quarter',
  'taxable_eur',
  'vat_eur',
] as const;

/**
 * The OSS return as CSV (RFC 4180, CRLF line ends) for a spreadsheet or a portal typed by hand:
 * a `supply` line per member state, kind, rate and dispatch state, a `correction` line per
 * member state and quarter corrected, and a `total` line; amounts in euro with two decimals.
 * Cells are codes and numbers only, so none needs quoting.
 */
export function ossReturnCsv(body: OssReturn): string {
  const lines: string[] = [OSS_CSV_COLUMNS.join(',')];
  for (const state of body.member_states) {
    for (const supply of state.supplies) {
      lines.push(
        [
          'supply',
          state.country,
          supply.kind,
          percentText(String(supply.rate)),
          supply.rate_type,
          supply.dispatched_from ?? '',
          supply.dispatched_from_vat_number ?? '',
          '',
          euroText(supply.taxable_amount),
          euroText(supply.vat_amount),
        ].join(','),
      );
    }
  }
  for (const correction of body.corrections) {
    lines.push(
      [
        'correction',
        correction.country,
        '',
        '',
        '',
        '',
        '',
        correction.quarter,
        euroText(correction.taxable_amount),
        euroText(correction.vat_amount),
      ].join(','),
    );
  }
  // The total is what is due: this quarter's VAT and the corrections'.
  lines.push(['total', '', '', '', '', '', '', '', '', euroText(body.total_vat)].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
