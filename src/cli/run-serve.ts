import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { createSeededIds } from '../create-seeded-ids.ts';
import { createSettableClock, type SettableClock } from '../create-settable-clock.ts';
import { createTaxEngine, type TaxEngine } from '../engine.ts';
import { readFilingOption } from './read-filing-option.ts';
import { startServer, type RunningServer } from '../http/start-server.ts';
import type { GeoLookup } from '../ports/geo.ts';
import type { TaxStore } from '../ports/store.ts';
import type { CliIo } from './cli-io.ts';
import { chooseStore, describeStore, keysPathOf, openChosenStore } from './choose-store.ts';
import { KEY_VARIABLES, loadAccountKeys, type LoadedKeys } from './load-account-keys.ts';
import { parseCommandArgs } from './parse-command-args.ts';
import { describeError } from './describe-error.ts';
import { findBundledGeoDatabase } from './find-bundled-geo-database.ts';
import { originOption } from './origin-option.ts';
import { describeOrigin, describeUsCoverage } from './describe-start.ts';
import type { RateTableRecord } from '../core/rates/rate-table-record.ts';
import { UsageError } from './usage-error.ts';
import { SERVE_ACCOUNT_ID } from './serve-account.ts';
import { USAGE } from './usage.ts';

const ACCOUNT_ID = SERVE_ACCOUNT_ID;

/**
 * `taxkit serve`: the HTTP API on a local port, until the shutdown signal (SIGINT/SIGTERM in the
 * bin). Then it lets the requests in flight finish, closes the store and resolves 0.
 */
