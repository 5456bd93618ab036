// A deterministic generator of rate tables in the exact format of Avalara's free monthly
// `TAXRATES_ZIP5_<ST><YYYYMM>.csv` files, for tests and benchmarks. Real Avalara files may not
// be redistributed, so none is committed; these are made up, with real ZIP codes and counties
// (taxkit's embedded GeoNames table, data/locations/us-zip5.json) and made-up rates shaped like
// real ones:
//
// - every ZIP of a county shares the county's rate, every ZIP of a city the city's rate, and a
//   few special districts per state span several cities (realistic sharing);
// - states without local taxes (IN, DE, …) have only the state part; CA shows StateRate 0.06
//   with the statewide 1.25 % local part in the county column, as Avalara does;
// - about 1 % of rows have parts that miss the combined rate by 0.000001, as real rows do;
// - a few ZIPs are listed in two states' files (97635 in CA and OR, …);
// - later vintages change a few cities' rates (by default 2 % of cities per month).
//
//   node scripts/avalara-fixture.mjs OUT_DIR [--seed N] [--vintages 202603,202604] [--states CA,TX] [--zips-per-state N]
//
// writes OUT_DIR/<vintage>/TAXRATES_ZIP5_<ST><vintage>.csv (the whole country by default:
// 52 files and about 41,000 ZIPs per vintage). Types: avalara-fixture.d.mts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const ALL_FIXTURE_STATES = [
  'AK', 'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'GA', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY',
  'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH',
  'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
]; // prettier-ignore

/** ZIPs that straddle a state line: listed in their USPS state and in this second one. */
export const TWO_STATE_ZIPS = [
  ['97635', 'CA'],
  ['42223', 'TN'],
  ['73949', 'TX'],
  ['51557', 'NE'],
  ['86515', 'NM'],
];

/** Statewide parts in millionths (made up where the real one does not matter). */
const STATE_RATES = {
  AK: 0, CA: 60_000, CO: 29_000, DE: 0, IN: 70_000, MT: 0, NH: 0, NY: 40_000, OR: 0, TX: 62_500, WA: 65_000,
}; // prettier-ignore
/** States where no local sales tax exists, so rows carry the state part only. */
const NO_LOCAL = new Set(['IN', 'DE', 'MT', 'NH', 'OR', 'CT', 'KY', 'MA', 'MD', 'ME', 'MI', 'RI', 'DC']);

const HEADER =
  'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';
/** The header of Avalara's older tables: the same columns, StateRate first. */
const LEGACY_HEADER =
  'State,ZipCode,TaxRegionName,StateRate,EstimatedCombinedRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';

/** @type {{ counties: string[], zips: Record<string, [string, string, number | null]> } | undefined} */
let zipFile;
function zips() {
  zipFile ??= JSON.parse(readFileSync(new URL('../data/locations/us-zip5.json', import.meta.url), 'utf8'));
  return /** @type {NonNullable<typeof zipFile>} */ (zipFile);
}

