/**
 * The embedded economic nexus thresholds (data/nexus/): well formed, every stated field backed by
 * a dated quote, dated without overlaps, covering every US state with a sales tax from 2019 on
 * and the countries docs/nexus.md names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statedFields } from '../../src/core/nexus/check-nexus-rule-table.ts';
import type { NexusRule, NexusRuleTable } from '../../src/core/nexus/nexus-rule.ts';
import { DEFAULT_NEXUS_FILES, loadDefaultNexusRules } from '../../src/defaults/load-default-nexus-rules.ts';

const tables = loadDefaultNexusRules();
const rules = tables.flatMap((table) => table.rules);
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const PERIODS = [
  'previous_calendar_year',
  'previous_or_current_calendar_year',
  'rolling_12_months',
  'preceding_four_quarters',
  'twelve_months_ending_september_30',
];

function inForce(rule: NexusRule, date: string): boolean {
  return rule.from <= date && (rule.to === undefined || date < rule.to);
}

describe('data/nexus', () => {
  it.each(DEFAULT_NEXUS_FILES.map((file, index) => [file, tables[index] as NexusRuleTable]))(
    '%s names its source, effective date and licence',
    (_, table) => {
      expect(table.name).not.toBe('');
      expect(table.source).not.toBe('');
      expect(table.effectiveDate).toMatch(ISO);
      expect(table.license).toMatch(/^MIT/);
    },
  );

  it.each(
    rules.map((rule) => [`${rule.jurisdiction} from ${rule.from}${rule.sellers ? ` (${rule.sellers})` : ''}`, rule]),
  )('%s is well formed and sourced', (_, rule) => {
    expect(rule.jurisdiction).toMatch(/^(US-[A-Z]{2}|[A-Z]{2}|EU)$/);
    expect(rule.from).toMatch(ISO);
    if (rule.to !== undefined) expect(rule.to > rule.from).toBe(true);
    expect(rule.currency).toMatch(/^[A-Z]{3}$/);
    expect(Number.isSafeInteger(rule.amountMinor) && rule.amountMinor >= 0).toBe(true);
    expect(PERIODS).toContain(rule.period);
    expect(['gross', 'retail', 'taxable', 'consumer']).toContain(rule.basis);
    expect(['included', 'excluded', 'unstated']).toContain(rule.marketplace);
    expect(rule.source).toMatch(/^https:\/\/\S+ \(.+\)$/);
    if (rule.combine === 'amount_only') expect(rule.transactions).toBeNull();
    else expect(Number.isInteger(rule.transactions) && (rule.transactions as number) > 0).toBe(true);
    if (rule.jurisdiction.startsWith('US-')) expect(rule.currency).toBe('USD');
  });

  it.each(
    rules.map((rule) => [`${rule.jurisdiction} from ${rule.from}${rule.sellers ? ` (${rule.sellers})` : ''}`, rule]),
  )('%s cites a dated quote for every field it states', (_, rule) => {
    for (const field of statedFields(rule)) {
      const quotes = rule.evidence.filter((each) => each.fields.includes(field));
      expect(quotes.length, `${rule.jurisdiction} ${rule.from}: ${field}`).toBeGreaterThan(0);
      for (const each of quotes) {
        expect(each.quote.trim().length, `${rule.jurisdiction} ${field}`).toBeGreaterThanOrEqual(10);
        expect(each.source).toMatch(/^https?:\/\/\S+$/);
        expect(each.sourceDate).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      }
    }
    // Uncertainty names a field and says why; the old free-text "doubt" is gone.
    expect(Object.hasOwn(rule, 'doubt')).toBe(false);
    for (const note of [...(rule.uncertain ?? []), ...(rule.disagreements ?? [])]) {
      expect(note.note.length).toBeGreaterThan(10);
    }
  });

  it('never has two rules for one jurisdiction and kind of seller in force on the same day', () => {
    const groups = new Map<string, NexusRule[]>();
    for (const rule of rules) {
      const key = `${rule.jurisdiction}|${rule.sellers ?? 'all'}`;
      groups.set(key, [...(groups.get(key) ?? []), rule]);
    }
    for (const [key, group] of groups) {
      const sorted = group.toSorted((a, b) => (a.from < b.from ? -1 : 1));
      for (let index = 1; index < sorted.length; index += 1) {
        const before = sorted[index - 1] as NexusRule;
        expect(before.to, `${key}: ${before.from} has no end before ${sorted[index]?.from}`).toBeDefined();
        expect((before.to as string) <= (sorted[index] as NexusRule).from, key).toBe(true);
      }
    }
  });

  it('covers every US state and DC with a state rate, or says it has no sales tax', () => {
    const states = JSON.parse(readFileSync(new URL('../../data/rates/us-states.json', import.meta.url), 'utf8'))
      .jurisdictions.map((jurisdiction: { id: string }) => jurisdiction.id)
      // Utah's and Virginia's statewide local add-ons are rates of the state's own sales tax.
      .filter((id: string) => /^US-[A-Z]{2}$/.test(id)) as string[];
    const none = new Set(tables.flatMap((table) => table.noSalesTax ?? []).map((place) => place.jurisdiction));
    const effective = tables[0]?.effectiveDate as string;
    const missing = states.filter(
      (state) => !none.has(state) && !rules.some((rule) => rule.jurisdiction === state && inForce(rule, effective)),
    );
    expect(missing).toEqual([]);
    expect([...none].sort()).toEqual(['US-DE', 'US-MT', 'US-NH', 'US-OR']);
  });

  it('has, for every US state with a rule today, a rule in force on every day since 2022 with no gaps', () => {
    // Florida (2021-07-01) and Missouri (2023-01-01) were the last states to adopt a threshold.
    const late: Readonly<Record<string, string>> = { 'US-MO': '2023-01-01' };
    const today = tables[0]?.effectiveDate as string;
    const states = [...new Set(rules.filter((r) => r.jurisdiction.startsWith('US-')).map((r) => r.jurisdiction))];
    for (const state of states) {
      const own = rules.filter((rule) => rule.jurisdiction === state).toSorted((a, b) => (a.from < b.from ? -1 : 1));
      const start = late[state] ?? '2022-01-01';
      const first = (own[0] as NexusRule).from;
      expect(first <= start, `${state} starts ${first}`).toBe(true);
      for (let index = 1; index < own.length; index += 1) {
        expect(own[index - 1]?.to, `${state}: a gap before ${own[index]?.from}`).toBe(own[index]?.from);
      }
      expect(own.at(-1)?.to === undefined || (own.at(-1)?.to as string) > today, state).toBe(true);
    }
  });

  it.each([
    // The known errors an independent check found, as the states' texts date them.
    ['US-KY', '2026-08-01', 'amount_only'],
    ['US-KY', '2026-07-31', 'amount_or_transactions'],
    ['US-IN', '2024-01-01', 'amount_only'],
    ['US-IN', '2023-12-31', 'amount_or_transactions'],
    ['US-IL', '2026-01-01', 'amount_only'],
    ['US-WY', '2024-07-01', 'amount_only'],
  ])('%s on %s: %s', (jurisdiction, date, combine) => {
    expect(rules.find((rule) => rule.jurisdiction === jurisdiction && inForce(rule, date))?.combine).toBe(combine);
  });

  it.each([
    ['2019-12-31', 20_000_000],
    ['2020-06-30', 15_000_000],
    ['2021-01-01', 10_000_000],
  ])("steps Arizona's amount down by calendar year (%s: %i)", (date, amountMinor) => {
    expect(rules.find((rule) => rule.jurisdiction === 'US-AZ' && inForce(rule, date))?.amountMinor).toBe(amountMinor);
  });

  it.each([
    ['EU', 'established', 'EUR', 1_000_000],
    ['EU', 'not_established', 'EUR', 0],
    ['CA', 'all', 'CAD', 3_000_000],
    ['AU', 'all', 'AUD', 7_500_000],
    ['NZ', 'all', 'NZD', 6_000_000],
    ['NO', 'all', 'NOK', 5_000_000],
    ['CH', 'all', 'CHF', 10_000_000],
    ['GB', 'not_established', 'GBP', 0],
  ])('%s (%s sellers): %s %i in minor units', (jurisdiction, sellers, currency, amountMinor) => {
    const rule = rules.find(
      (candidate) =>
        candidate.jurisdiction === jurisdiction &&
        (candidate.sellers ?? 'all') === sellers &&
        inForce(candidate, '2026-11-26'),
    );
    expect(rule).toMatchObject({ currency, amountMinor });
  });

  it("measures Switzerland's threshold on worldwide sales", () => {
    expect(rules.find((rule) => rule.jurisdiction === 'CH')?.scope).toBe('worldwide');
  });
});
