/**
 * The compact JSON form of a calculation, which SQLite rows of earlier versions hold as text
 * (with the keyed JSON of `JSON.stringify(calculation)` in rows older still): one JSON array
 * per calculation, positional instead of keyed, in which each jurisdiction's fixed part (name,
 * authority, rate, note…) is written once per calculation however many lines it taxes. The
 * array starts with the format version and `expiresAt`.
 *
 * No store writes it any more: the migration of calculation bodies
 * (`migrate-calculation-bodies.ts`) reads such rows once and rewrites them in the one format
 * of `calculation-codec.ts`. The encoder stays beside the decoder so that the tests can write a
 * file as those versions did, and check the round trip both ways.
 *
 * @module
 */
import type {
  Address,
  Calculation,
  CalculationCustomer,
  JurisdictionTax,
  LocationUsed,
  Metadata,
  TaxId,
  TaxLine,
} from '../../src/core/types.ts';
import { jurisdictionTax, type Template, templateIndex } from '../shared/calculation-template.ts';

/** The first element of every compact calculation. */
const FORMAT = 1;

/**
 * A calculation in compact form: `head` holds everything but the jurisdictions' fixed parts,
 * which are in `templates` ({@link compactText} joins them into the one text a row held).
 */
export interface CompactCalculation {
  readonly head: string;
  readonly templates: string;
}

/**
 * The compact form of `calculation`. Its strings are fresh: later changes to `calculation` do
 * not reach them, so a store needs no other copy.
 */
export function toCompactCalculation(calculation: Calculation): CompactCalculation {
  const templates: Template[] = [];
  const { customer, location, platform } = calculation;
  const head = JSON.stringify([
    FORMAT,
    calculation.expiresAt,
    calculation.id,
    calculation.kind,
    calculation.createdAt,
    calculation.currency,
    calculation.taxIncluded,
    calculation.automaticTax,
    [
      customer.type,
      customer.customerId ?? null,
      customer.taxIds.map(taxIdRow),
      customer.isTaxExempt,
      // VAT number checks (issue 9); absent from rows written before taxkit checked numbers.
      customer.taxIdChecks === undefined
        ? null
        : customer.taxIdChecks.map((check) => [
            check.value,
            check.plausible,
            check.country ?? null,
            check.reason ?? null,
          ]),
    ],
    encodeLines(calculation.lines, templates),
    calculation.totalTaxMinor,
    calculation.totalExcludingTaxMinor,
    calculation.totalIncludingTaxMinor,
    [addressRow(location.address), location.status, location.precision ?? null, location.source],
    calculation.origin === undefined ? null : addressRow(calculation.origin),
    calculation.metadata,
    // The rate facts replay needs, in one slot (a bare snapshot string in records made before
    // taxkit kept the sale's date and rate keys).
    [calculation.rateSnapshot, calculation.taxDate ?? null, calculation.rateKeys ?? null],
    platform === undefined
      ? null
      : [platform.merchantId, platform.referenceMerchantId, platform.roles, encodeLines(platform.feeLines, templates)],
  ]);
  return { head, templates: JSON.stringify(templates) };
}

/** One text for both parts, as a column stores it: the head's array with the templates appended. */
export function compactText(compact: CompactCalculation): string {
  return `${compact.head.slice(0, -1)},${compact.templates}]`;
}

