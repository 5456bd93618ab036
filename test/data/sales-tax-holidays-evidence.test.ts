/**
 * Every embedded sales tax holiday (data/taxability/us-holidays.json) cites, for each field it
 * states, a source a reader can open, the date the source states and a sentence that supports
 * the field (issue 36): the dates quote names the holiday's month or the schedule, the cap quote
 * names the cap's amount, the items quotes name each item group. And the holidays cover every
 * state that held one in 2025 and 2026, less those docs/taxability.md lists as not included.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { holidayEvidenceFields } from '../../src/core/taxability/holiday-evidence-fields.ts';
import type { SourceQuote, TaxabilityRule, TaxabilityTable } from '../../src/core/taxability/taxability-rule.ts';

const table = JSON.parse(
  readFileSync(new URL('../../data/taxability/us-holidays.json', import.meta.url), 'utf8'),
) as TaxabilityTable;
const docs = readFileSync(new URL('../../docs/taxability.md', import.meta.url), 'utf8');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** What an items quote must mention for each category a holiday covers. */
const ITEM_WORDS: Readonly<Record<string, RegExp>> = {
  CLOTHING: /cloth|apparel|retail items|tangible personal property/i,
  CLOTHING_GENERAL: /cloth|apparel|retail items|tangible personal property/i,
  CLOTHING_CHILDREN: /cloth|apparel|retail items|tangible personal property/i,
  SCHOOL_SUPPLIES: /school (and art )?suppl|retail items|tangible personal property/i,
  COMPUTERS: /computer|laptop|electronic|retail items|tangible personal property/i,
  BOOKS_PRINTED: /book|tangible personal property/i,
  GENERAL_MERCHANDISE: /retail items|tangible personal property/i,
  FOOD_PREPARED: /meals|restaurant/i,
};

const label = (rule: TaxabilityRule) => `${rule.holiday?.name} ${rule.categories.join(',')}`;
const quotes = (rule: TaxabilityRule, field: string): readonly SourceQuote[] =>
  (rule.holiday?.evidence as Record<string, readonly SourceQuote[] | undefined> | undefined)?.[field] ?? [];
/** "$100" for a threshold of 10000 (under $100) or 10001 ($100 or less); "$1,500" for 150001. */
const capAmount = (thresholdMinor: number) => `$${Math.floor(thresholdMinor / 100).toLocaleString('en-US')}`;

describe('data/taxability/us-holidays.json evidence', () => {
  it.each(table.rules.map((rule) => [label(rule), rule] as const))(
    '%s: a quoted source for every field',
    (where, rule) => {
      for (const field of holidayEvidenceFields(rule)) {
        const cited = quotes(rule, field);
        expect(cited.length, `${where}: ${field}`).toBeGreaterThan(0);
        for (const quote of cited) {
          expect(quote.url, `${where}: ${field} url`).toMatch(/^https?:\/\/\S+$/);
          expect(quote.stated, `${where}: ${field} stated`).toMatch(/^(\d{4}(-\d{2}(-\d{2})?)?|undated)$/);
          expect(quote.quote.trim().length, `${where}: ${field} quote`).toBeGreaterThan(10);
        }
      }
      // The rule's own source is one of the sources it quotes for its dates.
      expect(quotes(rule, 'dates').map((quote) => quote.url)).toContain(rule.source);
    },
  );

  it.each(table.rules.map((rule) => [label(rule), rule] as const))(
    '%s: the quotes say what the rule says',
    (where, rule) => {
      const first = rule.from;
      const last = new Date(Date.parse(`${rule.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const months = [first, last].map((day) => MONTHS[Number(day.slice(5, 7)) - 1] as string);
      expect(
        quotes(rule, 'dates').some((quote) => months.some((month) => quote.quote.includes(month))),
        `${where}: a dates quote names ${months.join(' or ')}`,
      ).toBe(true);
      const items = quotes(rule, 'items').map((quote) => quote.quote);
      for (const category of rule.categories) {
        expect(
          items.some((text) => ITEM_WORDS[category]?.test(text)),
          `${where}: an items quote names ${category}`,
        ).toBe(true);
      }
      if ('thresholdMinor' in rule.treatment) {
        const amount = capAmount(rule.treatment.thresholdMinor);
        expect(
          quotes(rule, 'cap').some((quote) => quote.quote.includes(amount)),
          `${where}: a cap quote names ${amount}`,
        ).toBe(true);
      }
    },
  );

  it('has no "doubt" notes and no unread-source markers left in any rule', () => {
    for (const name of ['us.json', 'us-holidays.json', 'us-local.json', 'ca.json', 'vat-gst.json']) {
      const text = readFileSync(new URL(`../../data/taxability/${name}`, import.meta.url), 'utf8');
      expect(text, name).not.toMatch(/"doubt"/);
      // The marker the rules compiled without reading their sources carried until issue 36.
      expect(text, name).not.toMatch(/Not re-read online/);
    }
  });

  it('covers 2025 and 2026 for every state that held a holiday, less those the docs list as not included', () => {
    const held = ['AL', 'AR', 'CT', 'FL', 'IA', 'MA', 'MD', 'MO', 'MS', 'NM', 'OH', 'OK', 'SC', 'TN', 'TX', 'VA', 'WV'];
    const notIncluded = new Set(['US-MA 2026']);
    for (const state of held) {
      for (const year of ['2025', '2026']) {
        const key = `US-${state} ${year}`;
        const has = table.rules.some((rule) => rule.regions.includes(`US-${state}`) && rule.from.startsWith(year));
        if (notIncluded.has(key)) {
          expect(has, key).toBe(false);
          expect(docs, `docs/taxability.md says why ${key} is not included`).toMatch(/\*\*Massachusetts 2026\*\*/);
        } else expect(has, key).toBe(true);
      }
    }
  });
});
