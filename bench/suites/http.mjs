// HTTP over loopback: `taxkit serve` (memory and SQLite) against a bare node:http server that
// answers the same bytes, and durable transactions from 50 concurrent clients against the raw
// insert floor. Servers run as child processes; autocannon drives them from this process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCart } from '../cart.mjs';
import { CLI } from '../harness/dist.mjs';
import { load, request, startServerProcess } from '../harness/http.mjs';
import { compareRounds, runRound } from '../harness/measure.mjs';
import { createRawInsert } from '../floors/raw-sqlite-insert.mjs';

const CONNECTIONS = 50;
const BARE = new URL('../floors/bare-http-server.mjs', import.meta.url).pathname;
/** Fixed keys, handed to `taxkit serve` as its variables. */
const KEY = 'sk_test_benchbenchbenchbenchbenchbench00';
const KEY_ENV = {
  TAXKIT_SECRET_KEY_TEST: KEY,
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_benchbenchbenchbenchbenchbench00',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_benchbenchbenchbenchbenchbench00',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_benchbenchbenchbenchbenchbench00',
};
const HEADERS = {
  authorization: `Bearer ${KEY}`,
  'content-type': 'application/json',
  'x-api-version': '2026-03-01',
};
const CART = JSON.stringify(benchCart(3));
/** About the size of a stored 3-line transaction. */
const ROW_BYTES = 2_000;

/**
 * A contender that POSTs 3-line calculations to `url` for `seconds`.
 * @param {string} label
 * @param {string} url
 * @param {number} seconds
 */
function calculationLoad(label, url, seconds) {
  return {
    label,
    round: () =>
      load({
        url: `${url}/tax/calculations`,
        method: 'POST',
        headers: HEADERS,
        body: CART,
        connections: CONNECTIONS,
        duration: seconds,
      }),
  };
}

/**
 * Makes `count` calculations over HTTP with a few parallel clients (setup, untimed).
 * @param {string} url
 * @param {number} count
 * @returns {Promise<string[]>}
 */
async function makeCalculations(url, count) {
  const ids = [];
  const worker = async () => {
    while (ids.length < count) {
      ids.push((await request(`${url}/tax/calculations`, { method: 'POST', headers: HEADERS, body: CART })).id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

/** @param {{ rounds: number, seconds: number }} settings */
export async function runHttp({ rounds, seconds }) {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-http-'));
  const memoryServer = await startServerProcess([CLI, 'serve', '--memory', '--port', '0'], KEY_ENV);
  const dbServer = await startServerProcess(
    [CLI, 'serve', '--db', join(directory, 'serve.db'), '--port', '0'],
    KEY_ENV,
  );
  // The floor answers exactly the bytes taxkit answers for this cart.
  const answer = await fetch(`${memoryServer.url}/tax/calculations`, { method: 'POST', headers: HEADERS, body: CART });
  const bodyFile = join(directory, 'answer.json');
  writeFileSync(bodyFile, Buffer.from(await answer.arrayBuffer()));
  const bareServer = await startServerProcess([BARE, bodyFile]);

  try {
    // Warm up every server's JIT before the first round.
    for (const { url } of [memoryServer, dbServer, bareServer]) {
      await calculationLoad('warm-up', url, 1).round();
    }
    const bare = calculationLoad('bare node:http, same response bytes', bareServer.url, seconds);
    const overMemory = await compareRounds({
      subject: calculationLoad('taxkit serve --memory', memoryServer.url, seconds),
      floor: bare,
      rounds,
    });
    const overDb = await compareRounds({
      subject: calculationLoad('taxkit serve --db', dbServer.url, seconds),
      floor: bare,
      rounds,
    });

    // Durable transactions from 50 clients at once: group commit is what lifts them above one
    // fsync per transaction, so the floor is the raw insert, one client, one fsync each.
    const perRound = 4_000;
    const raw = createRawInsert(directory, ROW_BYTES);
    /** @type {string[]} */
    let calculationIds = [];
    let order = 0;
    const durable = await compareRounds({
      subject: {
        label: `taxkit serve --db, POST /tax/transactions, ${CONNECTIONS} connections`,
        round: async () => {
          calculationIds = await makeCalculations(dbServer.url, perRound);
          return load({
            url: `${dbServer.url}/tax/transactions`,
            headers: HEADERS,
            connections: CONNECTIONS,
            amount: perRound,
            requests: [
              {
                method: 'POST',
                setupRequest: (req) => ({
                  ...req,
                  body: JSON.stringify({ calculation_id: calculationIds.pop(), reference_order_id: `o-${++order}` }),
                }),
              },
            ],
          });
        },
      },
      floor: {
        label: `raw better-sqlite3 INSERT, WAL + FULL, ${ROW_BYTES}-byte row, 1 client`,
        round: () => runRound({ label: 'raw', run: raw.run, opsPerRound: 500 }, 0),
      },
      rounds,
    });
    raw.close();
    return [
      {
        measure: `HTTP serve --memory, POST /tax/calculations, ${CONNECTIONS} connections`,
        ...overMemory,
        target: { ratio: 0.6 },
      },
      {
        measure: `HTTP serve --db, POST /tax/calculations, ${CONNECTIONS} connections`,
        ...overDb,
        target: { ratio: 0.5 },
      },
      {
        measure: `durable transactions, SQLite, ${CONNECTIONS} concurrent HTTP clients`,
        ...durable,
        target: { ratio: 3 },
      },
    ];
  } finally {
    await Promise.all([memoryServer.stop(), dbServer.stop(), bareServer.stop()]);
    rmSync(directory, { recursive: true, force: true });
  }
}
