import type { NexusStatus } from '../wire/api-types.ts';
import type { CliIo } from './cli-io.ts';
import { describeError } from './describe-error.ts';
import { openAccountEngine, parseCliDate } from './open-account-engine.ts';
import { parseCommandArgs } from './parse-command-args.ts';
import { UsageError } from './usage-error.ts';
import { USAGE } from './usage.ts';

type Row = NexusStatus['jurisdictions'][number];

/**
 * `taxkit nexus`: economic nexus of the account `taxkit serve` uses, from its recorded sales:
 * which thresholds it crossed (with the date and the sale), which it is approaching, where it
 * is registered, each with the rule's source. `--all` lists every jurisdiction; `--json`
 * prints GET /tax/nexus's answer.
 */
export async function runNexus(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCommandArgs(args, {
    at: { type: 'string' },
    db: { type: 'string' },
    postgres: { type: 'string' },
    mode: { type: 'string' },
    'seller-country': { type: 'string' },
    all: { type: 'boolean' },
    json: { type: 'boolean' },
  });
  if (options.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const at = options.at === undefined ? undefined : parseCliDate(options.at, '--at', true);
  const opened = await openAccountEngine(options, io, options['seller-country']);
  try {
    const report = await opened.engine.nexus.status(at === undefined ? {} : { at }, { tenant: opened.tenant });
    io.stdout(
      options.json === true
        ? `${JSON.stringify(report, null, 2)}\n`
        : formatReport(report, options.all === true, opened.tenant.mode),
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    io.stderr(`taxkit nexus: ${describeError(error)}\n`);
    return 1;
  } finally {
    await opened.close();
  }
}

const ORDER: Readonly<Record<Row['status'], number>> = {
  exceeded: 0,
  approaching: 1,
  registered: 2,
  below: 3,
  no_sales_tax: 4,
};

/** The report as text: a line per jurisdiction that matters (all with `all`), most urgent first. */
export function formatReport(report: NexusStatus, all: boolean, mode: string): string {
  const rows = report.jurisdictions
    .filter(
      (row) =>
        all ||
        row.status === 'exceeded' ||
        row.status === 'approaching' ||
        row.status === 'registered' ||
        row.transaction_count > 0,
    )
    .toSorted((a, b) => ORDER[a.status] - ORDER[b.status] || (a.jurisdiction < b.jurisdiction ? -1 : 1));
  const lines = [`Economic nexus of account "default" (${mode} mode) as of ${isoDay(report.at)}:`, ''];
  if (rows.length === 0) lines.push('No recorded sales count toward any threshold. (--all lists every jurisdiction.)');
  for (const row of rows) {
    const threshold =
      row.threshold_amount === null
        ? 'no sales tax'
        : `${money(row.sales_amount, row.currency)} of ${money(row.threshold_amount, row.currency)}` +
          (row.threshold_transactions === null
            ? ''
            : ` ${row.combine === 'amount_and_transactions' ? 'and' : 'or'} ${row.transaction_count} of ${row.threshold_transactions} sales`) +
          ` (${Math.floor(row.progress * 100)} %)`;
    lines.push(`${row.jurisdiction.padEnd(6)} ${row.status.toUpperCase().padEnd(12)} ${threshold}`);
    if (row.crossed_at !== null) {
      lines.push(`       crossed on ${isoDay(row.crossed_at)} by ${row.crossed_by_transaction_id}`);
    }
    if (row.period !== null && row.period_start !== null && row.period_end !== null) {
      lines.push(
        `       period: ${row.period.replaceAll('_', ' ')}, ${isoDay(row.period_start)} to ${isoDay(row.period_end)}`,
      );
    }
    if (row.unconverted_transaction_count > 0) {
      lines.push(`       ${row.unconverted_transaction_count} sale(s) in another currency not converted, left out`);
    }
    lines.push(`       source: ${row.source}`);
    if (row.doubt !== null) lines.push(`       uncertain: ${row.doubt}`);
  }
  return `${lines.join('\n')}\n`;
}

function money(minor: number, currency: string | null): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency ?? ''} ${sign}${whole}.${String(abs % 100).padStart(2, '0')}`.trim();
}

function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
