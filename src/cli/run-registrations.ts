import { parseArgs } from 'node:util';
import type { Registration } from '../wire/api-types.ts';
import { isoDay } from '../wire/iso-time.ts';
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
 * It prints text, as `taxkit nexus` does; `--json` prints the operation's answer.
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
    io.stdout(
      values.json === true ? `${JSON.stringify(answer, null, 2)}\n` : formatRegistrations(subcommand as string, answer),
    );
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
        json: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The answer as text: one line per registration (list, add, update), or what was deleted. */
export function formatRegistrations(subcommand: string, answer: unknown): string {
  if (subcommand === 'delete') return `Deleted registration ${(answer as { id: string }).id}.\n`;
  const registrations =
    subcommand === 'list'
      ? (answer as { registrations: readonly Registration[] }).registrations
      : [answer as Registration];
  if (registrations.length === 0)
    return 'No registrations. (taxkit registrations add --country CC --from DATE adds one.)\n';
  const lines = registrations.map((registration) => {
    const place =
      registration.province === null ? registration.country : `${registration.country}-${registration.province}`;
    const until = registration.expires_at === null ? 'open-ended' : `until ${isoDay(registration.expires_at)}`;
    const number = registration.registration_number === null ? 'no number' : registration.registration_number;
    return `${place.padEnd(6)} ${registration.type.padEnd(18)} from ${isoDay(registration.active_from)} ${until}, ${number}  ${registration.id}`;
  });
  const heading = subcommand === 'list' ? [] : [subcommand === 'add' ? 'Added:' : 'Updated:'];
  return `${[...heading, ...lines].join('\n')}\n`;
}
