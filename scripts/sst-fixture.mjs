// SST rate and boundary files of realistic size in the board's real layout, for the bench:
// the 24 member states, each with its real ZIP5s (taxkit's embedded ZIP table), one `Z` record
// per ZIP5 and its ZIP+4 space cut into ranges, some of which add a city or a district (so about
// a third of the ZIP5s hold several combined rates, as the real files do), about 1.1 million
// boundary records in all. The rates are made up: the bench measures speed, not tax.
import { readFileSync } from 'node:fs';

const STATE_FIPS = {
  AR: '05',
  GA: '13',
  IA: '19',
  IN: '18',
  KS: '20',
  KY: '21',
  MI: '26',
  MN: '27',
  NC: '37',
  ND: '38',
  NE: '31',
  NJ: '34',
  NV: '32',
  OH: '39',
  OK: '40',
  RI: '44',
  SD: '46',
  TN: '47',
  UT: '49',
  VT: '50',
  WA: '53',
  WI: '55',
  WV: '54',
  WY: '56',
};

/** A small deterministic generator, so every run writes the same files. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** The 89 cells every generated record has: its type, dates, state and jurisdictions. */
function recordCells(type, fips, county, place) {
  const cells = new Array(89).fill('');
  cells[0] = type;
  cells[1] = '20240101';
  cells[2] = '29991231';
  cells[22] = fips;
  cells[23] = fips;
  cells[24] = county;
  cells[25] = place;
  return cells;
}

function boundary(type, zipLow, plus4Low, zipHigh, plus4High, fips, county, place, district) {
  const cells = recordCells(type, fips, county, place);
  cells[17] = zipLow;
  cells[18] = plus4Low;
  cells[19] = zipHigh;
  cells[20] = plus4High;
  if (district !== '') {
    cells[35] = '00';
    cells[36] = district;
    cells[37] = '40';
  }
  return cells.join(',');
}

/** An address (A) record: a block of one side of a street in a ZIP5, as Vermont's file has only these. */
function address(zip, houseLow, houseHigh, parity, street, fips, county, place) {
  const cells = recordCells('A', fips, county, place);
  cells[3] = String(houseLow);
  cells[4] = String(houseHigh);
  cells[5] = parity;
  cells[7] = street;
  cells[8] = 'ST';
  cells[15] = zip;
  return cells.join(',');
}

/** Address records a ZIP5 of Vermont gets: 300 ZIPs × 300 ≈ 90,000, the scale assumed for its file (not a count). */
const ADDRESSES_PER_ZIP = 300;

/**
 * @param {{ totalRecords?: number, states?: readonly string[] }} [options]
 * @returns {{ fileName: string, text: string, records: number, zips: string[], state: string }[]}
 */
export function generateSstFixture(options = {}) {
  const states = options.states ?? Object.keys(STATE_FIPS);
  const total = options.totalRecords ?? 1_100_000;
  const zipTable = JSON.parse(readFileSync(new URL('../data/locations/us-zip5.json', import.meta.url), 'utf8')).zips;
  const zipsOf = new Map(states.map((state) => [state, []]));
  for (const [zip, [state]] of Object.entries(zipTable)) zipsOf.get(state)?.push(zip);
  const allZips = states.reduce((sum, state) => sum + zipsOf.get(state).length, 0);
  const perZip = Math.max(2, Math.round(total / allZips) - 1);
  const files = [];
  states.forEach((state, stateIndex) => {
    const fips = STATE_FIPS[state];
    const next = random(stateIndex + 1);
    const zips = zipsOf.get(state).sort();
    const counties = 100;
    const places = 400;
    const districts = 60;
    const lines = [];
    zips.forEach((zip, zipIndex) => {
      const county = String(1 + 2 * (zipIndex % counties)).padStart(3, '0');
      const place = String(10_000 + 25 * ((zipIndex * 7) % places)).padStart(5, '0');
      if (state === 'VT') {
        // Vermont publishes only address records: streets of 50 blocks, each side its own record,
        // every fourth street outside the town.
        for (let i = 0; i < ADDRESSES_PER_ZIP; i += 1) {
          const street = `STREET ${Math.floor(i / 100)}${zipIndex}`;
          const block = Math.floor(i / 2) % 50;
          lines.push(
            address(
              zip,
              block * 100 + 1 + (i % 2),
              block * 100 + 99,
              i % 2 === 0 ? 'O' : 'E',
              street,
              fips,
              county,
              i % 400 < 100 ? '' : place,
            ),
          );
        }
        return;
      }
      lines.push(boundary('Z', zip, '', zip, '', fips, county, place, ''));
      const split = next() < 0.36;
      const step = Math.floor(10_000 / perZip);
      for (let range = 0; range < perZip; range += 1) {
        const low = range * step;
        const high = range === perZip - 1 ? 9_999 : low + step - 1;
        const district =
          split && range % 3 === 1 ? String(100 + ((zipIndex + range) % districts)).padStart(5, '0') : '';
        const inCity = !split || range % 4 !== 0;
        lines.push(boundary('4', zip, String(low), zip, String(high), fips, county, inCity ? place : '', district));
      }
    });
    const rates = [`${fips},45,${fips},0.05,0.05,0.05,0.05,20000101,29991231`];
    for (let i = 0; i < counties; i += 1) {
      const code = String(1 + 2 * i).padStart(3, '0');
      rates.push(`${fips},00,${code},0.01,0.01,0.01,0.01,20000101,20241231`);
      rates.push(`${fips},00,${code},0.0${1 + (i % 3)}25,0.0${1 + (i % 3)}25,0,0,20250101,29991231`);
    }
    for (let i = 0; i < places; i += 1) {
      rates.push(
        `${fips},01,${String(10_000 + 25 * i).padStart(5, '0')},0.0${i % 3}5,0.0${i % 3}5,0.0${i % 3}5,0.0${i % 3}5,20000101,29991231`,
      );
    }
    for (let i = 0; i < districts; i += 1) {
      rates.push(`${fips},03,${String(100 + i).padStart(5, '0')},0.005,0.005,0.005,0.005,20000101,29991231`);
    }
    files.push({
      fileName: `${state}B2026Q2APR1.csv`,
      text: `${lines.join('\n')}\n`,
      records: lines.length,
      zips,
      state,
    });
    files.push({
      fileName: `${state}R2026Q2APR1.csv`,
      text: `${rates.join('\n')}\n`,
      records: rates.length,
      zips,
      state,
    });
  });
  return files;
}
