/**
 * docs/taxability.md lists every embedded sales tax holiday (data/taxability/us-holidays.json)
 * in a table generated from the data; this test checks it. After changing the holidays,
 * regenerate with `UPDATE_DOCS=1 npx vitest run test/docs/sales-tax-holidays-table.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { parseDay } from '../../src/core/rates/day-number.ts';
import { formatDay } from '../../src/core/rates/format-day.ts';
import type { TaxabilityRule, TaxabilityTable, Treatment } from '../../src/core/taxability/taxability-rule.ts';
import { expectGeneratedTable } from '../helpers/generated-table.ts';

const DOC = new URL('../../docs/taxability.md', import.meta.url);
const BEGIN =
  '<!-- sales-tax-holidays:begin (generated from data/taxability/us-holidays.json, test/docs/sales-tax-holidays-table.test.ts) -->';
const END = '<!-- sales-tax-holidays:end -->';

const table = JSON.parse(
  readFileSync(new URL('../../data/taxability/us-holidays.json', import.meta.url), 'utf8'),
) as TaxabilityTable;

const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  CLOTHING: 'clothing',
  CLOTHING_GENERAL: 'clothing',
  CLOTHING_CHILDREN: 'clothing',
  SCHOOL_SUPPLIES: 'school supplies',
  COMPUTERS: 'computers',
  BOOKS_PRINTED: 'books',
  GENERAL_MERCHANDISE: 'most goods',
  FOOD_PREPARED: 'dine-in meals',
};

const dollars = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 0 })}`;

/** The cap as the state words it: a threshold of 10001 is "$100 or less", of 10000 "under $100". */
function cap(treatment: Treatment): string {
  if (treatment.kind === 'exempt') return 'no cap';
  if (treatment.kind !== 'exempt_below') throw new Error(`a holiday of kind ${treatment.kind}`);
  const threshold = treatment.thresholdMinor;
  return threshold % 100 === 1 ? `${dollars(threshold - 1)} or less` : `under ${dollars(threshold)}`;
}

const REMOTE: Readonly<Record<string, string>> = {
  ordered_and_paid: 'ordered and paid for during it',
  delivered: 'delivered during it',
  not_stated: 'not stated',
};

function row(rule: TaxabilityRule): string {
  const last = formatDay(parseDay(rule.to as string) - 1);
  const categories = [...new Set(rule.categories.map((category) => CATEGORY_NAMES[category] ?? category))].join(', ');
  const stateOnly = rule.local !== undefined && rule.local !== 'follow' && rule.local.kind === 'taxable';
  return `| ${rule.regions.join(', ')} | ${rule.holiday?.name} | ${rule.from} to ${last} | ${categories} | ${cap(rule.treatment)} | ${stateOnly ? 'no: state tax only' : 'yes'} | ${REMOTE[rule.holiday?.remoteSales ?? 'not_stated']} |`;
}

function generated(): string {
  return [
    '| state | holiday | dates | items | per-item cap | local taxes too | remote order qualifies if |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...table.rules.map(row),
  ].join('\n');
}

describe('docs/taxability.md sales tax holidays table', () => {
  it('is what data/taxability/us-holidays.json says', () => {
    expectGeneratedTable(DOC, BEGIN, END, generated());
  });
});
