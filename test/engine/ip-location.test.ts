/**
 * `customer.ip` (docs/interface.md §2.2, API version 2026-03-01) through the engine, with the real GeoIP
 * adapter over MMDB fixtures of both record shapes: every resolution mode against every kind of
 * IP location, the address/IP precedence and the version gate.
 */
import type { CalculationRequest } from '../../src/wire/api-types.ts';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { createGeoLookup } from '../../adapters/maxmind/index.ts';
import type { GeoLocation, GeoLookup } from '../../src/ports/geo.ts';
import type { ApiVersion } from '../../src/wire/api-version.ts';
import { TEST_ADDRESSES, createTestEngine } from '../helpers/engine-fixtures.ts';
import { createTestLocations } from '../helpers/locations.ts';
import { writeMmdb, type MmdbNetwork } from '../helpers/mmdb-writer.ts';

type Wire = Record<string, any>;
type Mode = 'strict' | 'zero' | 'approximate' | 'best_effort';
const MODES: readonly Mode[] = ['strict', 'zero', 'approximate', 'best_effort'];

/** What the IPs of the fixture databases stand for (test/helpers/engine-fixtures.ts rates). */
const IP = {
  usPostal: '73.162.0.1', // CA, San Francisco, 94111 (9 %: state + two SF districts)
  usStateCity: '98.97.0.1', // CA, Los Angeles, no postal code
  usStateOtherCity: '98.98.0.1', // CA, Fresno (no ZIP of it in the tables), no postal code
  usStateOnly: '98.99.0.1', // IN, no city, no postal code
  usForeignZip: '98.100.0.1', // CA, Los Angeles, 10001 (a New York ZIP)
  usUnknownState: '98.101.0.1', // state the tables do not know
  usCountryOnly: '8.8.8.8',
  caProvince: '24.48.0.1', // ON, Toronto, no postal code
  caProvinceFsa: '24.49.0.1', // ON, Toronto, M5V (GeoLite2 gives an FSA)
  caCountryOnly: '99.224.0.1',
  de: '5.1.0.1',
  gb: '81.2.69.160', // a country the test tables do not have
  unknown: '192.0.2.1',
  deIpv6: '2a00:1450:4001::200e',
} as const;

interface Place {
  readonly country: string;
  readonly state?: string;
  readonly stateCode?: string;
  readonly city?: string;
  readonly postal?: string;
}

const PLACES: readonly (readonly [network: string, place: Place])[] = [
  ['73.162.0.0/16', { country: 'US', state: 'California', stateCode: 'CA', city: 'San Francisco', postal: '94111' }],
  ['98.97.0.0/16', { country: 'US', state: 'California', stateCode: 'CA', city: 'Los Angeles' }],
  ['98.98.0.0/16', { country: 'US', state: 'California', stateCode: 'CA', city: 'Fresno' }],
  ['98.99.0.0/16', { country: 'US', state: 'Indiana', stateCode: 'IN' }],
  ['98.100.0.0/16', { country: 'US', state: 'California', stateCode: 'CA', city: 'Los Angeles', postal: '10001' }],
  ['98.101.0.0/16', { country: 'US', state: 'Texas', stateCode: 'TX', city: 'Austin' }],
  ['8.8.8.0/24', { country: 'US' }],
  ['24.48.0.0/16', { country: 'CA', state: 'Ontario', stateCode: 'ON', city: 'Toronto' }],
  ['24.49.0.0/16', { country: 'CA', state: 'Ontario', stateCode: 'ON', city: 'Toronto (Downtown)', postal: 'M5V' }],
  ['99.224.0.0/16', { country: 'CA' }],
  ['5.1.0.0/16', { country: 'DE' }],
  ['81.2.69.0/24', { country: 'GB', state: 'England', stateCode: 'ENG', city: 'London', postal: 'N2' }],
];

function geoip2Record(place: Place): MmdbNetwork['record'] {
  return {
    country: { iso_code: place.country, names: { en: place.country } },
    ...(place.stateCode === undefined
      ? {}
      : { subdivisions: [{ iso_code: place.stateCode, names: { en: place.state ?? '' } }] }),
    ...(place.city === undefined ? {} : { city: { names: { en: place.city.replace(/ \(.*\)$/, '') } } }),
    ...(place.postal === undefined ? {} : { postal: { code: place.postal } }),
  };
}

function flatRecord(place: Place): MmdbNetwork['record'] {
  return {
    country_code: place.country,
    state1: place.state ?? '',
    state2: '',
    city: place.city ?? '',
    postcode: place.postal ?? '',
    latitude: 0,
    longitude: 0,
    timezone: '',
  };
}