export async function runServe(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCommandArgs(args, {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    db: { type: 'string' },
    memory: { type: 'boolean' },
    geoip: { type: 'string' },
    postgres: { type: 'string' },
    'pool-size': { type: 'string' },
    'test-harness': { type: 'boolean' },
    seed: { type: 'string' },
    'origin-country': { type: 'string' },
    'origin-province': { type: 'string' },
    'origin-postal-code': { type: 'string' },
    filing: { type: 'string' },
  });
  if (options.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const port = parsePort(options.port ?? (io.env.PORT?.trim() || undefined) ?? '8787');
  const host = options.host ?? '127.0.0.1';
  const choice = chooseStore(options, io.env, io.cwd);
  const defaultOrigin = originOption(options, io.env);
  const shown = (path: string) => relative(io.cwd, path) || path;

  let store: TaxStore | undefined;
  let engine: TaxEngine | undefined;
  let server: RunningServer;
  let loaded: LoadedKeys;
  let clock: SettableClock | undefined;
  let imported: readonly RateTableRecord[] = [];
  let geoText = 'off (customer.ip cannot be resolved; see docs/test-harness.md)';
  try {
    let geo: GeoLookup | undefined;
    // --geoip PATH names a database; without it the free DB-IP City Lite database is used
    // when its package is installed; `--geoip off` serves without GeoIP.
    const bundled = options.geoip === undefined ? findBundledGeoDatabase(io.cwd) : undefined;
    if (bundled !== undefined) {
      // 130 MB: read on the first customer.ip, not at every start of a harness's server.
      const { createGeoLookup } = await import('../../adapters/maxmind/index.ts');
      geo = lazyGeoLookup(() =>
        createGeoLookup(readFileSync(bundled.ipv4), { ipv6Reader: readFileSync(bundled.ipv6) }),
      );
      geoText = bundled.credit;
    } else if (options.geoip !== undefined && options.geoip !== 'off') {
      // Loaded only when asked for, like SQLite below: neither is needed to serve from memory.
      const { openGeoLookup } = await import('../../adapters/maxmind/index.ts');
      geo = await openGeoLookup(resolve(io.cwd, options.geoip));
      geoText = shown(resolve(io.cwd, options.geoip));
    }
    store = await openChosenStore(choice);
    // What the banner says about US coverage: the tables the engine will calculate with.
    imported = store === undefined ? [] : (await store.loadRateTables()).tables;
    loaded = loadAccountKeys(io.env, keysPathOf(choice, io.cwd));
    // The test clock and the seeded ids are the stand-in's (docs/test-harness.md).
    clock = options['test-harness'] === true ? createSettableClock() : undefined;
    engine = createTaxEngine({
      ...(store === undefined ? {} : { store }),
      ...(geo === undefined ? {} : { geo }),
      // Test mode only: a test key moving the clock must not date live-mode sales.
      ...(clock === undefined ? {} : { testClock: clock }),
      ...(options.seed === undefined ? {} : { ids: createSeededIds(options.seed) }),
      ...(defaultOrigin === undefined ? {} : { defaultOrigin }),
      ...(options.filing === undefined ? {} : { filing: readFilingOption(options.filing, io.cwd) }),
    });
    server = await startServer({
      engine,
      host,
      port,
      accounts: [{ id: ACCOUNT_ID, keys: loaded.keys }],
      ...(clock === undefined ? {} : { testHarness: { clock } }),
      onError: (error, report) =>
        io.stderr(
          `${report.method} ${report.path} failed (${report.requestId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        ),
    });
  } catch (error) {
    // The engine owns the store once it exists; closing it closes the store.
    await (engine ?? store)?.close();
    io.stderr(`taxkit serve: ${describeError(error)}\n`);
    return 1;
  }

  io.stdout(`taxkit listening on ${server.url}\nRecords: ${describeStore(choice, io.cwd)}\nGeoIP: ${geoText}\n`);
  io.stdout(describeOrigin(defaultOrigin));
  io.stdout(describeUsCoverage(imported));
  if (clock !== undefined) io.stdout('Test harness: on (test-mode routes under /tax/test_helpers/)\n');
  for (const warning of loaded.warnings) io.stderr(`Warning: ${warning}\n`);
  const keysPath = keysPathOf(choice, io.cwd);
  const keysFile = keysPath === undefined ? undefined : shown(keysPath);
  io.stdout(describeKeys(loaded, keysFile));
  io.stdout(
    `\nTry it:\n  curl -s ${server.url}/tax/ping -H "Authorization: Bearer ${secretTestHint(loaded, keysFile)}"\n` +
      `API description: ${server.url}/openapi.json\n` +
      `Dashboard: ${server.url}/dashboard (paste a secret key)\nStop with Ctrl-C.\n`,
  );
  io.onListening?.(server.url);

  const signal = io.shutdownSignal();
  if (!signal.aborted) await new Promise((done) => signal.addEventListener('abort', done, { once: true }));
  io.stdout('Shutting down: finishing requests in flight…\n');
  await server.close();
  await engine.close();
  io.stdout('Stopped.\n');
  return 0;
}

/** A lookup that opens its database on first use. */
function lazyGeoLookup(open: () => GeoLookup): GeoLookup {
  let opened: GeoLookup | undefined;
  return {
    lookup(ip) {
      opened ??= open();
      return opened.lookup(ip);
    },
  };
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new UsageError(`port "${text}" is not a number from 0 to 65535.`);
  return port;
}

/**
 * Which keys are in effect, printing a key in full only when this start generated it (so it is
 * shown once, when it is new). Keys from the environment or from the keys file are never
 * printed (README "Keys": keys are never logged); a variable's key is named by its variable and
 * its last four characters, so a user can tell which one is in use.
 */
function describeKeys(loaded: LoadedKeys, keysFile: string | undefined): string {
  const fromFile = Object.values(loaded.sources).every((source) => source === 'file');
  if (fromFile && keysFile !== undefined) {
    return `Keys: account "${ACCOUNT_ID}", in ${keysFile}\n`;
  }
  const rows = (
    [
      ['secret test', 'secretTest'],
      ['secret live', 'secretLive'],
      ['public test', 'publicTest'],
      ['public live', 'publicLive'],
    ] as const
  ).map(([label, slot]) => {
    const source = loaded.sources[slot];
    const key = loaded.keys[slot];
    if (source === 'env') return `  ${label}  ${masked(key)} (from ${KEY_VARIABLES[slot]})\n`;
    if (source === 'file') return `  ${label}  in ${keysFile}\n`;
    return `  ${label}  ${key}\n`;
  });
  const where = loaded.created && keysFile !== undefined ? `, saved to ${keysFile} (mode 0600)` : '';
  const fresh = Object.values(loaded.sources).some((source) => source === 'generated');
  const note = !fresh
    ? ''
    : keysFile === undefined
      ? // --memory keeps no keys file: say so, or a harness is surprised by new keys on restart.
        `  (generated for this run only: --memory keeps no keys file, so a restart makes new ones; set ${Object.values(KEY_VARIABLES).join(', ')} to keep them)\n`
      : '  (new keys are shown this once)\n';
  return `Keys of account "${ACCOUNT_ID}"${where}:\n${rows.join('')}${note}`;
}

/** `sk_test_…a1b2`: the key's prefix and last four characters, enough to tell keys apart. */
function masked(key: string): string {
  const prefix = /^[a-z]+_[a-z]+_/.exec(key)?.[0] ?? '';
  return `${prefix}…${key.slice(-4)}`;
}

/** How the "Try it" line names the secret test key without printing it a second time. */
function secretTestHint(loaded: LoadedKeys, keysFile: string | undefined): string {
  const source = loaded.sources.secretTest;
  if (source === 'env') return `$${KEY_VARIABLES.secretTest}`;
  if (source === 'file' && keysFile !== undefined) {
    return `$(node -p "JSON.parse(require('fs').readFileSync('${keysFile.replaceAll('\\', '/')}', 'utf8')).secretTest")`;
  }
  return '<the secret test key above>';
}
