// HTTP over loopback: `taxkit serve` (memory and SQLite) against a bare node:http server that
// answers the same bytes, and durable transactions from 50 concurrent clients against the raw
// insert floor. Servers run as child processes; autocannon drives them from this process.
//
// Beside each calculation row, a ceiling for orientation: the bare server made to do, per request,
// only the work no server answering it can skip: JSON.parse of the body, the time the engine
// itself takes for the calculation in-process (measured here, in this run, over the same store
// kind) as busy CPU, and JSON.stringify of the answer. No server doing that work beats it,
// whatever its HTTP layer, so it tells how much of the gap to the bare floor the work alone
// explains on this machine, and how much taxkit's HTTP layer adds. A third ceiling does the
// parsing and serializing alone, with no engine time at all: the most any server that reads this
// JSON request and writes this JSON answer can reach here, however fast its engine. Each server
// is also measured against its ceiling directly, a round of one beside a round of the other, so
// the share of the ceiling it reaches does not rest on two rows measured minutes apart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCart } from '../cart.mjs';
import { CLI, memory, sqlite, taxkit } from '../harness/dist.mjs';
import { load, startServerProcess } from '../harness/http.mjs';
import { makeCalculations, salesLoad } from '../harness/sales-load.mjs';
import { HEADERS, KEY_ENV } from '../harness/serve-keys.mjs';
import { compareRounds, measureAlone, runRound } from '../harness/measure.mjs';
import { createRawInsert } from '../floors/raw-sqlite-insert.mjs';

const CONNECTIONS = 50;
const BARE = new URL('../floors/bare-http-server.mjs', import.meta.url).pathname;
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
 * Microseconds the engine takes in-process for one calculation of the bench cart over `store`
 * (the median of a few one-second rounds): what a ceiling server busy-waits per request.
 * @param {any} store
 */
async function engineMicroseconds(store) {
  const engine = taxkit.createTaxEngine({ store });
  const cart = JSON.parse(CART);
  const measured = await measureAlone({
    subject: { label: 'engine', run: () => engine.calculations.create(cart) },
    rounds: 3,
    ms: 1_000,
  });
  await engine.close();
  return 1e6 / measured.median;
}

/** @param {{ rounds: number, seconds: number }} settings */
export async function runHttp({ rounds, seconds }) {
  const directory = mkdtempSync(join(tmpdir(), 'taxkit-bench-http-'));
  const memoryBusy = await engineMicroseconds(memory.createMemoryStore());
  const dbBusy = await engineMicroseconds(sqlite.createSqliteStore({ path: join(directory, 'busy.db') }));
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
  const memoryCeiling = await startServerProcess([BARE, bodyFile, memoryBusy.toFixed(1)]);
  const dbCeiling = await startServerProcess([BARE, bodyFile, dbBusy.toFixed(1)]);
  const jsonCeiling = await startServerProcess([BARE, bodyFile, '0']);
  const servers = [memoryServer, dbServer, bareServer, memoryCeiling, dbCeiling, jsonCeiling];

  try {
    // Warm up every server's JIT before the first round.
    for (const { url } of servers) {
      await calculationLoad('warm-up', url, 1).round();
    }
    const bare = calculationLoad('bare node:http, same response bytes', bareServer.url, seconds);
    const ceilingLabel = (/** @type {number} */ busy, /** @type {string} */ store) =>
      `bare node:http + JSON.parse, ${busy.toFixed(1)} µs busy (the engine in-process, ${store}), JSON.stringify`;
    const memoryLoad = calculationLoad('taxkit serve --memory', memoryServer.url, seconds);
    const dbLoad = calculationLoad('taxkit serve --db', dbServer.url, seconds);
    const memoryCeilingLoad = calculationLoad(ceilingLabel(memoryBusy, 'memory store'), memoryCeiling.url, seconds);
    const dbCeilingLoad = calculationLoad(ceilingLabel(dbBusy, 'SQLite store'), dbCeiling.url, seconds);
    const overMemory = await compareRounds({ subject: memoryLoad, floor: bare, rounds });
    const overDb = await compareRounds({ subject: dbLoad, floor: bare, rounds });
    const memoryCeilingOverBare = await compareRounds({ subject: memoryCeilingLoad, floor: bare, rounds });
    const dbCeilingOverBare = await compareRounds({ subject: dbCeilingLoad, floor: bare, rounds });
    // The servers against their ceilings directly, rounds paired: the share of its ceiling a
    // server reaches, read off two rows measured minutes apart, moved by ±0.1 between quiet runs.
    const memoryOverCeiling = await compareRounds({ subject: memoryLoad, floor: memoryCeilingLoad, rounds });
    const dbOverCeiling = await compareRounds({ subject: dbLoad, floor: dbCeilingLoad, rounds });
    const jsonCeilingOverBare = await compareRounds({
      subject: calculationLoad('bare node:http + JSON.parse, no engine, JSON.stringify', jsonCeiling.url, seconds),
      floor: bare,
      rounds,
    });

    // Durable transactions from 50 clients at once: group commit is what lifts them above one
    // fsync per transaction, so the floor is the raw insert, one client, one fsync each.
    const perRound = 4_000;
    const raw = createRawInsert(directory, ROW_BYTES);
    const durable = await compareRounds({
      subject: {
        label: `taxkit serve --db, POST /tax/transactions, ${CONNECTIONS} connections`,
        round: async () => salesLoad(dbServer.url, await makeCalculations(dbServer.url, perRound), CONNECTIONS),
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
        measure: `ceiling for the row above: a server doing only the unavoidable work (memory store)`,
        ...memoryCeilingOverBare,
        target: { orientation: true },
      },
      {
        measure: `HTTP serve --memory against that ceiling, each round beside it`,
        ...memoryOverCeiling,
        target: { ratio: 0.9 },
      },
      {
        measure: `HTTP serve --db, POST /tax/calculations, ${CONNECTIONS} connections`,
        ...overDb,
        target: { ratio: 0.5 },
      },
      {
        measure: `ceiling for the row above: a server doing only the unavoidable work (SQLite store)`,
        ...dbCeilingOverBare,
        target: { orientation: true },
      },
      {
        measure: `HTTP serve --db against that ceiling, each round beside it`,
        ...dbOverCeiling,
        target: { ratio: 0.9 },
      },
      {
        measure: `ceiling of both rows: a server that parses the request and serializes the answer, with no engine`,
        ...jsonCeilingOverBare,
        target: { orientation: true },
      },
      {
        measure: `durable transactions, SQLite, ${CONNECTIONS} concurrent HTTP clients`,
        ...durable,
        target: { ratio: 3 },
      },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(directory, { recursive: true, force: true });
  }
}
