import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io.ts';
import { describeError } from './describe-error.ts';
import { openAccountEngine, parseCliDate } from './open-account-engine.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

const SUBCOMMANDS = ['list', 'add', 'update', 'delete'] as const;

/**
 * `taxkit registrations list | add | update <id> | delete <id>`: the registrations of the
 * account `taxkit serve` uses, through the same engine operations as POST/GET/DELETE
 * /tax/registrations (so the same checks apply). Dates are YYYY-MM-DD (UTC) or Unix seconds.
 */
export async function runRegistrations(args: readonly string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === '--help' || subcommand === '-h' || subcommand === 'help') {
    io.stdout(USAGE);
    return 0;
  }
  if (!SUBCOMMANDS.includes(subcommand as (typeof SUBCOMMANDS)[number])) {
    throw new UsageError(`"registrations" needs one of ${SUBCOMMANDS.join(', ')}.`);
  }
  const parsed = parseRegistrationArgs(rest);
  const { values, positionals } = parsed;
  const id = positionals[0];
  if ((subcommand === 'update' || subcommand === 'delete') !== (positionals.length === 1)) {
    throw new UsageError(
      subcommand === 'update' || subcommand === 'delete'
        ? `"registrations ${subcommand}" needs one id.`
        : `"registrations ${subcommand}" takes no id.`,
    );
  }
  const opened = await openAccountEngine(values, io, undefined);
  const context = { tenant: opened.tenant };
  try {
    const api = opened.engine.registrations;
    let answer: unknown;
    if (subcommand === 'list') answer = await api.list({}, context);
    else if (subcommand === 'delete') answer = await api.delete(id as string, context);
    else if (subcommand === 'add') {
      if (values.country === undefined || values.from === undefined)
        throw new UsageError('"registrations add" needs --country and --from.');
      answer = await api.create(
        {
          country: values.country,
          ...(values.province === undefined ? {} : { province: values.province }),
          ...(values.type === undefined ? {} : { type: values.type }),
          ...(values.number === undefined ? {} : { registration_number: values.number }),
          active_from: parseCliDate(values.from, '--from'),
          ...(values.to === undefined ? {} : { expires_at: parseCliDate(values.to, '--to') }),
        },
        context,
      );
    } else {
      answer = await api.update(
        id as string,
        {
          ...(values.from === undefined ? {} : { active_from: parseCliDate(values.from, '--from') }),
          ...(values.to === undefined
            ? {}
            : { expires_at: values.to === 'none' ? null : parseCliDate(values.to, '--to') }),
          ...(values.number === undefined ? {} : { registration_number: values.number }),
        },
        context,
      );
    }
    io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    io.stderr(`taxkit registrations ${subcommand}: ${describeError(error)}\n`);
    return 1;
  } finally {
    await opened.close();
  }
}

function parseRegistrationArgs(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: {
        db: { type: 'string' },
        postgres: { type: 'string' },
        mode: { type: 'string' },
        country: { type: 'string' },
        province: { type: 'string' },
        type: { type: 'string' },
        number: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
