import { TaxError } from '../errors.ts';
import { parseRate } from '../money/parse-rate.ts';
import { PRODUCT_CATEGORIES } from '../product-categories.ts';
import { parseDay } from '../rates/day-number.ts';
import type { CustomerType } from '../types.ts';
import type { CompiledCategoryRule } from './compiled-category-rule.ts';
import { formatDay } from '../rates/format-day.ts';
import { CUSTOMER_TYPES, customerCategory } from './customer-category.ts';
import { holidayEvidenceFields } from './holiday-evidence-fields.ts';
import type { RemoteSaleDate, SourceQuote, TaxabilityRule, Treatment } from './taxability-rule.ts';

/** Which of a rule's two treatments a jurisdiction gets. */
export type RuleRole = 'primary' | 'local';

/**
 * The rules of one region over time: segment `i` covers days `[days[i], days[i + 1])`, and
 * `primary[i]` / `local[i]` map a category to the rule in force for the region's own tax and
 * for its local taxes.
 */
export interface RegionRules {
  readonly days: readonly number[];
  readonly primary: readonly ReadonlyMap<string, CompiledCategoryRule>[];
  readonly local: readonly ReadonlyMap<string, CompiledCategoryRule>[];
}

/**
 * Every region's rules; built once by {@link compileTaxability}. Rules scoped to jurisdictions
 * are keyed by their id pattern instead of a region ("US-NY:CITY:NEW YORK CITY",
 * "US-NC:COUNTY:*"): a pattern always holds a colon and a region never does. A scoped rule's
 * treatment is in both `primary` and `local`. A region's sales tax holidays are keyed by
 * {@link holidayLayer} ("US-TX+holiday"), apart from its year-round rules, which they lie on
 * during their dates; a holiday on the state tax only has no `local` entry.
 */
export type TaxabilityIndex = ReadonlyMap<string, RegionRules>;

const OPEN_END = 2_147_483_647;
/** Appended to a region to key its sales tax holidays ("US-TX+holiday"): a layer of their own. */
const HOLIDAY_LAYER = '+holiday';
const REMOTE_SALE_DATES: readonly RemoteSaleDate[] = ['ordered_and_paid', 'delivered', 'not_stated'];
const TAXABLE: Treatment = { kind: 'taxable' };
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The date a source states: a day, or only the month or the year when that is all it gives, or
 * "undated" for a page that gives none (said, rather than guessed).
 */
const STATED_DATE = /^(\d{4}(-\d{2}(-\d{2})?)?|undated)$/;

interface DatedRule {
  readonly rule: TaxabilityRule;
  readonly from: number;
  readonly to: number;
}

/**
 * Checks and compiles taxability rules, given as one list per table in load order. A later
 * table replaces every rule an earlier table had for the same region and category (that is how
 * a user's own rules override the embedded ones); within one table, two rules for the same
 * region and category must not overlap in time. Every rule must name a source and a note, and
 * every rate, fraction and threshold must parse exactly: bad data fails here, at load, never
 * during a calculation.
 */
