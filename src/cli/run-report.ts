import { errorResponse } from '../http/error-response.ts';
import { liabilityReportCsv } from '../wire/liability-report-csv.ts';
import type { CliIo } from './cli-io.ts';
import { type AccountEngine, openAccountEngine } from './open-account-engine.ts';
import { parseCommandArgs } from './parse-command-args.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

/**
 * `taxkit report liability --from YYYY-MM-DD --to YYYY-MM-DD [--period P] [--currency C]
 * [--db PATH | --postgres URL] [--mode live|test] [--format json|csv]`: the liability report of
 * the account `taxkit serve` uses on that database (live mode unless told), printed as
 * GET /tax/reports/liability answers it. A bad option is a usage error (exit 2); a bad value
 * prints the API's error body on stderr and exits 1.
 */
export async function runReport(args: readonly string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === '--help' || subcommand === '-h') {
    io.stdout(USAGE);
    return 0;
  }
  if (subcommand !== 'liability') {
    throw new UsageError(
      `"report" takes "liability", not ${subcommand === undefined ? 'nothing' : `"${subcommand}"`}.`,
    );
  }
  const options = parseCommandArgs(rest, {
    from: { type: 'string' },
    to: { type: 'string' },
    period: { type: 'string' },
    currency: { type: 'string' },
    db: { type: 'string' },
    postgres: { type: 'string' },
    mode: { type: 'string' },
    format: { type: 'string' },
  });
  if (options.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const format = options.format ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError('--format must be json or csv.');
  let opened: AccountEngine | undefined;
  try {
    opened = await openAccountEngine({ db: options.db, postgres: options.postgres, mode: options.mode }, io, undefined);
    const { engine, tenant } = opened;
    // The options as the user typed them: the engine validates them as it does every query.
    const report = await engine.reports.liability(
      {
        ...(options.from === undefined ? {} : { from: options.from }),
        ...(options.to === undefined ? {} : { to: options.to }),
        ...(options.period === undefined ? {} : { period: options.period }),
        ...(options.currency === undefined ? {} : { currency: options.currency }),
      } as Parameters<typeof engine.reports.liability>[0],
      { tenant },
    );
    io.stdout(format === 'csv' ? liabilityReportCsv(report) : `${JSON.stringify(report, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const response = errorResponse(error, {
      requestId: 'cli',
      version: undefined,
      report: (reported) =>
        io.stderr(`${reported instanceof Error ? (reported.stack ?? reported.message) : String(reported)}\n`),
    });
    io.stderr(`${JSON.stringify(JSON.parse(response.body), null, 2)}\n`);
    return 1;
  } finally {
    await opened?.close();
  }
}
