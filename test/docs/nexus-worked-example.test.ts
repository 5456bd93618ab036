/**
 * docs/nexus.md's worked example, recomputed from data/nexus: the rules it describes are the
 * ones in force on its date (Indiana's dropped count dated as the data dates it), and its
 * figures — the amounts measured, the thresholds, the percentages and Indiana's crossing day —
 * follow from those rules and the example's sales. test/cli/nexus-cli.test.ts runs the example
 * end to end; this test keeps the prose from drifting when the data changes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unixOfIsoDay } from '../../src/core/nexus/civil-date.ts';
import { createRunningMeasure, type NexusEvent } from '../../src/core/nexus/measure-threshold.ts';
import { measuringPeriods } from '../../src/core/nexus/measuring-periods.ts';
import type { NexusRule } from '../../src/core/nexus/nexus-rule.ts';
import { describeRule } from '../../src/core/nexus/nexus-status.ts';
import { loadDefaultNexusRules } from '../../src/defaults/load-default-nexus-rules.ts';

const AT = '2025-12-31';
const text = readFileSync(new URL('../../docs/nexus.md', import.meta.url), 'utf8');
const flat = (markdown: string) => markdown.replace(/\s+/g, ' ');
const rules = loadDefaultNexusRules().flatMap((table) => table.rules);

function inForce(jurisdiction: string, date: string): NexusRule {
  const rule = rules.find(
    (r) => r.jurisdiction === jurisdiction && r.from <= date && (r.to === undefined || date < r.to),
  );
  if (rule === undefined) throw new Error(`no ${jurisdiction} rule on ${date}`);
  return rule;
}

/** The example's sales: one a month on the 15th, through 2025. */
function monthly(amountMajor: number): NexusEvent[] {
  return Array.from({ length: 12 }, (_, month) => ({
    at: unixOfIsoDay(`2025-${String(month + 1).padStart(2, '0')}-15`),
    id: `sale-${month + 1}`,
    amountMinor: amountMajor * 100,
    count: 1 as const,
  }));
}

const money = (minor: number) => `USD ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function measured(jurisdiction: string, amountMajor: number) {
  const rule = inForce(jurisdiction, AT);
  const periods = measuringPeriods(rule, unixOfIsoDay(AT) + 86_399);
  const current = periods.at(-1);
  if (current === undefined) throw new Error('no period');
  const running = createRunningMeasure(rule, current);
  for (const event of monthly(amountMajor)) running.add(event);
  return { rule, measure: running.result() };
}

describe("docs/nexus.md's worked example", () => {
  const begin = text.indexOf('<!-- nexus-example:begin');
  const end = text.indexOf('<!-- nexus-example:end -->');
  const prose = flat(text.slice(begin, end));

  it('describes the rules in force on its date as the data states them', () => {
    expect(begin).toBeGreaterThan(-1);
    const indiana = inForce('US-IN', AT);
    const before = rules.find((r) => r.jurisdiction === 'US-IN' && r.to === indiana.from);
    // The count was dropped by the rule now in force: the date it took effect is the rule's start.
    expect(indiana.transactions).toBeNull();
    expect(before?.transactions).not.toBeNull();
    expect(prose).toContain(
      `Indiana's rule in force on ${AT} is ${describeRule(indiana)}, with no transaction count since ${indiana.from}`,
    );
    expect(prose).toContain(`Washington's is ${describeRule(inForce('US-WA', AT))}`);
    expect(prose).toContain(`California's is ${describeRule(inForce('US-CA', AT))}`);
  });

  it.each([
    ['US-IN', 'EXCEEDED', 10_000],
    ['US-WA', 'APPROACHING', 7_000],
    ['US-CA', 'REGISTERED', 5_000],
  ])('shows %s %s with the amount, threshold and share the data gives', (jurisdiction, status, perMonth) => {
    const { rule, measure } = measured(jurisdiction, perMonth);
    const percent = Math.floor(measure.progress * 100);
    const line = `${jurisdiction} ${status} ${money(measure.amountMinor)} of ${money(rule.amountMinor)} (${percent} %)`;
    expect(flat(text)).toContain(line);
  });

  it("dates Indiana's crossing as the data's threshold does", () => {
    const { measure } = measured('US-IN', 10_000);
    const day = new Date((measure.crossedAt as number) * 1000).toISOString().slice(0, 10);
    expect(day).toBe('2025-10-15');
    expect(flat(text)).toContain(`crossed on ${day}`);
    expect(prose).toContain(`the tenth $10,000 sale, on ${day}`);
  });
});
