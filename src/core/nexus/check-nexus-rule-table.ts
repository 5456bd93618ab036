import { TaxError } from '../errors.ts';
import type { NexusField, NexusRule, NexusRuleTable } from './nexus-rule.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A source states a year, a month or a day. */
const SOURCE_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
/** The address as read; a few sources are only served over http. */
const URL = /^https?:\/\/\S+$/;
const PERIODS = new Set([
  'previous_calendar_year',
  'previous_or_current_calendar_year',
  'rolling_12_months',
  'preceding_four_quarters',
  'twelve_months_ending_september_30',
]);
const COMBINES = new Set(['amount_only', 'amount_or_transactions', 'amount_and_transactions']);
const BASES = new Set(['gross', 'retail', 'taxable', 'consumer']);
const MARKETPLACE = new Set(['included', 'excluded', 'unstated']);
const FIELDS = new Set<NexusField>([
  'from',
  'to',
  'amount',
  'transactions',
  'period',
  'basis',
  'marketplace',
  'sellers',
  'scope',
]);

/**
 * The fields a rule states, each of which a quote must support: its start, amount, period,
 * basis and marketplace treatment always; its end, count, kind of seller and scope when it
 * has them.
 */
export function statedFields(rule: NexusRule): readonly NexusField[] {
  const fields: NexusField[] = ['from', 'amount', 'period', 'basis'];
  // 'unstated' claims nothing: it says no source read settles the question.
  if (rule.marketplace !== 'unstated') fields.push('marketplace');
  if (rule.to !== undefined) fields.push('to');
  if (rule.transactions !== null) fields.push('transactions');
  if (rule.sellers !== undefined) fields.push('sellers');
  if (rule.scope !== undefined) fields.push('scope');
  return fields;
}

/**
 * Refuses a threshold file that breaks its rules: a malformed field, or a field the rule states
 * with no quote from a dated source supporting it. The message names the file, the rule
 * and the field. Data read without a source is not data taxkit ships (docs/nexus.md).
 */
export function checkNexusRuleTable(table: NexusRuleTable, file: string): NexusRuleTable {
  const fail = (where: string, message: string): never => {
    throw new TaxError('INVALID_VALUE', `${file}: ${where}: ${message}`);
  };
  if (!Array.isArray(table.rules)) fail('the table', 'has no rules.');
  for (const rule of table.rules) {
    const where = `rule ${rule.jurisdiction} from ${rule.from}${rule.sellers === undefined ? '' : ` (${rule.sellers})`}`;
    checkShape(rule, (message) => fail(where, message));
    const evidence = Array.isArray(rule.evidence) ? rule.evidence : fail(where, 'has no evidence.');
    for (const [index, each] of evidence.entries()) {
      const at = `evidence[${index}]`;
      if (!Array.isArray(each.fields) || each.fields.length === 0) fail(where, `${at} names no field.`);
      for (const field of each.fields) {
        if (!FIELDS.has(field)) fail(where, `${at} names "${field}", which is not a rule field.`);
      }
      if (typeof each.quote !== 'string' || each.quote.trim().length < 10) fail(where, `${at} has no quote.`);
      if (typeof each.source !== 'string' || !URL.test(each.source)) fail(where, `${at} names no source URL.`);
      if (typeof each.sourceDate !== 'string' || !SOURCE_DATE.test(each.sourceDate)) {
        fail(where, `${at} has no sourceDate (YYYY, YYYY-MM or YYYY-MM-DD).`);
      }
    }
    for (const field of statedFields(rule)) {
      if (!evidence.some((each) => each.fields.includes(field))) {
        fail(where, `field "${field}" has no evidence: no quote supports it.`);
      }
    }
    for (const note of [...(rule.uncertain ?? []), ...(rule.disagreements ?? [])]) {
      if (!FIELDS.has(note.field)) fail(where, `a note names "${note.field}", which is not a rule field.`);
      if (typeof note.note !== 'string' || note.note.trim() === '')
        fail(where, `the note on "${note.field}" is empty.`);
    }
  }
  return table;
}

function checkShape(rule: NexusRule, fail: (message: string) => never): void {
  if (typeof rule.jurisdiction !== 'string' || !/^(US-[A-Z]{2}|[A-Z]{2}|EU)$/.test(rule.jurisdiction)) {
    fail('field "jurisdiction" is not a state, a country or EU.');
  }
  if (!ISO_DATE.test(rule.from)) fail('field "from" is not YYYY-MM-DD.');
  if (rule.to !== undefined && (!ISO_DATE.test(rule.to) || rule.to <= rule.from)) {
    fail('field "to" is not a YYYY-MM-DD after "from".');
  }
  if (typeof rule.currency !== 'string' || !/^[A-Z]{3}$/.test(rule.currency)) fail('field "currency" is not ISO 4217.');
  if (!Number.isSafeInteger(rule.amountMinor) || rule.amountMinor < 0) {
    fail('field "amountMinor" is not a whole number of minor units, 0 or more.');
  }
  if (!COMBINES.has(rule.combine)) fail('field "combine" is not a known combination.');
  if (
    rule.combine === 'amount_only'
      ? rule.transactions !== null
      : !(Number.isInteger(rule.transactions) && (rule.transactions as number) > 0)
  ) {
    fail('field "transactions" does not match "combine".');
  }
  if (!PERIODS.has(rule.period)) fail('field "period" is not a known measuring period.');
  if (!BASES.has(rule.basis)) fail('field "basis" is not gross, retail, taxable or consumer.');
  if (!MARKETPLACE.has(rule.marketplace)) fail('field "marketplace" is not included, excluded or unstated.');
  if (typeof rule.source !== 'string' || !/^https:\/\/\S+/.test(rule.source))
    fail('field "source" names no https URL.');
}
