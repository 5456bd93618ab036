import { runCalc } from './run-calc.ts';
import type { CliIo } from './cli-io.ts';
import { runFx } from './run-fx.ts';
import { runMigrate } from './run-migrate.ts';
import { runNexus } from './run-nexus.ts';
import { runRates } from './run-rates.ts';
import { runReport } from './run-report.ts';
import { runRegistrations } from './run-registrations.ts';
import { runServe } from './run-serve.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

/**
 * The `taxkit` command line: runs one subcommand and resolves with the exit status. Never calls
 * `process.exit` and touches nothing outside `io`, so tests run it in-process.
 *
 * @example
 * const status = await main(['calc', '--version', '2026-03-01'], io);
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await runServe(rest, io);
      case 'calc':
        return await runCalc(rest, io);
      case 'migrate':
        return await runMigrate(rest, io);
      case 'rates':
        return await runRates(rest, io);
      case 'fx':
        return await runFx(rest, io);
      case 'report':
        return await runReport(rest, io);
      case 'nexus':
        return await runNexus(rest, io);
      case 'registrations':
        return await runRegistrations(rest, io);
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return 0;
      case undefined:
        io.stderr(USAGE);
        return 2;
      default:
        io.stderr(`taxkit: unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`taxkit ${command}: ${error.message}\nRun "taxkit --help" for usage.\n`);
      return 2;
    }
    throw error;
  }
}