/** GeoLite2-City shape: one database, IPv4 and IPv6. */
const geoip2 = createGeoLookup(
  new Reader(
    writeMmdb({
      databaseType: 'GeoLite2-City',
      networks: [
        ...PLACES.map(([network, place]) => ({ network, record: geoip2Record(place) })),
        { network: '2a00:1450::/32', record: geoip2Record({ country: 'DE' }) },
      ],
    }),
  ),
);

/** ip-location-db shape: an IPv4 file and an IPv6 file, state names through the engine's tables. */
const flat = createGeoLookup(
  writeMmdb({ ipVersion: 4, networks: PLACES.map(([network, place]) => ({ network, record: flatRecord(place) })) }),
  {
    ipv6Reader: writeMmdb({ networks: [{ network: '2a00:1450::/32', record: flatRecord({ country: 'DE' }) }] }),
    subdivisionCodes: createTestLocations().subdivisionCodes,
  },
);

const AMOUNT = 10_000;

function ipBody(value: string, resolution?: Mode, address?: object): CalculationRequest {
  return <CalculationRequest>{
    customer: {
      ...(address === undefined ? {} : { address }),
      ip: resolution === undefined ? { value } : { value, resolution },
    },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [
        { reference_line_item_id: 'line-1', product_category: 'GENERAL_MERCHANDISE', amount: AMOUNT, quantity: 1 },
      ],
    },
  };
}

// --- expected outcomes ------------------------------------------------------------------

type Outcome =
  | {
      readonly kind: 'place';
      readonly precision: string;
      readonly address: readonly [city: string, province: string, postal: string, country: string];
      readonly tax: number;
    }
  | { readonly kind: 'zero'; readonly country: string }
  | { readonly kind: 'error'; readonly type: string; readonly status: number };

const located = (precision: string, address: readonly [string, string, string, string], tax: number): Outcome => ({
  kind: 'place',
  precision,
  address,
  tax,
});
const zero = (country: string): Outcome => ({ kind: 'zero', country });
const error = (type: string, status = 422): Outcome => ({ kind: 'error', type, status });
const every = (outcome: Outcome): Record<Mode, Outcome> => ({
  strict: outcome,
  zero: outcome,
  approximate: outcome,
  best_effort: outcome,
});

const SAN_FRANCISCO = located('POSTAL', ['San Francisco', 'CA', '94111', 'US'], 900);
const LOS_ANGELES_APPROXIMATED = located('APPROXIMATED', ['Los Angeles', 'CA', '90002', 'US'], 725);
const GERMANY = located('COUNTRY', ['', '', '', 'DE'], 1_900);
// Only strict answers IP_RESOLUTION_*; approximate answers zero tax for what resolved (issue 10).
const FAILED = {
  strict: error('IP_RESOLUTION_FAILED'),
  zero: zero(''),
  approximate: zero(''),
  best_effort: zero(''),
};

