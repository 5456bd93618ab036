import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The file without its comments, so documentation may name versions. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

describe('version rules live in the wire layer only', () => {
  const outside = filesUnder(srcDir).filter((file) => !relative(srcDir, file).startsWith('wire/'));

  it.each(outside.map((file) => [relative(srcDir, file), file]))(
    '%s names no API version and compares none',
    (_, file) => {
      const text = code(file);
      expect(text).not.toMatch(/['"`]20\d\d-\d\d-\d\d['"`]/);
      expect(text).not.toMatch(/\bisAtLeast\b/);
    },
  );
});

/** snake_case words in code (comments stripped): wire field names look like this. */
function snakeWords(file: string): string[] {
  return [...new Set(code(file).match(/\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g) ?? [])].sort();
}

/**
 * snake_case words the core may use because they are domain values, not wire field names: the
 * reasons a line is not taxed, the rule data's keys, the IP resolution modes and the platform roles.
 */
const DOMAIN_VALUES = new Set([
  'reverse_charge',
  'exempt_customer',
  'no_nexus',
  'automatic_tax_disabled',
  'exempt_below',
  'exempt_up_to',
  'rate_below',
  'ordered_and_paid',
  'not_stated',
  'best_effort',
  'payment_processor',
  // The id prefix of platform calculations (`calc_platform_…`), as the hosted API spells it.
  'calc_platform',
  // A national tax id check's verdict (core/tax-ids/check-national-tax-id.ts): failed check digits.
  'check_digits',
  // Registration schemes (core/registrations/registration-types.ts) and the nexus data's
  // values (data/nexus/, core/nexus/): how thresholds combine, their periods, whom they are for.
  'us_state_sales_tax',
  'us_state_retail_delivery_fee',
  'ca_gst_hst',
  'ca_qst',
  'ca_pst',
  'eu_oss_union',
  'eu_oss_non_union',
  'eu_ioss',
  // The OSS return's schemes and why a record is left off it (core/reports/oss-return.ts).
  'non_union',
  'outside_eu',
  'marketplace_facilitated',
  'business_customer',
  'not_taxed',
  'below_threshold',
  'not_in_scheme',
  'gb_vat',
  'no_voec',
  'ch_vat',
  'au_gst_simplified',
  'nz_gst_simplified',
  'sg_gst_ovr',
  'amount_only',
  'amount_or_transactions',
  'amount_and_transactions',
  'previous_calendar_year',
  'previous_or_current_calendar_year',
  'rolling_12_months',
  'preceding_four_quarters',
  'twelve_months_ending_september_30',
  'not_established',
  'no_sales_tax',
  // Exemption certificates (core/exemptions/): the id prefix of certificate requests, a
  // certificate status and two Streamlined Sales Tax reason codes, as the interface spells them.
  'cert_req',
  'needs_info',
  'direct_pay',
  'industrial_production',
  // The filing rule's days ('sale' | 'period_end') and why a sale's conversion is pending.
  'period_end',
  'rate_missing',
  // A per-order fee's condition (core/order-fees/, data/order-fees/): due when any line is taxed.
  'any_taxable_item',
]);

/**
 * Wire field names still written in core messages, file by file, until those errors are keyed
 * (`keyedError`) and mapped by the wire layer. The list may only shrink: a new name in a core
 * file fails, and so does a listed name that is gone (take it off the list).
 */
const CORE_WIRE_NAMES_LEFT: Readonly<Record<string, readonly string[]>> = {
  // The note of a calculation made with automatic_tax disabled names the request's setting.
  'core/calculate-lines.ts': ['automatic_tax'],
  'core/location/resolve-address.ts': ['address_province', 'address_zip_code'],
};

describe('wire field names live in the wire layer only', () => {
  const operations = filesUnder(join(srcDir, 'operations'));
  const core = filesUnder(join(srcDir, 'core'));

  it('finds the engine operations', () => {
    expect(operations.length).toBeGreaterThan(3);
  });

  it.each(operations.map((file) => [relative(srcDir, file), file]))(
    '%s names no wire field and imports nothing of the wire layer or the transports',
    (_, file) => {
      expect(snakeWords(file).filter((word) => !DOMAIN_VALUES.has(word))).toEqual([]);
      expect(code(file)).not.toMatch(/from '\.\.\/(wire|http|api)\//);
      expect(code(file)).not.toMatch(/['"`]20\d\d-\d\d-\d\d['"`]/);
    },
  );

  it.each(core.map((file) => [relative(srcDir, file), file]))(
    '%s names no wire field it did not before',
    (name, file) => {
      const words = snakeWords(file).filter((word) => !DOMAIN_VALUES.has(word));
      expect(words).toEqual([...(CORE_WIRE_NAMES_LEFT[name] ?? [])].sort());
    },
  );

  // The operation table itself is left out: its rows carry the HTTP summaries and doc
  // comments, which name wire fields, as the route table they replaced did.
  const facade = [
    ...filesUnder(join(srcDir, 'api')).filter((file) => !file.endsWith('operation-table.ts')),
    join(srcDir, 'engine.ts'),
    join(srcDir, 'engine-deps.ts'),
  ];

  it.each(facade.map((file) => [relative(srcDir, file), file]))(
    '%s names no wire field: it hands bodies from the wire layer to an operation and back',
    (_, file) => {
      expect(snakeWords(file)).toEqual([]);
    },
  );

  it('the calculation operations take domain input: no zod schema or wire type reaches them', () => {
    for (const file of operations) expect(code(file), relative(srcDir, file)).not.toMatch(/\bzod\b|\bWire[A-Z]/);
  });

  it('the core imports nothing of the wire layer, the operations or the transports', () => {
    for (const file of core)
      expect(code(file), relative(srcDir, file)).not.toMatch(/from '(\.\.\/)+(wire|operations|http|api)\//);
  });
});
