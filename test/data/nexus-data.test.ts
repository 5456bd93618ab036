/**
 * The embedded economic nexus thresholds (data/nexus/): well formed, sourced, dated without
 * overlaps, covering every US state with a sales tax and the countries docs/nexus.md names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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

/** Puerto Rico's remote seller rule is not in the data yet (docs/nexus.md says so). */
const NOT_COVERED = new Set(['US-PR']);

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
    expect(['included', 'excluded']).toContain(rule.marketplace);
    expect(rule.source).toMatch(/^https:\/\/\S+ \(.+\)$/);
    if (rule.combine === 'amount_only') expect(rule.transactions).toBeNull();
    else expect(Number.isInteger(rule.transactions) && (rule.transactions as number) > 0).toBe(true);
    if (rule.jurisdiction.startsWith('US-')) expect(rule.currency).toBe('USD');
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
      (state) =>
        !NOT_COVERED.has(state) &&
        !none.has(state) &&
        !rules.some((rule) => rule.jurisdiction === state && inForce(rule, effective)),
    );
    expect(missing).toEqual([]);
    expect([...none].sort()).toEqual(['US-DE', 'US-MT', 'US-NH', 'US-OR']);
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
