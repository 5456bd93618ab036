import { TaxError } from '../core/errors.ts';
import type { OssReturn } from './api-types.ts';
import { euroText, percentText } from './euro-text.ts';

/**
 * The German BZSt's CSV upload of an OSS return ("Import von Umsätzen in die Steuererklärung"
 * in BZSt Online / Mein BOP), a DRAFT of it: see docs/filing.md for what is confirmed and what
 * is not. Facts from the BZSt import help (https://www.elster.de/bportal/helpGlobal?themaGlobal=osseust_import
 * and …=en_ossnoneust_import): UTF-8 is required; zero values are no longer accepted for the
 * taxable amount and the VAT; the non-union import takes at most 1,000 data rows; Greece is EL.
 * From a third-party guide (taxdoo, https://www.taxdoo.com/?p=8840): the union import takes at
 * most 6,000 data rows, several files when more. The record types and column order follow a
 * public generator of the union file (github.com/Tim-Delta/oss_bop_bzst_csv), not the BZSt's
 * own table, which taxkit could not read: hence the draft.
 */
export const BZST_DRAFT_REASONS: readonly string[] = [
  'The record types (Satzarten) and their column order follow a third-party generator, not the BZSt record table itself.',
  'The version line of the union file (#v2.0) is from the BZSt version table; the Excel version line (#ve…) is left out.',
  'Corrections of earlier quarters are not written: their record type could not be confirmed. Enter them in the portal.',
  'Services of a fixed establishment in another member state (record type 4) are never written: taxkit does not know them.',
];

/** Data rows per file: union (taxdoo's reading of the BZSt help) and non-union (the BZSt help). */
export const BZST_MAX_ROWS: Readonly<Record<OssReturn['scheme'], number>> = { union: 6000, non_union: 1000 };

/** The CSV version line of each import, from the BZSt version tables. */
const VERSION_LINE: Readonly<Record<OssReturn['scheme'], string>> = { union: '#v2.0', non_union: '#v3.0' };

/**
 * The BZSt upload files of a return whose member state of identification is Germany, each at
 * most {@link BZST_MAX_ROWS} data rows (the country rows counted with them), every supply in
 * one; empty for another member state's return (the BZSt takes only its own). Each file is
 * UTF-8 text, comma separated, CRLF line ends, decimals with a point.
 */
export function bzstFiles(body: OssReturn): string[] {
  if (body.member_state_of_identification !== 'DE') return [];
  const limit = BZST_MAX_ROWS[body.scheme];
  const files: string[][] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) files.push(current);
    current = [];
  };
  for (const state of body.member_states) {
    const country = state.country === 'GR' ? 'EL' : state.country;
    const rows = state.supplies
      // "No zero lines": a line whose amounts netted to nothing is not written.
      .filter((supply) => supply.taxable_amount !== 0 || supply.vat_amount !== 0)
      .map((supply) => supplyRow(body.scheme, country, supply));
    if (rows.length === 0) continue;
    // A country's rows stay in one file with its country row where they fit.
    if (current.length + 1 + rows.length > limit) flush();
    let index = 0;
    while (index < rows.length) {
      if (current.length + 2 > limit) flush();
      current.push(`1,${country}`);
      const room = limit - current.length;
      current.push(...rows.slice(index, index + room));
      index += room;
      if (index < rows.length) flush();
    }
  }
  flush();
  return files.map((rows) => `${[VERSION_LINE[body.scheme], ...rows].join('\r\n')}\r\n`);
}

/**
 * Part `part` (from 1) of the BZSt upload. 400 naming `format` when the return is not made in
 * Germany, and `part` when there is no such file.
 */
export function bzstFile(
  body: OssReturn,
  query: Readonly<Record<string, string | undefined>>,
): { readonly text: string; readonly headers: Readonly<Record<string, string>> } {
  if (body.member_state_of_identification !== 'DE') {
    throw new TaxError(
      'INVALID_VALUE',
      `format: bzst is the German BZSt's upload, and this return's member state of identification is ${body.member_state_of_identification}.`,
      { details: { field: 'format' } },
    );
  }
  const files = bzstFiles(body);
  const part = Number(query.part ?? '1');
  const text = files[part - 1];
  if (text === undefined) {
    throw new TaxError(
      'INVALID_VALUE',
      files.length === 0
        ? 'format: the return has no supply to upload (the BZSt takes no zero lines); file a nil return in the portal.'
        : `part: the upload has ${files.length} file(s); ${part} is not one of them.`,
      { details: { field: files.length === 0 ? 'format' : 'part' } },
    );
  }
  return {
    text,
    headers: {
      'X-Taxkit-Draft': 'true',
      'X-Taxkit-Parts': String(files.length),
      'Content-Disposition': `attachment; filename="oss-${body.quarter}-part${part}-DRAFT.csv"`,
    },
  };
}

function supplyRow(
  scheme: OssReturn['scheme'],
  country: string,
  supply: OssReturn['member_states'][number]['supplies'][number],
): string {
  const amounts = [
    supply.rate_type,
    percentText(String(supply.rate)),
    euroText(supply.taxable_amount),
    euroText(supply.vat_amount),
  ];
  if (scheme === 'non_union' || supply.kind === 'services') return ['2', country, ...amounts].join(',');
  if (supply.dispatched_from === null) return ['3', country, ...amounts].join(',');
  const from = supply.dispatched_from === 'GR' ? 'EL' : supply.dispatched_from;
  // "1": not a supply an electronic interface is deemed to make (marketplace sales are left off the return).
  return ['5', country, '1', from, supply.dispatched_from_vat_number ?? '', '', ...amounts].join(',');
}
