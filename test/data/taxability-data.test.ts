/**
 * Checks the embedded taxability rules in data/taxability/ (issue 9): every rule parses and
 * compiles with the embedded rate tables, names a source URL and an effective date, covers only
 * known categories and regions, and no two rules for one region and category overlap in time.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '../../src/core/product-categories.ts';
import { compileRateIndex } from '../../src/core/rates/compile-rate-index.ts';
import type { RateTable } from '../../src/core/rates/rate-table.ts';
import type { TaxabilityTable } from '../../src/core/taxability/taxability-rule.ts';
import { DEFAULT_TAXABILITY_FILES, loadDefaultRateTables } from '../../src/defaults/load-default-rate-tables.ts';

const dir = new URL('../../data/taxability/', import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
const tables = files.map(
  (name) => [name, JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as TaxabilityTable] as const,
);
const rateTables = ['us-states', 'ca-provinces', 'vat-gst'].map(
  (name) => JSON.parse(readFileSync(new URL(`../../data/rates/${name}.json`, import.meta.url), 'utf8')) as RateTable,
);
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Every region a rule may name: the countries, states and provinces of the rate tables' locations. */
const knownRegions = new Set<string>();
for (const table of rateTables) {
  for (const location of table.locations) {
    const parts = location.key.split('-');
    knownRegions.add(parts.slice(0, 2).join('-'));
    knownRegions.add(parts[0] as string);
  }
  for (const jurisdiction of table.jurisdictions) if (jurisdiction.region) knownRegions.add(jurisdiction.region);
}

describe('data/taxability', () => {
  it('ships every file the engine loads', () => {
    expect(files.map((name) => `taxability/${name}`).sort()).toEqual([...DEFAULT_TAXABILITY_FILES].sort());
  });

  it('compiles, with the embedded rate tables', () => {
    expect(() => compileRateIndex(loadDefaultRateTables())).not.toThrow();
  });

  describe.each(tables)('%s', (_name, table) => {
    it('names its source, licence and effective date', () => {
      expect(table.source.length).toBeGreaterThan(20);
      expect(table.effectiveDate).toMatch(ISO_DATE);
      expect(table.license).toBe('MIT');
      expect(table.rules.length).toBeGreaterThan(0);
    });

    it('every rule names a source URL, an effective date, a note, known regions and categories', () => {
      for (const rule of table.rules) {
        const where = `${rule.regions.join(',')} ${rule.categories.join(',')} ${rule.from}`;
        expect(rule.source, where).toMatch(/^https?:\/\/\S+/);
        expect(rule.from, where).toMatch(ISO_DATE);
        if (rule.to !== undefined) {
          expect(rule.to, where).toMatch(ISO_DATE);
          expect(rule.to > rule.from, where).toBe(true);
        }
        expect(rule.note.trim().length, where).toBeGreaterThan(10);
        for (const region of rule.regions) expect(knownRegions.has(region), `${where}: region ${region}`).toBe(true);
        for (const category of rule.categories)
          expect(PRODUCT_CATEGORIES.has(category), `${where}: ${category}`).toBe(true);
        for (const id of rule.jurisdictions ?? []) {
          // An imported local jurisdiction's id, or a prefix of such ids, inside the rule's regions.
          expect(id, where).toMatch(
            /^[A-Z]{2}-[A-Z]{2}:(STATE|COUNTY|CITY|DISTRICT)(:[A-Z0-9 .'-]+|:\*)?$|^[A-Z]{2}-[A-Z]{2}:\*$/,
          );
          expect(
            rule.regions.some((region) => id.startsWith(`${region}:`)),
            `${where}: ${id} outside ${rule.regions.join(',')}`,
          ).toBe(true);
        }
      }
    });

    it('has no two overlapping periods for one region and category', () => {
      const periods = new Map<string, [string, string][]>();
      for (const rule of table.rules) {
        // A rule scoped to jurisdictions is keyed by their ids, and a holiday by its region's
        // holiday layer, as the compiler keys them.
        for (const scope of rule.jurisdictions ?? rule.regions) {
          const region = rule.holiday === undefined ? scope : `${scope}+holiday`;
          // A rule for some customer types only is checked apart, as the compiler keys it.
          const suffixes = rule.customers?.map((type) => `@${type}`) ?? [''];
          for (const category of rule.categories.flatMap((each) => suffixes.map((suffix) => each + suffix))) {
            const key = `${region} ${category}`;
            const list = periods.get(key) ?? [];
            list.push([rule.from, rule.to ?? '9999-12-31']);
            periods.set(key, list);
          }
        }
      }
      for (const [key, list] of periods) {
        list.sort((a, b) => a[0].localeCompare(b[0]));
        for (let index = 1; index < list.length; index += 1) {
          expect(list[index]![0] >= list[index - 1]![1], `${key} overlaps`).toBe(true);
        }
      }
    });
  });

  it('scopes local rules to jurisdictions, and only the local file does', () => {
    for (const [name, table] of tables) {
      const scoped = table.rules.filter((rule) => rule.jurisdictions !== undefined);
      if (name === 'us-local.json') expect(scoped).toHaveLength(table.rules.length);
      else expect(scoped, name).toEqual([]);
    }
  });

  it('covers gift cards, services and prescription medicines in every US state with a sales tax', () => {
    const us = tables.find(([name]) => name === 'us.json')?.[1];
    const covered = (category: string) =>
      new Set(us?.rules.filter((rule) => rule.categories.includes(category)).flatMap((rule) => rule.regions));
    const noSalesTax = new Set(['US-AK', 'US-DE', 'US-MT', 'US-NH', 'US-OR']);
    const states = rateTables[0]!.jurisdictions.filter((j) => j.level === 'STATE' && !noSalesTax.has(j.id));
    expect(states).toHaveLength(47);
    for (const category of ['GIFT_CARDS', 'MEDICINES_PRESCRIPTION', 'CONSULTING_SERVICES_GENERAL']) {
      const regions = covered(category);
      const missing = states.filter((state) => !regions.has(state.id)).map((state) => state.id);
      // Consulting is taxed in Hawaii, New Mexico and South Dakota, which tax services broadly.
      expect(missing, category).toEqual(category.startsWith('CONSULTING') ? ['US-HI', 'US-NM', 'US-SD'] : []);
    }
  });
});
