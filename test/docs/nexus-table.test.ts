/**
 * docs/nexus.md lists every threshold rule of data/nexus/ in a table generated from the data;
 * this test checks the table is up to date. After changing the data, regenerate with
 * `UPDATE_DOCS=1 npx vitest run test/docs/nexus-table.test.ts`.
 */
import { describe, it } from 'vitest';
import type { NexusRule } from '../../src/core/nexus/nexus-rule.ts';
import { uncertaintyOf } from '../../src/core/nexus/uncertainty-of.ts';
import { loadDefaultNexusRules } from '../../src/defaults/load-default-nexus-rules.ts';
import { expectGeneratedTable } from '../helpers/generated-table.ts';

const DOC = new URL('../../docs/nexus.md', import.meta.url);
const BEGIN = '<!-- nexus-rules:begin (generated from data/nexus, test/docs/nexus-table.test.ts) -->';
const END = '<!-- nexus-rules:end -->';

const DIGITS: Readonly<Record<string, number>> = { NOK: 2, CHF: 2 };

function amount(rule: NexusRule): string {
  const digits = DIGITS[rule.currency] ?? 2;
  const major = (rule.amountMinor / 10 ** digits).toLocaleString('en-US', { minimumFractionDigits: 0 });
  const money = `${rule.currency} ${major}`;
  if (rule.combine === 'amount_only') return money;
  return `${money} ${rule.combine === 'amount_or_transactions' ? 'or' : 'and'} ${rule.transactions} sales`;
}

const escapePipes = (text: string) => text.replaceAll('|', '\\|');

/** The generated table: one row per rule, by jurisdiction then date. */
function table(): string {
  const tables = loadDefaultNexusRules();
  const rows = tables
    .flatMap((t) => t.rules)
    .toSorted((a, b) =>
      a.jurisdiction === b.jurisdiction ? (a.from < b.from ? 1 : -1) : a.jurisdiction < b.jurisdiction ? -1 : 1,
    )
    .map((rule) =>
      [
        rule.jurisdiction,
        rule.name,
        `${rule.from} – ${rule.to ?? ''}`.trim(),
        amount(rule),
        rule.period.replaceAll('_', ' '),
        rule.basis,
        rule.marketplace,
        rule.sellers === undefined || rule.sellers === 'all' ? 'all' : rule.sellers.replace('_', ' '),
        escapePipes(rule.source),
        escapePipes(uncertaintyOf(rule) ?? ''),
      ].join(' | '),
    );
  const none = tables
    .flatMap((t) => t.noSalesTax ?? [])
    .map((place) =>
      [place.jurisdiction, place.name, '', 'no sales tax', '', '', '', '', escapePipes(place.source), ''].join(' | '),
    );
  const header =
    '| Jurisdiction | Name | In force | Threshold | Period | Basis | Marketplace sales | Sellers | Source | Uncertain |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';
  return [header, ...[...rows, ...none].map((row) => `| ${row} |`)].join('\n');
}

describe('docs/nexus.md', () => {
  it('lists every rule of data/nexus as the data says', () => {
    expectGeneratedTable(DOC, BEGIN, END, table());
  });
});
