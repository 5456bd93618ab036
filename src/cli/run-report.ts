import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { errorResponse } from '../http/error-response.ts';
import { liabilityReportCsv } from '../wire/liability-report-csv.ts';
import { bzstFiles } from '../wire/oss-bzst-csv.ts';
import { ossReturnCsv } from '../wire/oss-return-csv.ts';
import { serXml, transmissionIdOf } from '../wire/ser-xml.ts';
import type { CliIo } from './cli-io.ts';
import { type AccountEngine, openAccountEngine } from './open-account-engine.ts';
import { parseCommandArgs } from './parse-command-args.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

type Engine = AccountEngine['engine'];
type Options = Readonly<Record<string, string | boolean | undefined>>;

/** What each report subcommand takes and prints. */
interface ReportCommand {
  /** Its own options, besides --db, --postgres, --mode, --format and --help. */
  readonly options: readonly string[];
  readonly formats: readonly string[];
  /** Prints the report: the query is the options as the user typed them (the engine validates them). */
  run(
    engine: Engine,
    context: { readonly tenant: AccountEngine['tenant'] },
    options: Options,
    io: CliIo,
  ): Promise<void>;
}

const COMMANDS: Readonly<Record<string, ReportCommand>> = {
  liability: {
    options: ['from', 'to', 'period', 'currency'],
    formats: ['json', 'csv'],
    async run(engine, context, options, io) {
      const report = await engine.reports.liability(queryOf(options, this.options) as never, context);
      io.stdout(options.format === 'csv' ? liabilityReportCsv(report) : json(report));
    },
  },
  oss: {
    options: ['quarter', 'scheme'],
    formats: ['json', 'csv', 'bzst'],
    async run(engine, context, options, io) {
      const filed = await engine.reports.oss(queryOf(options, this.options) as never, context);
      if (options.format === 'csv') io.stdout(ossReturnCsv(filed));
      else if (options.format === 'bzst') writeBzst(bzstFiles(filed), filed, options, io);
      else io.stdout(json(filed));
    },
  },
  ser: {
    options: ['state', 'from', 'to'],
    formats: ['json', 'xml'],
    async run(engine, context, options, io) {
      const filed = await engine.reports.ser(queryOf(options, this.options) as never, context);
      if (options.format !== 'xml') {
        io.stdout(json(filed));
        return;
      }
      io.stdout(serXml(filed, transmissionIdOf(filed)));
      io.stderr('Draft: the SER schema is not fully confirmed (docs/filing.md); check the file before sending.\n');
    },
  },
};

/**
 * `taxkit report liability|oss|ser …` (see USAGE): a report or a filing file of the account
 * `taxkit serve` uses on that database (live mode unless told), printed as the HTTP route answers
 * it. A bad option is a usage error (exit 2); a bad value prints the API's error body on stderr
 * and exits 1.
 */
export async function runReport(args: readonly string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === '--help' || subcommand === '-h') {
    io.stdout(USAGE);
    return 0;
  }
  const command = subcommand === undefined ? undefined : COMMANDS[subcommand];
  if (command === undefined) {
    throw new UsageError(
      `"report" takes ${Object.keys(COMMANDS)
        .map((name) => `"${name}"`)
        .join(' or ')}, not ${subcommand === undefined ? 'nothing' : `"${subcommand}"`}.`,
    );
  }
  const options = parseCommandArgs(rest, {
    ...Object.fromEntries(command.options.map((name) => [name, { type: 'string' as const }])),
    db: { type: 'string' },
    postgres: { type: 'string' },
    mode: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
  });
  if (options.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const format = (options.format as string | undefined) ?? 'json';
  if (!command.formats.includes(format)) throw new UsageError(`--format must be ${command.formats.join(', ')}.`);
  let opened: AccountEngine | undefined;
  try {
    opened = await openAccountEngine(
      {
        db: options.db as string | undefined,
        postgres: options.postgres as string | undefined,
        mode: options.mode as string | undefined,
      },
      io,
      undefined,
    );
    await command.run(opened.engine, { tenant: opened.tenant }, { ...options, format }, io);
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

/** The options of `names` the user gave, as the query the HTTP route would get. */
function queryOf(options: Options, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) => (typeof options[name] === 'string' ? [[name, options[name]]] : [])),
  );
}

function json(body: unknown): string {
  return `${JSON.stringify(body, null, 2)}\n`;
}

/**
 * The BZSt upload: one file to stdout, or with `--out PREFIX` each part to `PREFIX-partN.csv`
 * (the files are drafts, docs/filing.md; stderr says so). Several parts need --out.
 */
function writeBzst(
  files: readonly string[],
  filed: { readonly member_state_of_identification: string },
  options: Options,
  io: CliIo,
): void {
  if (filed.member_state_of_identification !== 'DE') {
    throw new UsageError(
      `--format bzst is the German BZSt upload; this return is made in ${filed.member_state_of_identification}.`,
    );
  }
  if (files.length === 0) throw new UsageError('The return has no supply to upload (the BZSt takes no zero lines).');
  const out = options.out;
  if (typeof out !== 'string') {
    if (files.length > 1)
      throw new UsageError(`The upload is ${files.length} files: name where to write them with --out PREFIX.`);
    io.stdout(files[0] as string);
  } else {
    for (const [index, text] of files.entries()) {
      const path = resolve(io.cwd, `${out}-part${index + 1}.csv`);
      try {
        // Never over an earlier upload: a file left from another quarter must not be sent by mistake.
        writeFileSync(path, text, { encoding: 'utf8', flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new UsageError(`${path} exists; choose another --out.`);
        throw error;
      }
      io.stderr(`Wrote ${path}\n`);
    }
  }
  io.stderr(
    'Draft: the BZSt record layout is not fully confirmed (docs/filing.md); check the file in the portal before sending.\n',
  );
}