const CASES: readonly { readonly name: string; readonly ip: string; readonly outcomes: Record<Mode, Outcome> }[] = [
  { name: 'US with a postal code', ip: IP.usPostal, outcomes: every(SAN_FRANCISCO) },
  {
    name: 'US state and city, no postal code: the city’s most populous ZIP',
    ip: IP.usStateCity,
    outcomes: {
      strict: error('IP_RESOLUTION_INSUFFICIENT_US'),
      zero: zero('US'),
      approximate: LOS_ANGELES_APPROXIMATED,
      best_effort: LOS_ANGELES_APPROXIMATED,
    },
  },
  {
    name: 'US state and a city without ZIP data: the state’s most populous ZIP',
    ip: IP.usStateOtherCity,
    outcomes: {
      strict: error('IP_RESOLUTION_INSUFFICIENT_US'),
      zero: zero('US'),
      approximate: located('APPROXIMATED', ['San Francisco', 'CA', '94111', 'US'], 900),
      best_effort: located('APPROXIMATED', ['San Francisco', 'CA', '94111', 'US'], 900),
    },
  },
  {
    name: 'US state only',
    ip: IP.usStateOnly,
    outcomes: {
      strict: error('IP_RESOLUTION_INSUFFICIENT_US'),
      zero: zero('US'),
      approximate: located('APPROXIMATED', ['Danville', 'IN', '46122', 'US'], 700),
      best_effort: located('APPROXIMATED', ['Danville', 'IN', '46122', 'US'], 700),
    },
  },
  {
    name: 'US state with a ZIP of another state: the ZIP is not trusted',
    ip: IP.usForeignZip,
    outcomes: {
      strict: error('IP_RESOLUTION_INSUFFICIENT_US'),
      zero: zero('US'),
      approximate: LOS_ANGELES_APPROXIMATED,
      best_effort: LOS_ANGELES_APPROXIMATED,
    },
  },
  {
    name: 'US with a state the tables do not know',
    ip: IP.usUnknownState,
    outcomes: {
      strict: error('IP_RESOLUTION_INSUFFICIENT_US'),
      zero: zero('US'),
      approximate: zero('US'),
      best_effort: zero('US'),
    },
  },
  {
    name: 'US without a state',
    ip: IP.usCountryOnly,
    outcomes: {
      strict: error('IP_RESOLUTION_INSUFFICIENT_US'),
      zero: zero('US'),
      approximate: zero('US'),
      best_effort: zero('US'),
    },
  },
  {
    name: 'CA with a province',
    ip: IP.caProvince,
    outcomes: every(located('PROVINCE', ['Toronto', 'ON', '', 'CA'], 1_300)),
  },
  // An FSA is not a full postal code: province precision, as for an FSA-only address.
  {
    name: 'CA with a province and an FSA',
    ip: IP.caProvinceFsa,
    outcomes: every(located('PROVINCE', ['Toronto', 'ON', 'M5V', 'CA'], 1_300)),
  },
  {
    name: 'CA without a province',
    ip: IP.caCountryOnly,
    outcomes: {
      strict: error('IP_RESOLUTION_INSUFFICIENT_CA'),
      zero: zero('CA'),
      approximate: zero('CA'),
      best_effort: zero('CA'),
    },
  },
  { name: 'DE, country only', ip: IP.de, outcomes: every(GERMANY) },
  { name: 'DE over IPv6', ip: IP.deIpv6, outcomes: every(GERMANY) },
  { name: 'a country the location tables do not know', ip: IP.gb, outcomes: FAILED },
  { name: 'an IP the database does not know', ip: IP.unknown, outcomes: FAILED },
  { name: 'invalid IP text', ip: '73.162.0', outcomes: every(error('INVALID_IP_FORMAT', 400)) },
  { name: 'IP text with a trailing space', ip: `${IP.usPostal} `, outcomes: every(error('INVALID_IP_FORMAT', 400)) },
  { name: 'an IPv4-mapped IPv6 address', ip: `::ffff:${IP.usPostal}`, outcomes: every(SAN_FRANCISCO) },
];

async function expectOutcome(geo: GeoLookup, ip: string, mode: Mode, outcome: Outcome): Promise<void> {
  const { engine } = createTestEngine({ geo });
  const created = engine.calculations.create(ipBody(ip, mode), { version: '2026-03-01' });
  if (outcome.kind === 'error') {
    await expect(created).rejects.toMatchObject({ type: outcome.type, status: outcome.status });
    return;
  }
  const result: Wire = await created;
  expect(result.location_source).toBe('ip');
  if (outcome.kind === 'zero') {
    expect(result).toMatchObject({
      total_tax_amount: 0,
      total_amount_excluding_tax: AMOUNT,
      total_amount_including_tax: AMOUNT,
      // A zero answer claims COUNTRY precision only when a country resolved (issue 10).
      resolution_precision: outcome.country === '' ? null : 'COUNTRY',
    });
    expect(result.address_used).toMatchObject({
      address_country: outcome.country,
      address_province: '',
      address_postal_code: '',
    });
    expect(result.line_items[0].tax_amount).toBe(0);
    return;
  }
  const [city, province, postal, country] = outcome.address;
  expect(result.resolution_precision).toBe(outcome.precision);
  expect(result.address_used).toEqual({
    address_line_1: '',
    address_line_2: '',
    address_city: city,
    address_province: province,
    address_postal_code: postal,
    address_country: country,
  });
  expect(result.total_tax_amount).toBe(outcome.tax);
  expect(result.total_amount_including_tax).toBe(AMOUNT + outcome.tax);
}

for (const [shape, geo] of [
  ['GeoLite2-City database', geoip2],
  ['ip-location-db IPv4 + IPv6 databases', flat],
] as const) {
  describe(`customer.ip through the ${shape}`, () => {
    for (const { name, ip, outcomes } of CASES) {
      describe(name, () => {
        for (const mode of MODES) {
          const outcome = outcomes[mode];
          const expected =
            outcome.kind === 'error'
              ? outcome.type
              : outcome.kind === 'zero'
                ? `zero rates (${outcome.country || 'no country'})`
                : outcome.precision;
          it(`${mode} → ${expected}`, () => expectOutcome(geo, ip, mode, outcome));
        }
      });
    }
  });
}

