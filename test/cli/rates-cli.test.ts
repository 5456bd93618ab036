import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { main } from '../../src/cli/main.ts';
import { generateAvalaraFixture, type FixtureFile } from '../helpers/avalara-fixture.ts';

const KEYS = {
  TAXKIT_SECRET_KEY_TEST: 'sk_test_rates_000000000000000000',
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_rates_000000000000000000',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_rates_000000000000000000',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_rates_000000000000000000',
};

const directory = mkdtempSync(join(tmpdir(), 'taxkit-rates-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function fakeIo(cwd: string, stdin?: string) {
  let out = '';
  let err = '';
  const controller = new AbortController();
  let listening: (url: string) => void = () => undefined;
  const listened = new Promise<string>((resolve) => (listening = resolve));
  const io: CliIo = {
    stdin: (async function* () {
      if (stdin !== undefined) yield Buffer.from(stdin, 'utf8');
    })(),
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    env: KEYS,
    cwd,
    shutdownSignal: () => controller.signal,
    onListening: (url) => listening(url),
  };
  return { io, out: () => out, err: () => err, stop: () => controller.abort(), listening: listened };
}

const sale = (zip: string, taxDate?: number) =>
  JSON.stringify({
    customer: { address: { address_country: 'US', address_province: 'CA', address_postal_code: zip } },
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 1_000_000, quantity: 1 }],
    },
    ...(taxDate === undefined ? {} : { tax_date: taxDate }),
  });

