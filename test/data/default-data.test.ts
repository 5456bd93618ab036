/**
 * Checks the embedded default data in data/: provenance fields, rate syntax, period consistency,
 * location coverage, the ZIP tables, and a cross-check of current standard rates against the
 * `sales-tax` package's rate file (a devDependency; read as JSON, never through its API).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, it, expect } from 'vitest';
import type { RatePeriod, RateTable } from '../../src/core/rates/rate-table.ts';

const dataUrl = (rel: string): URL => new URL(`../../data/${rel}`, import.meta.url);
const readJson = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8'));
const readData = <T>(rel: string): T => readJson(dataUrl(rel)) as T;

const RATE_FILES = ['rates/us-states.json', 'rates/ca-provinces.json', 'rates/vat-gst.json'] as const;
const tables: Record<string, RateTable> = Object.fromEntries(RATE_FILES.map((f) => [f, readData<RateTable>(f)]));
const allTables = Object.values(tables);
const usTable = readData<RateTable>('rates/us-states.json');
const caTable = readData<RateTable>('rates/ca-provinces.json');

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const RATE = /^(0|0\.\d+)$/;

/** The periods of `jurisdiction` in force on `date` (ISO date). */
function ratesOn(table: RateTable, jurisdiction: string, date: string): RatePeriod[] {
  return table.rates.filter(
    (p) => p.jurisdiction === jurisdiction && p.from <= date && (p.to === undefined || date < p.to),
  );
}

/** The single rate of `jurisdiction` on `date` as a number, or undefined when none applies. */
function rateOn(table: RateTable, jurisdiction: string, date: string): number | undefined {
  const ps = ratesOn(table, jurisdiction, date);
  expect(ps.length, `${jurisdiction} on ${date}`).toBeLessThanOrEqual(1);
  const p = ps[0];
  return p === undefined ? undefined : Number(p.rate);
}

/** The jurisdictions a location key maps to, across all rate tables. */
function locationOf(key: string): readonly string[] | undefined {
  for (const t of allTables) {
    const loc = t.locations.find((l) => l.key === key);
    if (loc) return loc.jurisdictions;
  }
  return undefined;
}

/** Sum of the rates of every jurisdiction at a location key on a date. */
function combinedRate(key: string, date: string): number | undefined {
  const js = locationOf(key);
  if (js === undefined) return undefined;
  let sum = 0;
  for (const j of js) {
    const t = allTables.find((tt) => tt.jurisdictions.some((d) => d.id === j));
    if (!t) return undefined;
    const r = rateOn(t, j, date);
    if (r === undefined) return undefined;
    sum += r;
  }
  return Math.round(sum * 1e8) / 1e8;
}

const US_CODES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(
    ' ',
  );
const CA_CODES = 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ');
const EU27 = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