/** mulberry32: a small seeded PRNG, so the same seed always gives the same tables. */
function random(/** @type {number} */ seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A stable per-name number in [0, 1) for a seed, so a county's rate is the same in every vintage. */
function pick(/** @type {number} */ seed, /** @type {string} */ name) {
  let hash = seed >>> 0;
  for (let index = 0; index < name.length; index += 1) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return random(hash)();
}

const formatMillionths = (/** @type {number} */ value) => `0.${String(value).padStart(6, '0')}`;

/**
 * The CSV text of one state's file, exactly as Avalara lays it out: the current layout, or the
 * `legacy` one of its older tables (StateRate before EstimatedCombinedRate, region names quoted).
 * @param {readonly import('./avalara-fixture.d.mts').FixtureRow[]} rows
 * @param {'current' | 'legacy'} [layout]
 */
export function avalaraCsv(rows, layout = 'current') {
  const legacy = layout === 'legacy';
  const lines = [legacy ? LEGACY_HEADER : HEADER];
  for (const row of rows) {
    const [state, ...locals] = row.parts.map(formatMillionths);
    const combined = formatMillionths(row.combined);
    const region = legacy ? `"${row.region.replaceAll('"', '""')}"` : row.region;
    const rates = legacy ? [state, combined, ...locals] : [combined, state, ...locals];
    lines.push([row.state, row.zip, region, ...rates, '0'].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Generates the fixture files: one per state per vintage, named as Avalara names them.
 * @param {import('./avalara-fixture.d.mts').AvalaraFixtureOptions} [options]
 * @returns {import('./avalara-fixture.d.mts').FixtureFile[]}
 */
export function generateAvalaraFixture(options = {}) {
  const seed = options.seed ?? 1;
  const states = options.states ?? ALL_FIXTURE_STATES;
  const vintages = options.vintages ?? ['202603', '202604'];
  const changed = options.changedFraction ?? 0.02;
  const { counties, zips: table } = zips();
  const countyName = (/** @type {number | null} */ index) => (index === null ? '' : (counties[index] ?? ''));

  /** @type {Map<string, { zip: string, city: string, county: string }[]>} */
  const byState = new Map();
  for (const [zip, [state, city, county]] of Object.entries(table)) {
    if (!states.includes(state)) continue;
    const list = byState.get(state) ?? [];
    list.push({ zip, city, county: countyName(county) });
    byState.set(state, list);
  }
  if (states.includes('PR')) {
    // Puerto Rico is not in the GeoNames table: its ZIPs run 00601–00988.
    byState.set(
      'PR',
      Array.from({ length: 130 }, (_, index) => ({
        zip: String(601 + index * 3).padStart(5, '0'),
        city: `MUNICIPIO ${1 + (index % 40)}`,
        county: '',
      })),
    );
  }
  for (const [zip, second] of TWO_STATE_ZIPS) {
    const place = table[zip];
    if (place === undefined || !states.includes(second) || !states.includes(place[0])) continue;
    byState.get(second)?.push({ zip, city: place[1], county: countyName(place[2]) });
  }

  const twoState = new Set(TWO_STATE_ZIPS.map(([zip]) => zip));
  /** @type {import('./avalara-fixture.d.mts').FixtureFile[]} */
  const files = [];
  for (const state of states) {
    const shuffle = random(seed ^ (pick(seed, state) * 4_294_967_296));
    let list = [...(byState.get(state) ?? [])].sort((a, b) => (a.zip < b.zip ? -1 : 1));
    if (options.zipsPerState !== undefined && list.length > options.zipsPerState) {
      list = list
        // ZIPs on a state line are always kept, so two-state tests find them.
        .map((entry) => ({ entry, order: twoState.has(entry.zip) ? -1 : shuffle() }))
        .sort((a, b) => a.order - b.order)
        .slice(0, options.zipsPerState)
        .map(({ entry }) => entry)
        .sort((a, b) => (a.zip < b.zip ? -1 : 1));
    }
    const stateRate =
      STATE_RATES[/** @type {keyof typeof STATE_RATES} */ (state)] ??
      40_000 + Math.floor(pick(seed, `${state}:state`) * 12) * 2_500;
    const local = !NO_LOCAL.has(state);
    const cities = [...new Set(list.map((entry) => entry.city))];
    // A few special districts per state, each spanning several cities.
    /** @type {Map<string, { name: string, rate: number }>} */
    const districtOf = new Map();
    if (local) {
      for (let district = 0; district < 4; district += 1) {
        const rate = 1_000 + Math.floor(pick(seed, `${state}:d${district}`) * 8) * 2_500;
        for (const city of cities) {
          if (pick(seed, `${state}:${city}:d${district}`) < 0.08) {
            districtOf.set(city, { name: `${state} SPECIAL DISTRICT ${district + 1}`, rate });
          }
        }
      }
    }
    vintages.forEach((vintage, position) => {
      const rows = list.map(({ zip, city, county }) => {
        const countyRate = !local
          ? 0
          : state === 'CA'
            ? 12_500 + Math.floor(pick(seed, `${state}:${county}`) * 3) * 2_500
            : Math.floor(pick(seed, `${state}:${county}`) * 5) * 2_500;
        let cityRate =
          !local || pick(seed, `${state}:${city}:has`) < 0.4
            ? 0
            : 2_500 + Math.floor(pick(seed, `${state}:${city}`) * 8) * 2_500;
        for (let month = 1; month <= position; month += 1) {
          if (local && pick(seed, `${state}:${city}:change${month}`) < changed) cityRate += 2_500;
        }
        const district = districtOf.get(city);
        const special = district?.rate ?? 0;
        /** @type {[number, number, number, number]} */
        const parts = [stateRate, countyRate, cityRate, special];
        const sum = stateRate + countyRate + cityRate + special;
        // Avalara's parts miss the combined rate by 0.000001 on a few rows.
        const off = pick(seed, `${zip}:${state}:off`);
        const combined = local && off < 0.005 ? sum + 1 : local && off < 0.01 && sum > 0 ? sum - 1 : sum;
        const region = (
          district !== undefined && pick(seed, `${zip}:region`) < 0.2 ? district.name : city
        ).toUpperCase();
        return { state, zip, region, combined, parts };
      });
      files.push({ fileName: `TAXRATES_ZIP5_${state}${vintage}.csv`, text: avalaraCsv(rows), vintage, state, rows });
    });
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      vintages: { type: 'string' },
      states: { type: 'string' },
      'zips-per-state': { type: 'string' },
    },
  });
  const out = positionals[0];
  if (out === undefined) {
    console.error(
      'usage: node scripts/avalara-fixture.mjs OUT_DIR [--seed N] [--vintages 202603,202604] [--states CA,TX] [--zips-per-state N]',
    );
    process.exit(2);
  }
  const files = generateAvalaraFixture({
    ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
    ...(values.vintages === undefined ? {} : { vintages: values.vintages.split(',') }),
    ...(values.states === undefined ? {} : { states: values.states.split(',') }),
    ...(values['zips-per-state'] === undefined ? {} : { zipsPerState: Number(values['zips-per-state']) }),
  });
  for (const file of files) {
    mkdirSync(join(out, file.vintage), { recursive: true });
    writeFileSync(join(out, file.vintage, file.fileName), file.text);
  }
  console.log(
    `Wrote ${files.length} files (${files.reduce((sum, file) => sum + file.rows.length, 0)} rows) under ${out}.`,
  );
}
