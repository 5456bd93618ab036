/**
 * docs/taxability.md shows, for every US state, Canadian province and country taxkit covers,
 * which rule the embedded data applies to the common consumer categories on one date. The
 * tables are generated from data/taxability/*.json; this test checks them. After changing the
 * rules, regenerate with `UPDATE_DOCS=1 npx vitest run test/docs/taxability-coverage.test.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DOC = new URL('../../docs/taxability.md', import.meta.url);
/** The date the tables describe: rules in force that day. */
const AS_OF = '2026-11-24';

interface Rule {
  readonly regions: readonly string[];
  readonly categories: readonly string[];
  readonly from: string;
  readonly to?: string;
  readonly jurisdictions?: unknown;
  readonly customers?: readonly string[];
  readonly treatment: {
    readonly kind: string;
    readonly rate?: string;
    readonly fraction?: string;
    readonly thresholdMinor?: number;
  };
}

function rulesOf(file: string): Rule[] {
  const table = JSON.parse(readFileSync(new URL(`../../data/taxability/${file}`, import.meta.url), 'utf8'));
  // Rules scoped to some local jurisdictions are not the region's own treatment; the table is
  // for a consumer, so a rule for businesses only is left out and one for consumers comes first.
  const rules = (table.rules as Rule[]).filter(
    (rule) => rule.jurisdictions === undefined && (rule.customers?.includes('CONSUMER') ?? true),
  );
  return [
    ...rules.filter((rule) => rule.customers !== undefined),
    ...rules.filter((rule) => rule.customers === undefined),
  ];
}

const percent = (decimal: string) => `${Number((Number(decimal) * 100).toFixed(4))} %`;

/** One cell: the treatment in force on {@link AS_OF}, or `–` where no rule applies (the general rate). */
function cell(rules: readonly Rule[], region: string, category: string): string {
  const rule = rules.find(
    (each) =>
      each.regions.includes(region) &&
      each.categories.includes(category) &&
      each.from <= AS_OF &&
      (each.to === undefined || AS_OF < each.to),
  );
  if (rule === undefined) return '–';
  const { kind, rate, fraction, thresholdMinor } = rule.treatment;
  switch (kind) {
    case 'exempt':
      return 'exempt';
    case 'taxable':
      return 'taxable';
    case 'rate':
      return Number(rate) === 0 ? '0 %' : percent(rate ?? '0');
    case 'partial':
      return `${percent(fraction ?? '0')} of the price`;
    case 'exempt_below':
      return `exempt under ${(thresholdMinor ?? 0) / 100}`;
    case 'exempt_up_to':
      return `taxed above ${(thresholdMinor ?? 0) / 100}`;
    case 'rate_below':
      // A threshold of 401 is "$4.00 or less".
      return `${percent(rate ?? '0')} up to ${((thresholdMinor ?? 0) - 1) / 100}`;
    default:
      throw new Error(`unknown rule kind ${kind}`);
  }
}

function table(rules: readonly Rule[], regions: readonly string[], columns: readonly [string, string][]): string {
  const header = `| | ${columns.map(([, title]) => title).join(' | ')} |`;
  const rule = `| --- | ${columns.map(() => '---').join(' | ')} |`;
  const rows = regions.map(
    (region) => `| ${region} | ${columns.map(([category]) => cell(rules, region, category)).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(
    ' ',
  );
const PROVINCES = 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ');
const COUNTRIES =
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK GB NO CH AU NZ SG'.split(' ');

const TABLES: Record<string, () => string> = {
  us: () =>
    table(
      rulesOf('us.json'),
      US_STATES.map((state) => `US-${state}`),
      [
        ['FOOD_GENERAL', 'groceries'],
        ['CLOTHING_GENERAL', 'clothing'],
        ['SAAS_GENERAL', 'SaaS'],
        ['SOFTWARE_DOWNLOAD', 'software download'],
        ['DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD', 'downloaded music'],
        ['DIGITAL_AUDIO_STREAMED', 'streamed audio'],
        ['BOOKS_DIGITAL', 'e-books'],
        ['SHIPPING', 'shipping'],
        ['GIFT_CARDS', 'gift cards'],
        ['SERVICES_GENERAL', 'services'],
        ['CIGARETTE_PACK', 'cigarettes'],
        ['VAPOR_NICOTINE', 'vapor'],
        ['MEDICINES_NONPRESCRIPTION', 'OTC medicines'],
      ],
    ),
  ca: () =>
    table(
      rulesOf('ca.json'),
      ['CA', ...PROVINCES.map((province) => `CA-${province}`)],
      [
        ['FOOD_GENERAL', 'groceries'],
        ['FOOD_PREPARED', 'restaurant food'],
        ['CLOTHING_CHILDREN', "children's clothing"],
        ['BOOKS_PRINTED', 'books'],
        ['NEWSPAPERS_PRINTED', 'newspapers'],
        ['MEDICINES_PRESCRIPTION', 'prescription medicines'],
      ],
    ),
  vat: () =>
    table(rulesOf('vat-gst.json'), COUNTRIES, [
      ['FOOD_GENERAL', 'food'],
      ['BOOKS_PRINTED', 'books'],
      ['BOOKS_DIGITAL', 'e-books'],
      ['NEWSPAPERS_PRINTED', 'newspapers'],
      ['CLOTHING_CHILDREN', "children's clothing"],
      ['PASSENGER_TRANSPORT', 'passenger transport'],
      ['MEDICINES_PRESCRIPTION', 'prescription medicines'],
      ['SAAS_GENERAL', 'SaaS'],
    ]),
};

const markers = (name: string) =>
  [
    `<!-- taxability-coverage:${name}:begin (generated from data/taxability, test/docs/taxability-coverage.test.ts) -->`,
    `<!-- taxability-coverage:${name}:end -->`,
  ] as const;

/** A markdown table as its cells, so prettier's column padding does not count. */
function cells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((text) => text.trim()),
    );
}

describe('docs/taxability.md coverage tables', () => {
  it.each(Object.keys(TABLES))('the %s table is what the data says on the stated date', (name) => {
    const text = readFileSync(DOC, 'utf8');
    const [begin, end] = markers(name);
    const start = text.indexOf(begin);
    const stop = text.indexOf(end);
    expect(start, `docs/taxability.md has the generated ${name} table`).toBeGreaterThan(0);
    const current = text.slice(start + begin.length, stop).trim();
    const expected = (TABLES[name] as () => string)();
    if (process.env.UPDATE_DOCS === '1' && JSON.stringify(cells(current)) !== JSON.stringify(cells(expected))) {
      writeFileSync(DOC, `${text.slice(0, start + begin.length)}\n\n${expected}\n\n${text.slice(stop)}`);
      return;
    }
    expect(cells(current)).toEqual(cells(expected));
  });

  it('the doc says which date the tables describe', () => {
    expect(readFileSync(DOC, 'utf8')).toContain(`rules in force on ${AS_OF}`);
  });
});
