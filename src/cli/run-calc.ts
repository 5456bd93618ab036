import type { CalculationRequest } from '../wire/api-types.ts';
import { createTaxEngine } from '../engine.ts';
import { errorResponse } from '../http/error-response.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { parseApiVersion, type ApiVersion } from '../wire/api-version.ts';
import type { CliIo } from './cli-io.ts';
import { chooseStore, openChosenStore } from './choose-store.ts';
import { parseCommandArgs } from './parse-command-args.ts';
import { USAGE } from './usage.ts';

/**
 * `taxkit calc`: one calculation from stdin to stdout, in test mode (rates everywhere, as with
 * a test key), in the version `--version` names (default 2024-09-01, as over HTTP). With the
 * embedded rate tables, or with `--db PATH` / `--postgres URL` (TAXKIT_POSTGRES_URL is not
 * read: calc opens a database only when told) those tables overlaid with the ones
 * `taxkit rates import` put there, as `taxkit serve` on that database calculates; the
 * calculation is then kept there, for the server's default account, like one made over HTTP.
 * Errors print the body the HTTP API would send for the same version on stderr.
 */
export async function runCalc(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCommandArgs(args, {
    version: { type: 'string' },
    db: { type: 'string' },
    postgres: { type: 'string' },
  });
  if (options.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  let version: ApiVersion | undefined;
  const store =
    options.db === undefined && options.postgres === undefined
      ? undefined
      : await openChosenStore(chooseStore({ db: options.db, postgres: options.postgres }, {}, io.cwd));
  const engine = createTaxEngine(store === undefined ? {} : { store });
  try {
    version = parseApiVersion(options.version);
    const body = readJsonBody(undefined, await readAll(io.stdin));
    // Whatever stdin held: the engine validates it, as it does every body.
    const calculation = await engine.calculations.create(body as CalculationRequest, { version });
    io.stdout(`${JSON.stringify(calculation, null, 2)}\n`);
    return 0;
  } catch (error) {
    const response = errorResponse(error, {
      requestId: 'cli',
      version,
      report: (reported) =>
        io.stderr(`${reported instanceof Error ? (reported.stack ?? reported.message) : String(reported)}\n`),
    });
    io.stderr(`${JSON.stringify(JSON.parse(response.body), null, 2)}\n`);
    return 1;
  } finally {
    await engine.close();
  }
}

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