/** The calculation a compact form (or its {@link compactText}) holds, as a new object. */
export function fromCompactCalculation(compact: CompactCalculation | string): Calculation {
  const row = JSON.parse(typeof compact === 'string' ? compact : compact.head) as unknown[];
  if (row[0] !== FORMAT) throw new Error(`Unknown compact calculation format ${String(row[0])}.`);
  const templates = (typeof compact === 'string' ? row[18] : JSON.parse(compact.templates)) as readonly Template[];
  const [type, customerId, taxIds, isTaxExempt, taxIdChecks = null] = row[8] as [
    CalculationCustomer['type'],
    string | null,
    [string, string][],
    boolean,
    [string, boolean, string | null, string | null][] | null | undefined,
  ];
  const [address, status, precision, source] = row[13] as [
    AddressRow,
    LocationUsed['status'],
    NonNullable<LocationUsed['precision']> | null,
    LocationUsed['source'],
  ];
  const origin = row[14] as AddressRow | null;
  const platform = row[17] as [string, string, string[], LineRow[]] | null;
  const [rateSnapshot, taxDate, rateKeys] = (typeof row[16] === 'string' ? [row[16], null, null] : row[16]) as [
    string,
    number | null,
    string[] | null,
  ];
  return {
    id: row[2] as string,
    kind: row[3] as Calculation['kind'],
    createdAt: row[4] as number,
    expiresAt: row[1] as number,
    currency: row[5] as string,
    taxIncluded: row[6] as boolean,
    automaticTax: row[7] as Calculation['automaticTax'],
    customer: {
      type,
      ...(customerId === null ? {} : { customerId }),
      taxIds: taxIds.map(([idType, value]) => ({ type: idType, value })),
      isTaxExempt,
      ...(taxIdChecks === null
        ? {}
        : {
            taxIdChecks: taxIdChecks.map(([value, plausible, country, reason]) => ({
              value,
              plausible,
              ...(country === null ? {} : { country }),
              ...(reason === null ? {} : { reason }),
            })),
          }),
    },
    lines: decodeLines(row[9] as LineRow[], templates),
    totalTaxMinor: row[10] as number,
    totalExcludingTaxMinor: row[11] as number,
    totalIncludingTaxMinor: row[12] as number,
    // A zero answer that resolved nothing has no precision (stored as null).
    location: { address: toAddress(address), status, ...(precision === null ? {} : { precision }), source },
    ...(origin === null ? {} : { origin: toAddress(origin) }),
    metadata: row[15] as Metadata,
    rateSnapshot,
    ...(taxDate === null ? {} : { taxDate }),
    ...(rateKeys === null ? {} : { rateKeys }),
    ...(platform === null
      ? {}
      : {
          platform: {
            merchantId: platform[0],
            referenceMerchantId: platform[1],
            roles: platform[2],
            feeLines: decodeLines(platform[3], templates),
          },
        }),
  };
}

type AddressRow = [string, string, string, string, string, string];
/** A line; its jurisdictions flattened as (template index, taxDue, taxMinor) triples. */
type LineRow = [string, string, string, string, string, number, number, number, number, (string | number)[]];

function addressRow(address: Address): AddressRow {
  return [address.line1, address.line2, address.city, address.province, address.postalCode, address.country];
}

function toAddress([line1, line2, city, province, postalCode, country]: AddressRow): Address {
  return { line1, line2, city, province, postalCode, country };
}

function taxIdRow(taxId: TaxId): [string, string] {
  return [taxId.type, taxId.value];
}

function encodeLines(lines: readonly TaxLine[], templates: Template[]): LineRow[] {
  return lines.map((line) => {
    const parts: (string | number)[] = [];
    for (const tax of line.jurisdictions) parts.push(templateIndex(tax, templates), tax.taxDue, tax.taxMinor);
    return [
      line.lineItemId,
      line.referenceLineItemId,
      line.referenceProductId,
      line.productName,
      line.productTaxCode,
      line.quantity,
      line.amountExcludingTaxMinor,
      line.taxMinor,
      line.amountIncludingTaxMinor,
      parts,
    ];
  });
}

function decodeLines(rows: readonly LineRow[], templates: readonly Template[]): TaxLine[] {
  return rows.map((row) => {
    const parts = row[9];
    const jurisdictions: JurisdictionTax[] = [];
    for (let index = 0; index < parts.length; index += 3) {
      jurisdictions.push(
        jurisdictionTax(templates, parts[index] as number, parts[index + 1] as string, parts[index + 2] as number),
      );
    }
    return {
      lineItemId: row[0],
      referenceLineItemId: row[1],
      referenceProductId: row[2],
      productName: row[3],
      productTaxCode: row[4],
      quantity: row[5],
      amountExcludingTaxMinor: row[6],
      taxMinor: row[7],
      amountIncludingTaxMinor: row[8],
      jurisdictions,
    };
  });
}
