/**
 * The loader's check of a threshold file: a rule that states a field no quote supports is
 * refused, naming the file, the rule and the field; a rule with 'unstated' marketplace treatment
 * needs no quote for it.
 */
import { describe, expect, it } from 'vitest';
import { checkNexusRuleTable, statedFields } from '../../../src/core/nexus/check-nexus-rule-table.ts';
import type { NexusEvidence, NexusRule, NexusRuleTable } from '../../../src/core/nexus/nexus-rule.ts';
import { TaxError } from '../../../src/core/errors.ts';

const quote = (fields: NexusEvidence['fields']): NexusEvidence => ({
  fields,
  quote: 'remote sellers with more than $100,000 in sales in the current or previous calendar year',
  source: 'https://example.test/state-page',
  sourceDate: '2024-03',
});

function rule(overrides: Partial<NexusRule> = {}): NexusRule {
  return {
    jurisdiction: 'US-IN',
    name: 'Indiana',
    from: '2018-10-01',
    to: '2024-01-01',
    currency: 'USD',
    amountMinor: 10_000_000,
    transactions: 200,
    combine: 'amount_or_transactions',
    period: 'previous_or_current_calendar_year',
    basis: 'gross',
    marketplace: 'excluded',
    source: 'https://example.test/state-page (IC 6-2.5-2-1)',
    evidence: [quote(['from', 'to', 'amount', 'transactions', 'period', 'basis', 'marketplace'])],
    ...overrides,
  };
}

const table = (rules: NexusRule[]): NexusRuleTable => ({
  name: 'test',
  source: 'test',
  effectiveDate: '2026-11-28',
  license: 'MIT',
  rules,
});

function refusal(candidate: NexusRule): string {
  try {
    checkNexusRuleTable(table([candidate]), 'data/nexus/test.json');
  } catch (error) {
    expect(error).toBeInstanceOf(TaxError);
    expect((error as TaxError).type).toBe('INVALID_VALUE');
    return (error as TaxError).message;
  }
  throw new Error('the rule was accepted');
}

describe('checkNexusRuleTable', () => {
  it('accepts a rule whose every stated field has a quote', () => {
    expect(() => checkNexusRuleTable(table([rule()]), 'data/nexus/test.json')).not.toThrow();
  });

  it.each(['from', 'to', 'amount', 'transactions', 'period', 'basis', 'marketplace'] as const)(
    'refuses a rule with no quote for %s, naming the rule and the field',
    (field) => {
      const all = ['from', 'to', 'amount', 'transactions', 'period', 'basis', 'marketplace'] as const;
      const message = refusal(rule({ evidence: [quote(all.filter((each) => each !== field))] }));
      expect(message).toBe(
        `data/nexus/test.json: rule US-IN from 2018-10-01: field "${field}" has no evidence: no quote supports it.`,
      );
    },
  );

  it('needs no marketplace quote when the treatment is unstated, nor a count quote without a count', () => {
    const fields = statedFields(rule({ marketplace: 'unstated', transactions: null, combine: 'amount_only' }));
    expect(fields).not.toContain('marketplace');
    expect(fields).not.toContain('transactions');
    expect(() =>
      checkNexusRuleTable(
        table([
          rule({
            marketplace: 'unstated',
            transactions: null,
            combine: 'amount_only',
            evidence: [quote(['from', 'to', 'amount', 'period', 'basis'])],
          }),
        ]),
        'x',
      ),
    ).not.toThrow();
  });

  it.each([
    ['an undated source', { ...quote(['from']), sourceDate: 'recently' }, 'has no sourceDate'],
    ['a source with no URL', { ...quote(['from']), source: 'the state page' }, 'names no source URL'],
    ['an empty quote', { ...quote(['from']), quote: ' ' }, 'has no quote'],
    ['an unknown field', { ...quote(['from']), fields: ['rate' as never] }, '"rate", which is not a rule field'],
  ])('refuses evidence with %s', (_, bad, text) => {
    expect(refusal(rule({ evidence: [...rule().evidence, bad as NexusEvidence] }))).toContain(text);
  });

  it('refuses a rule with no evidence at all, and a count that does not match the combination', () => {
    expect(refusal({ ...rule(), evidence: undefined as never })).toContain('has no evidence');
    expect(refusal(rule({ combine: 'amount_only' }))).toContain('field "transactions" does not match "combine"');
  });
});