export function compileTaxability(ruleSets: readonly (readonly TaxabilityRule[])[]): TaxabilityIndex {
  const merged = new Map<string, DatedRule[]>();
  for (const rules of ruleSets) {
    const own = new Map<string, DatedRule[]>();
    for (const rule of rules) {
      const dated = checkRule(rule);
      const keys = rule.jurisdictions ?? rule.regions;
      for (const scope of keys) {
        const region = rule.holiday === undefined ? scope : holidayLayer(scope);
        for (const category of scopedCategories(rule)) {
          const key = `${region}\u0000${category}`;
          const list = own.get(key) ?? [];
          list.push(dated);
          own.set(key, list);
        }
      }
    }
    // A table's rule for a category replaces an earlier table's rules for it, those limited to
    // some customer types included (their keys are the category's key with "@<type>" appended).
    for (const key of own.keys()) {
      if (key.includes('@')) continue;
      for (const type of CUSTOMER_TYPES) merged.delete(customerCategory(key, type));
    }
    for (const [key, list] of own) {
      list.sort((a, b) => a.from - b.from);
      for (let index = 1; index < list.length; index += 1) {
        const previous = list[index - 1] as DatedRule;
        const current = list[index] as DatedRule;
        if (current.from < previous.to) {
          const [region, category] = key.split('\u0000');
          throw new TaxError(
            'INVALID_VALUE',
            `Taxability rules overlap for ${category} in ${region}: ${previous.rule.from}..${previous.rule.to ?? ''} and ${current.rule.from}..${current.rule.to ?? ''}.`,
          );
        }
      }
      merged.set(key, list);
    }
  }

  const byRegion = new Map<string, Map<string, DatedRule[]>>();
  for (const [key, list] of merged) {
    const [region, category] = key.split('\u0000') as [string, string];
    const categories = byRegion.get(region) ?? new Map<string, DatedRule[]>();
    categories.set(category, list);
    byRegion.set(region, categories);
  }
  const index = new Map<string, RegionRules>();
  for (const [region, categories] of byRegion) {
    index.set(region, buildRegion(categories, region.endsWith(HOLIDAY_LAYER)));
  }
  return index;
}

/** The key of a region's sales tax holidays in a {@link TaxabilityIndex}. */
export function holidayLayer(region: string): string {
  return `${region}${HOLIDAY_LAYER}`;
}

/**
 * The keys a rule is compiled under: its categories, or for a rule limited to some customer
 * types, `<category>@<type>` for each ({@link customerCategory}), which a calculation for such a
 * customer looks up before the category itself.
 */
function scopedCategories(rule: TaxabilityRule): readonly string[] {
  const customers = rule.customers;
  if (customers === undefined) return rule.categories;
  return rule.categories.flatMap((category) => customers.map((type) => customerCategory(category, type)));
}

function buildRegion(categories: ReadonlyMap<string, readonly DatedRule[]>, holidays: boolean): RegionRules {
  const cuts = new Set<number>();
  for (const list of categories.values()) {
    for (const dated of list) {
      cuts.add(dated.from);
      if (dated.to !== OPEN_END) cuts.add(dated.to);
    }
  }
  const days = [...cuts].sort((a, b) => a - b);
  const primary: Map<string, CompiledCategoryRule>[] = [];
  const local: Map<string, CompiledCategoryRule>[] = [];
  for (const day of days) {
    const primaryMap = new Map<string, CompiledCategoryRule>();
    const localMap = new Map<string, CompiledCategoryRule>();
    for (const [category, list] of categories) {
      const active = list.find((dated) => dated.from <= day && day < dated.to);
      if (active === undefined) continue;
      const { rule } = active;
      const note = noteOf(rule);
      primaryMap.set(category, compileTreatment(rule.treatment, note));
      const local = localTreatmentOf(rule);
      // A holiday on the state tax only leaves the local taxes to their own rules.
      if (holidays && local.kind === 'taxable') continue;
      localMap.set(category, compileTreatment(local, note));
    }
    primary.push(primaryMap);
    local.push(localMap);
  }
  return { days, primary, local };
}

const REMOTE_SALE_NOTES: Readonly<Record<RemoteSaleDate, string>> = {
  ordered_and_paid:
    'An item ordered and paid for during the holiday qualifies even if delivered after it: for a remote order, calculate on the order date (the tax date).',
  delivered:
    'A remote order qualifies only if also delivered during the holiday: calculate on the delivery date (the tax date).',
  not_stated: 'taxkit found no published rule for remote orders: the calculation date decides.',
};

/** A rule's note; a holiday's names the holiday and its dates, and says which date counts for a remote order. */
function noteOf(rule: TaxabilityRule): string {
  const holiday = rule.holiday;
  if (holiday === undefined) return rule.note;
  const last = formatDay(parseDay(rule.to as string) - 1);
  return `${holiday.name} (${rule.from} to ${last}): ${rule.note} ${REMOTE_SALE_NOTES[holiday.remoteSales]}`;
}

/**
 * What the region's county, city and district taxes do: `local` when given; else the same as
 * the region's tax ("follow"), except for a reduced rate, which local taxes cannot follow: they
 * keep their own rate unless the rule says otherwise.
 */