async function calculate(url: string, body: string): Promise<Record<string, any>> {
  const response = await fetch(`${url}/tax/calculations`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEYS.TAXKIT_SECRET_KEY_TEST}`,
      'content-type': 'application/json',
      'x-api-version': '2026-03-01',
    },
    body,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
}

describe('taxkit rates import | list, then taxkit serve --db', () => {
  const files = generateAvalaraFixture({ states: ['CA', 'NV'], zipsPerState: 40, vintages: ['202603', '202604'] });
  for (const vintage of ['202603', '202604']) mkdirSync(join(directory, vintage));
  for (const file of files) writeFileSync(join(directory, file.vintage, file.fileName), file.text);
  const row = (files.find((file) => file.state === 'CA' && file.vintage === '202604') as FixtureFile).rows[0];

  it('imports folders, prints a line per file and a summary; a second run changes nothing', async () => {
    const first = fakeIo(directory);
    expect(await main(['rates', 'import', '202604', '202603', '--db', 'rates.db'], first.io)).toBe(0);
    const lines = first.out().trim().split('\n');
    expect(lines.filter((line) => line.startsWith('read TAXRATES_ZIP5_'))).toHaveLength(4);
    expect(lines.at(-1)).toMatch(
      /^Imported 4 file\(s\), 160 rows, into rates\.db in [\d.]+ s: 4 new\. Rate revision 1, snapshot [0-9a-f]{16}\.$/,
    );
    const again = fakeIo(directory);
    expect(await main(['rates', 'import', '202603', '202604', '--db', 'rates.db'], again.io)).toBe(0);
    expect(again.out()).toMatch(/0 new, 4 already imported \(unchanged\)\. Rate revision 1,/);
  });

  it('a bad file stops the import with exit 1, its name and line, and nothing written', async () => {
    writeFileSync(
      join(directory, 'bad.csv'),
      'country,state,zip,effective_from,level,name,rate\nUS,CA,90002,2026-07-01,CITY,X,7\n',
    );
    const io = fakeIo(directory);
    expect(await main(['rates', 'import', 'bad.csv', '202603', '--db', 'rates.db'], io.io)).toBe(1);
    expect(io.err()).toMatch(/^taxkit rates import: bad\.csv, line 2: rate "7"/);
    const list = fakeIo(directory);
    expect(await main(['rates', 'list', '--db', 'rates.db'], list.io)).toBe(0);
    expect(list.out()).toContain('rate revision 1');
  });

  it('lists each table with its vintage, rows, source, id and the snapshot a server will use', async () => {
    const io = fakeIo(directory);
    expect(await main(['rates', 'list', '--db', 'rates.db'], io.io)).toBe(0);
    const out = io.out();
    expect(out).toMatch(
      /avalara-zip5-CA-2026-03 +from 2026-03-01 +avalara-zip5, 40 rows, TAXRATES_ZIP5_CA202603\.csv, id [0-9a-f]{16}/,
    );
    expect(out).toMatch(/avalara-zip5-NV-2026-04 +from 2026-04-01/);
    expect(out).toContain('https://www.avalara.com/');
    expect(out).toMatch(/us-states +from \d{4}-\d{2}-\d{2} +embedded/);
    expect(out).toMatch(/Snapshot a server started now calculates with: [0-9a-f]{16}/);
  });

  it('lists a source that is not a URL too (issue 37)', async () => {
    writeFileSync(
      join(directory, 'sourced.csv'),
      'country,state,zip,effective_from,level,name,rate,source\nUS,CO,80301,2026-01-01,CITY,BOULDER,0.03775,Boulder city tax page 2026\n',
    );
    const listed = fakeIo(directory);
    expect(await main(['rates', 'import', 'sourced.csv', '--db', 'sourced.db'], fakeIo(directory).io)).toBe(0);
    expect(await main(['rates', 'list', '--db', 'sourced.db'], listed.io)).toBe(0);
    expect(listed.out()).toMatch(/sourced\.csv, .*source taxkit rate table .*Boulder city tax page 2026/);
  });

  it('wrong usage exits 2', async () => {
    for (const argv of [
      ['rates'],
      ['rates', 'import'],
      ['rates', 'list', 'x.csv'],
      ['rates', 'import', 'x', '--format', 'xml'],
      ['rates', 'drop'],
    ]) {
      const io = fakeIo(directory);
      expect(await main(argv, io.io), argv.join(' ')).toBe(2);
    }
  });

  it('a server started on the database calculates with the imported rates, and picks up a later import', async () => {
    const server = fakeIo(directory);
    const running = main(['serve', '--db', 'rates.db', '--port', '0'], server.io);
    const url = await server.listening;
    try {
      // The banner names the states the imported tables cover, and that the rest are state level.
      expect(server.out()).toMatch(
        /^US rates: local rates for 2 state\(s\) \(CA, NV\) from TAXRATES_ZIP5_CA20260\d\.csv, .*every other state at state level only/m,
      );
      const april = await calculate(url, sale(row?.zip as string, Date.UTC(2026, 3, 2) / 1000));
      expect(april.total_tax_amount).toBe(row?.combined);
      // Answered by the imported ZIP, not the state: nothing to warn about at the top level.
      expect(april).not.toHaveProperty('note');
      expect(april.line_items[0].tax_jurisdictions[0].jurisdiction_name).toBe('California');

      const override = join(directory, 'override.csv');
      writeFileSync(
        override,
        `country,state,zip,effective_from,level,name,rate\nUS,CA,${row?.zip},2026-05-01,STATE,California,0.06\nUS,CA,${row?.zip},2026-05-01,CITY,NEWTOWN,0.04\n`,
      );
      const importing = fakeIo(directory);
      expect(await main(['rates', 'import', 'override.csv', '--db', 'rates.db'], importing.io)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const may = await calculate(url, sale(row?.zip as string, Date.UTC(2026, 4, 2) / 1000));
      expect(may.total_tax_amount).toBe(100_000);
    } finally {
      server.stop();
      expect(await running).toBe(0);
    }
  });

  it('taxkit calc --db calculates with the imported rates too; without it, with the embedded state rates', async () => {
    // May 2026: the override the server test imported (6 % state and 4 % city).
    const body = sale(row?.zip as string, Date.UTC(2026, 4, 2) / 1000);
    const withDb = fakeIo(directory, body);
    expect(await main(['calc', '--db', 'rates.db', '--version', '2026-03-01'], withDb.io)).toBe(0);
    expect(JSON.parse(withDb.out()).total_tax_amount).toBe(100_000);
    const embedded = fakeIo(directory, body);
    expect(await main(['calc', '--version', '2026-03-01'], embedded.io)).toBe(0);
    expect(JSON.parse(embedded.out()).total_tax_amount).toBe(72_500); // California's 7.25 % alone
    const both = fakeIo(directory, body);
    expect(await main(['calc', '--db', 'rates.db', '--postgres', 'postgres://x'], both.io)).toBe(2);
  });
});

describe('taxkit rates import with SST files', () => {
  it('imports a folder of SST files (and the board’s .zip) mixed in one run, and lists them with state, kind and quarter', async () => {
    const fixtures = join(import.meta.dirname, '../fixtures/sst');
    const io = fakeIo(directory);
    expect(
      await main(
        ['rates', 'import', join(fixtures, 'example'), join(fixtures, 'MNR2026Q2FEB18.zip'), '--db', 'sst.db'],
        io.io,
      ),
    ).toBe(0);
    expect(io.out()).toMatch(/Imported 3 file\(s\), 158 rows, into sst\.db/);
    const list = fakeIo(directory);
    expect(await main(['rates', 'list', '--db', 'sst.db'], list.io)).toBe(0);
    expect(list.out()).toContain('sst-boundaries, 6 rows');
    expect(list.out()).toContain('SST KS boundaries 2026Q2');
    expect(list.out()).toContain('SST MN rates 2026Q2');
    const bad = fakeIo(directory);
    writeFileSync(join(directory, 'KSR2026Q3JUL1.csv'), '20,00,091,0.01,0.01,0.01,0.01,20260701\n');
    expect(await main(['rates', 'import', 'KSR2026Q3JUL1.csv', '--db', 'sst.db'], bad.io)).toBe(1);
    expect(bad.err()).toContain('KSR2026Q3JUL1.csv, line 1: an SST rate file row has 9 columns');
  });
});

describe('correcting a rate table (issue 37): rates remove, import --replace', () => {
  const boulder = (rate: string) =>
    `country,state,zip,effective_from,level,name,rate\nUS,CO,80302,2026-01-01,STATE,Colorado,0.029\nUS,CO,80302,2026-01-01,CITY,BOULDER,${rate}\n`;
  const taxAt = async (db: string) => {
    const body = JSON.stringify({
      customer: { address: { address_country: 'US', address_province: 'CO', address_postal_code: '80302' } },
      order_details: {
        customer_currency_code: 'USD',
        tax_included_in_amount: false,
        line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 100_000, quantity: 1 }],
      },
      tax_date: Date.UTC(2026, 5, 1) / 1000,
    });
    const io = fakeIo(directory, body);
    expect(await main(['calc', '--db', db, '--version', '2026-03-01'], io.io)).toBe(0);
    // The tax of the rates, without Colorado's retail delivery fee (a flat fee per order, docs/order-fees.md).
    const answer = JSON.parse(io.out());
    const entries = answer.line_items[0].tax_jurisdictions as { fee_amount: number }[];
    return (answer.total_tax_amount as number) - entries.reduce((sum, entry) => sum + entry.fee_amount, 0);
  };

  it('a re-import under a later table says so and how; --replace puts it back in force; remove takes one out', async () => {
    writeFileSync(join(directory, 'a.csv'), boulder('0.03775'));
    writeFileSync(join(directory, 'b.csv'), boulder('0.03875'));
    const db = 'boulder.db';
    expect(await main(['rates', 'import', 'a.csv', '--db', db], fakeIo(directory).io)).toBe(0);
    expect(await main(['rates', 'import', 'b.csv', '--db', db], fakeIo(directory).io)).toBe(0);
    expect(await taxAt(db)).toBe(6_775); // 2.9 % + 3.875 %
    const again = fakeIo(directory);
    expect(await main(['rates', 'import', 'a.csv', '--db', db], again.io)).toBe(0);
    expect(again.out()).toMatch(
      /note: a\.csv is already imported \(id [0-9a-f]{16}\), but 1 table\(s\) imported after it \(b\) win where they rate the same places\. To put it back in force: taxkit rates import --replace a\.csv/,
    );
    expect(again.out()).toMatch(/0 new, 1 already imported \(unchanged\)\./);
    expect(await taxAt(db)).toBe(6_775);

    const replaced = fakeIo(directory);
    expect(await main(['rates', 'import', '--replace', 'a.csv', '--db', db], replaced.io)).toBe(0);
    expect(replaced.out()).toMatch(/1 new\. Rate revision 3,/);
    expect(await taxAt(db)).toBe(6_675); // 2.9 % + 3.775 %, Boulder as a.csv has it

    const removed = fakeIo(directory);
    expect(await main(['rates', 'remove', 'a.csv', '--db', db], removed.io)).toBe(0);
    expect(removed.out()).toMatch(
      /^removed a \(a\.csv, id [0-9a-f]{16}\): out of use, kept for replay\nRemoved 1 table\(s\)/,
    );
    expect(await taxAt(db)).toBe(6_775); // b.csv again
    const listed = fakeIo(directory);
    expect(await main(['rates', 'list', '--db', db], listed.io)).toBe(0);
    expect(listed.out()).not.toMatch(/a\.csv/);
    const unknown = fakeIo(directory);
    expect(await main(['rates', 'remove', 'nope.csv', '--db', db], unknown.io)).toBe(1);
    expect(unknown.err()).toMatch(/No imported rate table in use has the id, name or file name "nope\.csv"/);
    expect(await main(['rates', 'remove', '--db', db], fakeIo(directory).io)).toBe(2);
    expect(await main(['rates', 'list', '--replace', '--db', db], fakeIo(directory).io)).toBe(2);
  });
});