describe('data files: provenance', () => {
  const files = ['rates', 'locations'].flatMap((dir) =>
    readdirSync(dataUrl(`${dir}/`))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${dir}/${f}`),
  );

  it('finds every expected file', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ...RATE_FILES,
        'locations/us-zip3-state.json',
        'locations/us-zip5.json',
        'locations/us-zip-top-population.json',
        'locations/subdivisions.json',
        'locations/countries.json',
      ]),
    );
  });

  it.each(files)('%s names its source, effective date and licence', (f) => {
    const doc = readData<Record<string, unknown>>(f);
    for (const field of ['source', 'sourceUrl', 'effectiveDate', 'license']) {
      expect(typeof doc[field], `${f}: ${field}`).toBe('string');
      expect((doc[field] as string).length, `${f}: ${field}`).toBeGreaterThan(0);
    }
    expect(doc.effectiveDate).toMatch(ISO_DATE);
    if (f.includes('us-zip')) expect(doc.generatedBy).toBe('scripts/build-data.mjs');
  });

  it('NOTICE credits every attribution-licensed source and disclaims Avalara data', () => {
    const notice = readFileSync(dataUrl('NOTICE'), 'utf8');
    for (const s of ['GeoNames', 'SimpleMaps', 'zip-state', 'CC BY 4.0', 'CC0', 'Avalara']) {
      expect(notice).toContain(s);
    }
  });
});

describe.each(RATE_FILES)('rate table %s', (file) => {
  const table = tables[file]!;
  const ids = new Set(table.jurisdictions.map((j) => j.id));

  it('has unique jurisdiction ids and location keys', () => {
    expect(ids.size).toBe(table.jurisdictions.length);
    const keys = table.locations.map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes every rate as an exact decimal string with at most 8 decimals', () => {
    for (const p of table.rates) {
      expect(p.rate, `${p.jurisdiction} ${p.from}`).toMatch(RATE);
      expect((p.rate.split('.')[1] ?? '').length, `${p.jurisdiction} ${p.from}`).toBeLessThanOrEqual(8);
      expect(p.rate.endsWith('0') && p.rate !== '0', `${p.jurisdiction} ${p.from}: trailing zero`).toBe(false);
    }
  });

  it('gives every period a known jurisdiction, ISO dates, from < to and a source', () => {
    for (const p of table.rates) {
      expect(ids.has(p.jurisdiction), p.jurisdiction).toBe(true);
      expect(p.from).toMatch(ISO_DATE);
      if (p.to !== undefined) {
        expect(p.to).toMatch(ISO_DATE);
        expect(p.from < p.to, `${p.jurisdiction} ${p.from}..${p.to}`).toBe(true);
      }
      expect(p.source ?? '').not.toBe('');
    }
  });

  it('never lets two periods of one jurisdiction overlap', () => {
    for (const id of ids) {
      const ps = table.rates.filter((p) => p.jurisdiction === id).toSorted((a, b) => (a.from < b.from ? -1 : 1));
      expect(ps.length, `${id} has no rate`).toBeGreaterThan(0);
      for (let i = 1; i < ps.length; i++) {
        const prev = ps[i - 1]!;
        const next = ps[i]!;
        expect(prev.to, `${id}: open period before ${next.from}`).toBeDefined();
        expect(prev.to! <= next.from, `${id}: ${prev.from}..${prev.to} overlaps ${next.from}`).toBe(true);
      }
    }
  });

  it('maps every location key to existing jurisdictions', () => {
    for (const l of table.locations) {
      for (const j of l.jurisdictions) expect(ids.has(j), `${l.key} → ${j}`).toBe(true);
    }
  });

  it('uses each jurisdiction in some location', () => {
    const used = new Set(table.locations.flatMap((l) => l.jurisdictions));
    for (const id of ids) expect(used.has(id), id).toBe(true);
  });
});

describe('coverage', () => {
  it('has no jurisdiction id or location key in two tables', () => {
    const ids = allTables.flatMap((t) => t.jurisdictions.map((j) => j.id));
    expect(new Set(ids).size).toBe(ids.length);
    const keys = allTables.flatMap((t) => t.locations.map((l) => l.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a location for every US state, DC and PR', () => {
    for (const st of US_CODES)
      expect(
        usTable.locations.find((l) => l.key === `US-${st}`),
        st,
      ).toBeDefined();
    // 52 state-level jurisdictions, plus the statewide local taxes of Utah and Virginia.
    expect(usTable.jurisdictions.filter((j) => j.level === 'STATE')).toHaveLength(52);
    expect(usTable.jurisdictions.filter((j) => j.level !== 'STATE').map((j) => j.id)).toEqual([
      'US-UT-LOCAL',
      'US-VA-LOCAL',
    ]);
  });

  it('has a location for all 13 Canadian provinces and territories', () => {
    for (const pr of CA_CODES)
      expect(
        caTable.locations.find((l) => l.key === `CA-${pr}`),
        pr,
      ).toBeDefined();
    expect(caTable.locations).toHaveLength(13);
  });

  it('has all of the EU-27', () => {
    for (const c of EU27) expect(locationOf(c), c).toEqual([c]);
  });

  it('gives the rates people expect today', () => {
    const today = '2026-11-22';
    const expected: Record<string, number> = {
      'US-CA': 0.0725,
      'US-IN': 0.07,
      'US-NJ': 0.06625,
      'US-NM': 0.04875,
      'US-LA': 0.05,
      'US-SD': 0.042,
      'US-UT': 0.061,
      'US-VA': 0.053,
      'US-PR': 0.105,
      'US-OR': 0,
      'US-DE': 0,
      'CA-ON': 0.13,
      'CA-NS': 0.14,
      'CA-QC': 0.14975,
      'CA-BC': 0.12,
      'CA-AB': 0.05,
      'CA-NB': 0.15,
      DE: 0.19,
      FR: 0.2,
      GB: 0.2,
      EE: 0.24,
      FI: 0.255,
      SK: 0.23,
      RO: 0.21,
      CH: 0.081,
      SG: 0.09,
      JP: 0.1,
      'ES-CN': 0.07,
      'ES-CE': 0,
    };
    for (const [key, rate] of Object.entries(expected)) expect(combinedRate(key, today), key).toBe(rate);
    expect(combinedRate('CA-NS', '2025-03-31')).toBe(0.15);
    expect(combinedRate('US-NM', '2023-06-30')).toBe(0.05);
    expect(combinedRate('DE', '2020-10-01')).toBe(0.16);
  });

  it("covers every US state from 2010-01-01, the rates before each state's latest change included", () => {
    const history: [string, string, number][] = [
      ['US-NJ', '2016-12-31', 0.07],
      ['US-NJ', '2017-01-01', 0.06875],
      ['US-CA', '2011-06-30', 0.0825],
      ['US-CA', '2011-07-01', 0.0725],
      ['US-AZ', '2010-05-31', 0.056],
      ['US-AZ', '2010-06-01', 0.066],
      ['US-AZ', '2013-06-01', 0.056],
      ['US-KS', '2013-06-30', 0.063],
      ['US-KS', '2013-07-01', 0.0615],
      ['US-LA', '2016-04-01', 0.05],
      ['US-DC', '2013-10-01', 0.0575],
      ['US-ME', '2013-09-30', 0.05],
      ['US-UT', '2019-03-31', 0.0595],
      ['US-VA', '2013-06-30', 0.05],
    ];
    for (const [key, day, rate] of history) expect(combinedRate(key, day), `${key} ${day}`).toBe(rate);
    // Puerto Rico's table starts at its 2015-07-01 rate; its earlier IVU history is not in it.
    for (const state of US_CODES.filter((code) => code !== 'PR')) {
      expect(combinedRate(`US-${state}`, '2010-01-01'), state).toBeTypeOf('number');
    }
  });
});

describe('ZIP tables', () => {
  interface Zip3 {
    lookupRule: string;
    zip3: Record<string, string>;
    exceptions: Record<string, string>;
  }
  interface Zip5 {
    columns: string[];
    counties: string[];
    zips: Record<string, [string, string, number | null]>;
  }
  interface TopPop {
    byState: Record<string, string>;
    byStateCity: Record<string, string>;
  }
  const zip3 = readData<Zip3>('locations/us-zip3-state.json');
  const zip5 = readData<Zip5>('locations/us-zip5.json');
  const top = readData<TopPop>('locations/us-zip-top-population.json');

  /** The lookup rule documented in us-zip3-state.json. */
  const stateOf = (zip: string): string | null => {
    const z = zip.slice(0, 5);
    if (!/^\d{5}$/.test(z)) return null;
    return zip3.exceptions[z] ?? zip3.zip3[z.slice(0, 3)] ?? null;
  };
  const row = (zip: string) => {
    const r = zip5.zips[zip];
    if (!r) return undefined;
    const [state, city, county] = r;
    return { state, city, county: county === null ? null : zip5.counties[county] };
  };

  it('ZIP3 table: prefixes and exceptions', () => {
    expect(stateOf('46122')).toBe('IN');
    expect(stateOf('90002')).toBe('CA');
    expect(stateOf('10001')).toBe('NY');
    expect(stateOf('10001-1234')).toBe('NY');
    expect(stateOf('00501')).toBe('NY');
    expect(stateOf('00601')).toBe('PR');
    expect(stateOf('06390')).toBe('NY'); // Fishers Island: a CT prefix
    expect(stateOf('20500')).toBe('DC');
    expect(stateOf('09001')).toBe('AE');
    expect(stateOf('00000')).toBeNull();
    expect(stateOf('abcde')).toBeNull();
    expect(Object.keys(zip3.zip3).every((k) => /^\d{3}$/.test(k))).toBe(true);
    expect(Object.keys(zip3.exceptions).every((k) => /^\d{5}$/.test(k))).toBe(true);
  });

  it('ZIP5 table: state, city and county', () => {
    expect(zip5.columns).toEqual(['state', 'city', 'county']);
    expect(row('46122')).toEqual({ state: 'IN', city: 'Danville', county: 'Hendricks' });
    expect(row('90002')?.state).toBe('CA');
    expect(row('10001')?.state).toBe('NY');
    expect(Object.keys(zip5.zips).length).toBeGreaterThan(40000);
  });

  it('ZIP5 states agree with the ZIP3 table (except ZIPs that straddle a state line)', () => {
    let disagree = 0;
    for (const [zip, [state]] of Object.entries(zip5.zips)) if (stateOf(zip) !== state) disagree++;
    expect(disagree).toBeLessThan(100);
  });

  it('most populous ZCTA per state and per city', () => {
    for (const st of US_CODES) expect(top.byState[st], st).toMatch(/^\d{5}$/);
    expect(top.byState.CA).toBe('90011');
    expect(top.byStateCity['CA|LOS ANGELES']).toBe('90011');
    expect(top.byStateCity['NY|NEW YORK']).toBe('10025');
    for (const zip of Object.values(top.byStateCity)) expect(zip).toMatch(/^\d{5}$/);
  });
});

describe('subdivisions and countries', () => {
  interface Names {
    codeToName: Record<string, string>;
    nameToCode: Record<string, string>;
  }
  const sub = readData<{ us: Names; ca: Names; caFsaFirstLetter: Record<string, string[]> }>(
    'locations/subdivisions.json',
  );
  const countries = readData<{ countries: Record<string, string> }>('locations/countries.json');

  it('maps US and Canadian names to codes and back', () => {
    for (const st of [...US_CODES, 'AS', 'GU', 'MP', 'VI', 'UM']) {
      const name = sub.us.codeToName[st];
      expect(name, st).toBeDefined();
      expect(sub.us.nameToCode[name!]).toBe(st);
    }
    for (const pr of CA_CODES) {
      const name = sub.ca.codeToName[pr];
      expect(name, pr).toBeDefined();
      expect(sub.ca.nameToCode[name!]).toBe(pr);
    }
    expect(sub.ca.nameToCode.Québec).toBe('QC');
    expect(sub.us.nameToCode.California).toBe('CA');
    const letters = new Set(Object.values(sub.caFsaFirstLetter).flat());
    for (const pr of CA_CODES) expect(letters.has(pr), pr).toBe(true);
    expect(sub.caFsaFirstLetter.H).toEqual(['QC']);
  });

  it('lists all 249 ISO 3166-1 alpha-2 codes', () => {
    const codes = Object.keys(countries.countries);
    expect(codes).toHaveLength(249);
    for (const c of codes) expect(c).toMatch(/^[A-Z]{2}$/);
    expect(countries.countries.DE).toBe('Germany');
  });
});

/**
 * Cross-check against `sales-tax` 2.x res/sales_tax_rates.json. Its own data is a late-2025 snapshot
 * with known defects (docs/data.md §1), so differences are allowed only where listed, with the
 * reason. Every non-zero country it has must either be in our data or be listed as left out.
 */
describe('cross-check with sales-tax', () => {
  interface StEntry {
    type: string;
    rate: number;
    before?: Record<string, { type: string; rate: number }>;
    states?: Record<string, StEntry>;
  }
  const require = createRequire(import.meta.url);
  const st = readJson(pathToFileURL(require.resolve('sales-tax/res/sales_tax_rates.json'))) as Record<string, StEntry>;
  const AS_OF = '2026-11-22';

  /** Countries sales-tax has that taxkit's data leaves out on purpose. */
  const LEFT_OUT: Record<string, string> = {
    AW: 'Aruba levies turnover taxes (BBO/BAVP), not a VAT; the planned 2023 VAT was not introduced',
    BO: 'Bolivia: 13% nominal, charged inside the price (14.94% effective); which to apply is a modelling choice',
    BR: 'Brazil has no single national VAT (ICMS by state, IPI, PIS/COFINS)',
    CW: 'Curaçao levies a turnover tax (OB), not confirmed for this table',
    ER: 'Eritrea: rate not confirmed',
    GH: 'Ghana: 15% VAT plus levies (NHIL, GETFund, COVID) reformed in 2026; not a single rate',
    ID: 'Indonesia: 12% statutory since 2025 but 11% effective on most supplies (11/12 base)',
    KW: 'Kuwait has not introduced VAT',
    MM: 'Myanmar levies a commercial tax, not confirmed for this table',
    MY: 'Malaysia levies sales and service tax (SST), not a VAT',
    PK: 'Pakistan: federal sales tax on goods, provincial sales taxes on services',
    PR: 'Puerto Rico is in us-states.json (US-PR): state IVU 10.5%; sales-tax adds the 1% municipal IVU',
    QA: 'Qatar has not introduced VAT',
    SR: 'Suriname: rate not confirmed (sales-tax shows 15%)',
    TH: 'Thailand: statutory 10% reduced to 7% by decree; the current extension is not confirmed',
    VN: 'Vietnam: 10% standard but 8% on most supplies under temporary reductions',
  };
  /** Countries where the current rate differs from sales-tax, and why (ours is right). */
  const KNOWN_DIFFERENCES: Record<string, string> = {
    BH: 'Bahrain raised VAT from 5% to 10% on 2022-01-01',
    BS: 'Bahamas cut VAT from 12% to 10% on 2022-01-01',
    EC: 'Ecuador raised VAT from 12% to 15% on 2024-04-01',
    KZ: 'Kazakhstan raised VAT from 12% to 16% on 2026-01-01 (new Tax Code)',
    LI: 'Liechtenstein applies Swiss VAT: 8.1% since 2024-01-01 (sales-tax still has 7.7%)',
    LK: 'Sri Lanka raised VAT to 15% (2022-09-01) and 18% (2024-01-01)',
    RU: 'Russia raised VAT from 20% to 22% on 2026-01-01',
    ZW: 'Zimbabwe raised VAT from 15% to 15.5% on 2026-01-01',
  };
  /** US states where sales-tax is wrong or stale (docs/data.md §1). */
  const US_KNOWN_DIFFERENCES: Record<string, string> = {
    AR: '6.5% since 2013-07-01 (sales-tax 6%)',
    AZ: '5.6% since 2013-06-01 (sales-tax 6.6%)',
    CA: '7.25% statewide since 2017-01-01 (sales-tax 8.25%)',
    CT: '6.35% since 2011-07-01 (sales-tax 6%)',
    LA: '5% since 2025-01-01 (sales-tax 4%)',
    ME: '5.5% since 2013-10-01 (sales-tax 5%)',
    NC: '4.75% since 2011-07-01 (sales-tax 5.75%)',
    NJ: '6.625% since 2018-01-01 (sales-tax 7%)',
    NM: '4.875% since 2023-07-01 (sales-tax 5%)',
    OH: '5.75% since 2013-09-01 (sales-tax 5.5%)',
    SD: '4.2% since 2023-07-01 (sales-tax 4%)',
    UT: '6.1% statewide minimum since 2019-04-01 (sales-tax 5.95%)',
    VA: '5.3% statewide since 2013-07-01 (sales-tax 5%)',
  };
  /** History entries of sales-tax that disagree with ours ("<country> <last day of old rate>"), and why. */
  const HISTORY_DIFFERENCES: Record<string, string> = {
    'RO 2025-08-01':
      'sales-tax switches at 2025-08-01T21:00Z (midnight of 2 August in Bucharest); Law 141/2025 applies 21% from 2025-08-01',
  };

  it('accounts for every non-zero sales-tax country', () => {
    for (const [cc, e] of Object.entries(st)) {
      if (e.rate === 0 || cc === 'US' || cc === 'CA') continue;
      const ours = locationOf(cc);
      if (LEFT_OUT[cc] !== undefined) {
        expect(ours, `${cc} is listed as left out but present`).toBeUndefined();
      } else {
        expect(ours, `${cc} (${e.rate}) missing from vat-gst.json and not listed in LEFT_OUT`).toBeDefined();
      }
    }
  });

  it('agrees on current national standard rates, except the known differences', () => {
    const diffs: string[] = [];
    for (const [cc, e] of Object.entries(st)) {
      if (e.rate === 0 || LEFT_OUT[cc] !== undefined || cc === 'US' || cc === 'CA') continue;
      const ours = combinedRate(cc, AS_OF);
      if (ours !== e.rate) diffs.push(`${cc}: ours ${ours}, sales-tax ${e.rate}`);
    }
    // Exactly the listed countries differ: a new difference needs a reason, a fixed one its removal.
    expect(diffs.map((d) => d.slice(0, d.indexOf(':'))).toSorted()).toEqual(Object.keys(KNOWN_DIFFERENCES).toSorted());
  });

  it('agrees on the dated history both have, except the known differences', () => {
    const diffs: string[] = [];
    for (const [cc, e] of Object.entries(st)) {
      if (!e.before || LEFT_OUT[cc] !== undefined) continue;
      for (const [instant, prev] of Object.entries(e.before)) {
        // sales-tax stores "the rate before this instant", with local midnight written as a UTC
        // instant; the last day of the earlier rate is the UTC date one millisecond earlier.
        const day = new Date(Date.parse(instant) - 1).toISOString().slice(0, 10);
        const ours = combinedRate(cc, day);
        if (ours === undefined) continue; // before our first period for that country
        if (ours !== prev.rate) diffs.push(`${cc} ${day}: ours ${ours}, sales-tax ${prev.rate}`);
      }
    }
    expect(diffs.map((d) => d.slice(0, d.indexOf(':'))).toSorted()).toEqual(
      Object.keys(HISTORY_DIFFERENCES).toSorted(),
    );
  });

  it('agrees on Canadian provinces (HST = GST + provincial part)', () => {
    const ca = st.CA!;
    expect(combinedRate('CA-AB', AS_OF)).toBe(ca.rate);
    for (const [pr, e] of Object.entries(ca.states ?? {})) {
      expect(combinedRate(`CA-${pr}`, AS_OF), pr).toBe(Math.round((ca.rate + e.rate) * 1e8) / 1e8);
    }
  });

  it('agrees on US states, except the states where sales-tax is known to be wrong', () => {
    for (const [s, e] of Object.entries(st.US!.states ?? {})) {
      const ours = combinedRate(`US-${s}`, AS_OF);
      if (US_KNOWN_DIFFERENCES[s] !== undefined) expect(ours, s).not.toBe(e.rate);
      else expect(ours, s).toBe(e.rate);
    }
  });

  it('agrees on Spanish territories (sales-tax stores them as adjustments to 21%)', () => {
    const es = st.ES!;
    for (const [sub, e] of Object.entries(es.states ?? {})) {
      expect(combinedRate(`ES-${sub}`, AS_OF), sub).toBe(Math.round((es.rate + e.rate) * 1e8) / 1e8);
    }
  });
});
