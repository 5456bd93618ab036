/**
 * docs/product-tax-codes.md lists every code of data/product-tax-codes/ in a table generated
 * from the data; this test checks the table is up to date. After changing the data, regenerate with
 * `UPDATE_DOCS=1 npx vitest run test/docs/product-tax-codes-table.test.ts`.
 */
import { describe, it } from 'vitest';
import { loadDefaultProductTaxCodes } from '../../src/defaults/load-default-product-tax-codes.ts';
import { expectGeneratedTable } from '../helpers/generated-table.ts';

const DOC = new URL('../../docs/product-tax-codes.md', import.meta.url);
const BEGIN =
  '<!-- product-tax-codes:begin (generated from data/product-tax-codes, test/docs/product-tax-codes-table.test.ts) -->';
const END = '<!-- product-tax-codes:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The generated table: one row per code, by vendor as the data lists them. */
function table(): string {
  const { vendors, codes } = loadDefaultProductTaxCodes().table;
  const names = new Map(vendors.map((vendor) => [vendor.id, vendor.name]));
  const rows = codes.map((entry) =>
    [
      `\`${entry.code}\``,
      names.get(entry.vendor) ?? entry.vendor,
      cell(`${entry.name}: ${entry.description}`),
      entry.category === null ? '— (general rate)' : `\`${entry.category}\``,
      cell(entry.why ?? ''),
    ].join(' | '),
  );
  const header =
    "| Code | Vendor | The vendor's name and description | taxkit category | Why |\n| --- | --- | --- | --- | --- |";
  return [header, ...rows.map((row) => `| ${row} |`)].join('\n');
}

describe('docs/product-tax-codes.md', () => {
  it('lists every code of the crosswalk as the data says', () => {
    expectGeneratedTable(DOC, BEGIN, END, table());
  });
});