function localTreatmentOf(rule: TaxabilityRule): Treatment {
  if (rule.jurisdictions !== undefined) return rule.treatment;
  if (rule.local !== undefined && rule.local !== 'follow') return rule.local;
  return rule.treatment.kind === 'rate' ? TAXABLE : rule.treatment;
}

function compileTreatment(treatment: Treatment, note: string): CompiledCategoryRule {
  switch (treatment.kind) {
    case 'exempt':
    case 'taxable':
      return { kind: treatment.kind, rate: '', units: 0, thresholdMinor: 0, note, noteNotApplied: note };
    case 'rate':
      return {
        kind: 'rate',
        rate: treatment.rate,
        units: parseRate(treatment.rate),
        thresholdMinor: 0,
        note,
        noteNotApplied: note,
      };
    case 'partial':
      return {
        kind: 'partial',
        rate: '',
        units: parseRate(treatment.fraction),
        thresholdMinor: 0,
        note,
        noteNotApplied: note,
      };
    case 'exempt_below':
    case 'exempt_up_to':
      return {
        kind: treatment.kind,
        rate: '',
        units: 0,
        thresholdMinor: treatment.thresholdMinor,
        note,
        noteNotApplied: `${note} Not applied: the item's price is at or above the threshold.`,
      };
    case 'rate_below':
      return {
        kind: 'rate_below',
        rate: treatment.rate,
        units: parseRate(treatment.rate),
        thresholdMinor: treatment.thresholdMinor,
        note,
        noteNotApplied: `${note} Not applied: the line's amount is at or above the threshold.`,
      };
  }
}

function checkRule(rule: TaxabilityRule): DatedRule {
  const where = `Taxability rule ${JSON.stringify(rule.regions)} ${JSON.stringify(rule.categories)} from ${rule.from}`;
  const fail = (message: string): never => {
    throw new TaxError('INVALID_VALUE', `${where}: ${message}`);
  };
  if (!Array.isArray(rule.regions) || rule.regions.length === 0) fail('names no region.');
  if (!Array.isArray(rule.categories) || rule.categories.length === 0) fail('names no category.');
  for (const category of rule.categories) {
    if (!PRODUCT_CATEGORIES.has(category)) fail(`"${category}" is not a product category.`);
  }
  if (typeof rule.source !== 'string' || !/^https?:\/\/\S+/.test(rule.source)) fail('names no source URL.');
  if (typeof rule.note !== 'string' || rule.note.trim() === '') fail('has no note.');
  if (typeof rule.from !== 'string' || !ISO_DAY.test(rule.from)) fail('has no effective date (from).');
  const from = parseDay(rule.from);
  let to = OPEN_END;
  if (rule.to !== undefined) {
    if (!ISO_DAY.test(rule.to)) fail(`"to" ${rule.to} is not an ISO date.`);
    to = parseDay(rule.to);
    if (to <= from) fail('its period is empty.');
  }
  checkTreatment(rule.treatment, fail);
  if (rule.local !== undefined && rule.local !== 'follow') checkTreatment(rule.local, fail);
  if (rule.jurisdictions !== undefined) checkScope(rule, fail);
  if (rule.holiday !== undefined) checkHoliday(rule, fail);
  if (rule.customers !== undefined) {
    const customers: unknown = rule.customers;
    if (!Array.isArray(customers) || customers.length === 0) fail('"customers" names no customer type.');
    for (const type of customers as unknown[]) {
      if (!CUSTOMER_TYPES.includes(type as CustomerType)) {
        fail(`"customers": ${JSON.stringify(type)} is not CONSUMER or BUSINESS.`);
      }
    }
  }
  if (rule.treatment.kind === 'rate' && rule.local === 'follow') {
    fail('local taxes cannot "follow" a reduced rate; say what they do instead ("local").');
  }
  return { rule, from, to };
}

