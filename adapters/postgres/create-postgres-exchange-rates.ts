import { checkExchangeRates, conflict } from '../../src/core/fx/check-exchange-rates.ts';
import { compareSeries, type ExchangeRate, type ExchangeRateSource } from '../../src/core/fx/exchange-rate.ts';
import type { StoreExchangeRates } from '../../src/ports/store.ts';
import type { PostgresRunner } from './create-postgres-runner.ts';
import type { Statement } from './statement-parts.ts';

/** The transaction-scoped advisory lock ("tkfx") that puts exchange-rate imports from every instance in one line. */
const FX_LOCK = 0x746b_6678n.toString();

/** Rates sent per statement: a few hundred kilobytes of arrays, so ECB's whole history is about 20 round trips. */
const CHUNK = 10_000;

function statement(name: string, text: string, ...parameters: string[]): Statement {
  return { name: `taxkit_fx_${name}`, text, parameters };
}

const COLUMNS = 'source, base, quote, valid_from, valid_to, rate';
const OFFERED =
  'unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS o(source, base, quote, valid_from, valid_to, rate)';
const ARRAYS = ['sources', 'bases', 'quotes', 'froms', 'tos', 'rates'];

const s = {
  lock: statement('lock', 'SELECT pg_advisory_xact_lock($1::bigint)', 'key'),
  // The first offered rate whose key is held with another value, with the held value.
  clash: statement(
    'clash',
    `SELECT o.source, o.base, o.quote, o.valid_from, o.valid_to, o.rate, e.valid_to AS held_to, e.rate AS held_rate
     FROM ${OFFERED} JOIN exchange_rates e USING (source, base, quote, valid_from)
     WHERE e.rate <> o.rate OR e.valid_to <> o.valid_to LIMIT 1`,
    ...ARRAYS,
  ),
  insert: statement(
    'insert',
    `INSERT INTO exchange_rates (${COLUMNS}) SELECT ${COLUMNS} FROM ${OFFERED} ON CONFLICT DO NOTHING`,
    ...ARRAYS,
  ),
  onOrBefore: statement(
    'on_or_before',
    `SELECT ${COLUMNS} FROM exchange_rates WHERE source = $1 AND base = $2 AND quote = $3 AND valid_from <= $4
     ORDER BY valid_from DESC LIMIT 1`,
    'source',
    'base',
    'quote',
    'day',
  ),
  onOrAfter: statement(
    'on_or_after',
    `SELECT ${COLUMNS} FROM exchange_rates WHERE source = $1 AND base = $2 AND quote = $3 AND valid_from >= $4
     ORDER BY valid_from ASC LIMIT 1`,
    'source',
    'base',
    'quote',
    'day',
  ),
  series: statement(
    'series',
    `SELECT source, base, quote, count(*) AS count, min(valid_from) AS first, max(valid_to) AS last
     FROM exchange_rates GROUP BY source, base, quote`,
  ),
};

interface RateRow {
  readonly source: string;
  readonly base: string;
  readonly quote: string;
  readonly valid_from: string;
  readonly valid_to: string;
  readonly rate: string;
}

/**
 * The PostgreSQL store's exchange rates (table `exchange_rates`). An import is one transaction
 * under an advisory lock: each chunk of rates is checked against what is held (a rate held with
 * another value aborts the whole import) and inserted with one statement over arrays, so a
 * history of 200 000 rates is not 200 000 round trips.
 */
export function createPostgresExchangeRates(run: PostgresRunner): StoreExchangeRates {
  return {
    async importExchangeRates(rates) {
      checkExchangeRates(rates);
      return run.transaction(async (query) => {
        await query(s.lock, { key: FX_LOCK });
        let added = 0;
        for (let start = 0; start < rates.length; start += CHUNK) {
          const values = arraysOf(rates.slice(start, start + CHUNK));
          const clash = (await query(s.clash, values)).rows[0] as
            (RateRow & { held_to: string; held_rate: string }) | undefined;
          if (clash !== undefined) throw conflict(rateOf(clash), { to: clash.held_to, rate: clash.held_rate });
          added += (await query(s.insert, values)).rowCount ?? 0;
        }
        return { added, unchanged: rates.length - added };
      });
    },
    async findExchangeRate(query) {
      const row = (await run.read(query.direction === 'onOrBefore' ? s.onOrBefore : s.onOrAfter, { ...query }))
        .rows[0] as RateRow | undefined;
      return row === undefined ? undefined : rateOf(row);
    },
    async listExchangeRateSeries() {
      const { rows } = await run.read(s.series, {});
      return rows
        .map((row) => ({
          source: row.source as ExchangeRateSource,
          base: row.base as string,
          quote: row.quote as string,
          count: Number(row.count),
          first: row.first as string,
          last: row.last as string,
        }))
        .sort(compareSeries);
    },
  };
}

function arraysOf(rates: readonly ExchangeRate[]) {
  return {
    sources: rates.map((rate) => rate.source),
    bases: rates.map((rate) => rate.base),
    quotes: rates.map((rate) => rate.quote),
    froms: rates.map((rate) => rate.from),
    tos: rates.map((rate) => rate.to),
    rates: rates.map((rate) => rate.rate),
  };
}

function rateOf(row: RateRow): ExchangeRate {
  return {
    source: row.source as ExchangeRateSource,
    base: row.base,
    quote: row.quote,
    from: row.valid_from,
    to: row.valid_to,
    rate: row.rate,
  };
}
