/**
 * Cross-checks the reduced VAT rates of data/taxability/vat-gst.json against the `vatrates`
 * package (a devDependency; its JSON is read directly), an independent compilation of the EU-27
 * and UK rate bands. `vatrates` 2.0.3 is stale (it predates 2022), so every rate of ours that
 * its bands do not contain must be in KNOWN_DIFFERENCES with the reason.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { TaxabilityTable } from '../../src/core/taxability/taxability-rule.ts';

interface VatratesEntry {
  code: string;
  countryCode: string;
  periods: {
    effectiveFrom: string;
    rates: { reduced?: number[]; superReduced?: number; parking?: number; standard: number };
  }[];
}

const require = createRequire(import.meta.url);
const vatrates = JSON.parse(readFileSync(require.resolve('vatrates/src/json/vatrates.json'), 'utf8')) as {
  rates: VatratesEntry[];
};
const ours = JSON.parse(
  readFileSync(new URL('../../data/taxability/vat-gst.json', import.meta.url), 'utf8'),
) as TaxabilityTable;

/** `country rate` pairs where we differ from vatrates on purpose, and why (ours is right). */
const KNOWN_DIFFERENCES: Record<string, string> = {
  'CZ 12': 'Czechia merged its 10% and 15% reduced rates into one 12% rate on 2024-01-01 (vatrates has 10 and 15)',
  'FI 13.5': 'Finland lowered its 14% reduced rate to 13.5% on 2026-01-01 (vatrates has 10 and 14)',
  'RO 11': 'Romania merged its 5% and 9% reduced rates into one 11% rate on 2025-08-01 (vatrates has 5 and 9)',
  'SK 5': 'Slovakia introduced a 5% reduced rate (food, books, medicines) from 2025-01-01 (vatrates has only 10)',
  'SI 5': 'Slovenia taxes books and newspapers at 5% since 2020-01-01 (vatrates has only 9.5)',
  'EE 5': 'Estonia taxed press publications at 5% from 2018-07-01 to 2024-12-31 (vatrates has only 9)',
  'CY 3':
    'Cyprus introduced a 3% rate for books, newspapers and magazines, printed and electronic, on 2023-07-21 (vatrates has 5 and 9)',
  'LT 12':
    'Lithuania replaced its 9% reduced rate with 12% (accommodation, passenger transport, culture) on 2026-01-01 (vatrates has 5 and 9)',
};
const DAYS = ['2021-06-01', '2026-11-22'];
const usedDifferences = new Set<string>();

/** Our non-zero rates in force on `day`, by country, as percentages. */
function ourRatesOn(day: string): Map<string, Set<number>> {
  const byCountry = new Map<string, Set<number>>();
  for (const rule of ours.rules) {
    if (rule.treatment.kind !== 'rate' || rule.treatment.rate === '0') continue;
    if (rule.from > day || (rule.to !== undefined && rule.to <= day)) continue;
    for (const region of rule.regions) {
      const set = byCountry.get(region) ?? new Set<number>();
      set.add(Math.round(Number(rule.treatment.rate) * 100 * 1e6) / 1e6);
      byCountry.set(region, set);
    }
  }
  return byCountry;
}

/** vatrates' reduced, super-reduced and parking rates of a country on `day`. */
function theirBands(countryCode: string, day: string): Set<number> | undefined {
  const entry = vatrates.rates.find((candidate) => candidate.countryCode === countryCode);
  if (entry === undefined) return undefined;
  const period = [...entry.periods]
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))
    .find((candidate) => candidate.effectiveFrom <= day);
  if (period === undefined) return undefined;
  const { reduced = [], superReduced, parking } = period.rates;
  return new Set([
    ...reduced,
    ...(superReduced === undefined ? [] : [superReduced]),
    ...(parking === undefined ? [] : [parking]),
  ]);
}

describe('reduced VAT rates cross-checked with vatrates', () => {
  it('covers all of the EU-27 and the UK in vatrates', () => {
    expect(vatrates.rates.map((entry) => entry.countryCode).sort()).toHaveLength(28);
  });

  it.each(DAYS)("every reduced rate of ours on %s is one of vatrates' bands, or a known difference", (day) => {
    const unexplained: string[] = [];
    for (const [country, rates] of ourRatesOn(day)) {
      const bands = theirBands(country, day);
      if (bands === undefined) continue; // not an EU/UK country (NO, CH, AU) or a DOM
      for (const rate of rates) {
        if (bands.has(rate)) continue;
        const key = `${country} ${rate}`;
        if (KNOWN_DIFFERENCES[key] === undefined) unexplained.push(`${key} (vatrates: ${[...bands].join(', ')})`);
        else usedDifferences.add(key);
      }
    }
    expect(unexplained).toEqual([]);
  });

  it('lists no known difference that no longer occurs', () => {
    expect([...usedDifferences].sort()).toEqual(Object.keys(KNOWN_DIFFERENCES).sort());
  });

  it("has a food rate for every country where food is reduced or zero-rated in vatrates' era and ours", () => {
    const food = new Set(
      ours.rules.filter((rule) => rule.categories.includes('FOOD_GENERAL')).flatMap((rule) => rule.regions),
    );
    for (const country of [
      'AT',
      'BE',
      'CY',
      'CZ',
      'DE',
      'ES',
      'FI',
      'FR',
      'GB',
      'IE',
      'IT',
      'LU',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SE',
      'SI',
      'SK',
      'GR',
    ]) {
      expect(food.has(country), country).toBe(true);
    }
  });
});