describe('customer.ip rules', () => {
  it('defaults to strict', async () => {
    const { engine } = createTestEngine({ geo: geoip2 });
    await expect(engine.calculations.create(ipBody(IP.usCountryOnly), { version: '2026-03-01' })).rejects.toMatchObject(
      {
        type: 'IP_RESOLUTION_INSUFFICIENT_US',
        status: 422,
      },
    );
    const result: Wire = await engine.calculations.create(ipBody(IP.usPostal), { version: '2026-03-01' });
    expect(result).toMatchObject({ location_source: 'ip', resolution_precision: 'POSTAL', total_tax_amount: 900 });
  });

  it('uses a valid address first, even when the IP would fail', async () => {
    const { engine } = createTestEngine({ geo: geoip2 });
    const results: Wire[] = await Promise.all(
      [IP.de, IP.unknown, IP.usCountryOnly].map((ip) =>
        engine.calculations.create(ipBody(ip, 'strict', TEST_ADDRESSES.toronto), { version: '2026-03-01' }),
      ),
    );
    for (const result of results) {
      expect(result).toMatchObject({
        location_source: 'address',
        resolution_precision: 'POSTAL',
        total_tax_amount: 1_300,
      });
      expect(result.address_used).toMatchObject({ address_province: 'ON', address_country: 'CA' });
    }
  });

  it('falls back to the IP when the address cannot be resolved', async () => {
    const { engine } = createTestEngine({ geo: geoip2 });
    const mismatched = { ...TEST_ADDRESSES.sanFrancisco, address_postal_code: '10001' }; // a New York ZIP
    await expect(
      engine.calculations.create({ ...ipBody(IP.de), customer: { address: mismatched } }, { version: '2026-03-01' }),
    ).rejects.toMatchObject({ type: 'ZIP_STATE_MISMATCH' });
    const result: Wire = await engine.calculations.create(ipBody(IP.de, 'strict', mismatched), {
      version: '2026-03-01',
    });
    expect(result).toMatchObject({ location_source: 'ip', resolution_precision: 'COUNTRY', total_tax_amount: 1_900 });
    const unknownCountry: Wire = await engine.calculations.create(
      ipBody(IP.usPostal, 'strict', { address_country: 'XX' }),
      {
        version: '2026-03-01',
      },
    );
    expect(unknownCountry).toMatchObject({
      location_source: 'ip',
      resolution_precision: 'POSTAL',
      total_tax_amount: 900,
    });
  });

  it('reports location_source "address" for address-only calculations', async () => {
    const { engine } = createTestEngine({ geo: geoip2 });
    const result: Wire = await engine.calculations.create(
      { ...ipBody(IP.de), customer: { address: TEST_ADDRESSES.berlin } },
      { version: '2026-03-01' },
    );
    expect(result).toMatchObject({ location_source: 'address', total_tax_amount: 1_900 });
  });

  it.each<ApiVersion>(['2024-09-01', '2025-05-12', '2026-01-01'])(
    'rejects customer.ip in version %s as UNRECOGNIZED_FIELD',
    async (version) => {
      const { engine } = createTestEngine({ geo: geoip2 });
      await expect(engine.calculations.create(ipBody(IP.usPostal), { version })).rejects.toMatchObject({
        type: 'UNRECOGNIZED_FIELD',
        status: 400,
      });
      await expect(
        engine.calculations.create(ipBody(IP.de, 'strict', TEST_ADDRESSES.berlin), { version }),
      ).rejects.toMatchObject({
        type: 'UNRECOGNIZED_FIELD',
      });
    },
  );

  it('validates the IP and unmaps ::ffff: before the GeoIP lookup', async () => {
    const asked: string[] = [];
    const recording: GeoLookup = {
      lookup(ip): GeoLocation | undefined {
        asked.push(ip);
        return { country: 'DE' };
      },
    };
    const { engine } = createTestEngine({ geo: recording });
    await engine.calculations.create(ipBody('::ffff:5.1.0.1'), { version: '2026-03-01' });
    await engine.calculations.create(ipBody('::FFFF:5.1.0.2'), { version: '2026-03-01' });
    await engine.calculations.create(ipBody('2a00:1450::1'), { version: '2026-03-01' });
    await expect(engine.calculations.create(ipBody('5.1.0'), { version: '2026-03-01' })).rejects.toMatchObject({
      type: 'INVALID_IP_FORMAT',
    });
    expect(asked).toEqual(['5.1.0.1', '5.1.0.2', '2a00:1450::1']);
  });

  it('without a GeoIP database: strict fails, zero answers zero rates', async () => {
    const { engine } = createTestEngine();
    await expect(engine.calculations.create(ipBody(IP.de, 'strict'), { version: '2026-03-01' })).rejects.toMatchObject({
      type: 'IP_RESOLUTION_FAILED',
      status: 422,
    });
    const result: Wire = await engine.calculations.create(ipBody(IP.de, 'zero'), { version: '2026-03-01' });
    expect(result).toMatchObject({ location_source: 'ip', total_tax_amount: 0 });
  });
});