/** A holiday has a name, a remote-sale date rule and an end, and applies to a whole region. */
function checkHoliday(rule: TaxabilityRule, fail: (message: string) => never): void {
  const holiday = rule.holiday;
  if (typeof holiday?.name !== 'string' || holiday.name.trim() === '') fail('"holiday" has no name.');
  if (!REMOTE_SALE_DATES.includes(holiday?.remoteSales as RemoteSaleDate)) {
    fail(`"holiday.remoteSales" must be one of ${REMOTE_SALE_DATES.join(', ')}.`);
  }
  if (rule.to === undefined) fail('a holiday must end ("to").');
  if (rule.jurisdictions !== undefined || rule.customers !== undefined) {
    fail('a holiday applies to whole regions: drop "jurisdictions" and "customers".');
  }
  checkHolidayEvidence(rule, fail);
}

/**
 * Every field a holiday states must cite a source a reader can open, the date that source states
 * and the sentence that supports the field: a holiday compiled from memory is refused at load.
 */
function checkHolidayEvidence(rule: TaxabilityRule, fail: (message: string) => never): void {
  const evidence: unknown = rule.holiday?.evidence;
  if (typeof evidence !== 'object' || evidence === null) fail('"holiday.evidence" is missing.');
  const byField = evidence as Readonly<Record<string, unknown>>;
  for (const field of holidayEvidenceFields(rule)) {
    const quotes = byField[field];
    if (!Array.isArray(quotes) || quotes.length === 0) {
      fail(`"holiday.evidence.${field}" names no source for the ${field} the rule states.`);
    }
    for (const [index, quote] of (quotes as readonly Partial<SourceQuote>[]).entries()) {
      const at = `"holiday.evidence.${field}[${index}]"`;
      if (typeof quote?.url !== 'string' || !/^https?:\/\/\S+$/.test(quote.url)) fail(`${at} has no source URL.`);
      if (typeof quote.stated !== 'string' || !STATED_DATE.test(quote.stated)) {
        fail(`${at} has no ISO date the source states ("stated": a day, the month or year it gives, or "undated").`);
      }
      if (typeof quote.quote !== 'string' || quote.quote.trim().length < 10) fail(`${at} quotes no sentence.`);
    }
  }
}

/** A scoped rule names jurisdictions of its own regions, each an id or a prefix ending in `*`, and no `local`. */
function checkScope(rule: TaxabilityRule, fail: (message: string) => never): void {
  const scope = rule.jurisdictions;
  if (!Array.isArray(scope) || scope.length === 0) fail('"jurisdictions" names no jurisdiction.');
  for (const pattern of scope as readonly string[]) {
    if (typeof pattern !== 'string' || !rule.regions.some((region) => pattern.startsWith(`${region}:`))) {
      fail(`jurisdiction "${pattern}" does not lie in the rule's regions (it must start with "<region>:").`);
    }
    if (pattern.indexOf('*') !== -1 && pattern.indexOf('*') !== pattern.length - 1) {
      fail(`jurisdiction "${pattern}": "*" may only end a prefix.`);
    }
  }
  if (rule.local !== undefined) fail('a rule scoped to jurisdictions has one treatment; drop "local".');
}

function checkTreatment(treatment: Treatment, fail: (message: string) => never): void {
  switch (treatment?.kind) {
    case 'exempt':
    case 'taxable':
      return;
    case 'rate':
      parseRate(treatment.rate);
      return;
    case 'partial': {
      const units = parseRate(treatment.fraction);
      if (units === 0 || units >= 100_000_000) fail(`fraction ${treatment.fraction} must be between 0 and 1.`);
      return;
    }
    case 'rate_below':
      parseRate(treatment.rate);
      checkThreshold(treatment.thresholdMinor, fail);
      return;
    case 'exempt_below':
    case 'exempt_up_to':
      checkThreshold(treatment.thresholdMinor, fail);
      return;
    default:
      fail(`unknown treatment ${JSON.stringify(treatment)}.`);
  }
}

function checkThreshold(thresholdMinor: number, fail: (message: string) => never): void {
  if (!Number.isSafeInteger(thresholdMinor) || thresholdMinor <= 0) {
    fail('thresholdMinor must be a positive integer (minor units).');
  }
}
