import type Database from 'better-sqlite3';
import { checkExchangeRates, conflict, sameRate } from '../../src/core/fx/check-exchange-rates.ts';
import { compareSeries, type ExchangeRate, type ExchangeRateSource } from '../../src/core/fx/exchange-rate.ts';
import type { StoreExchangeRates } from '../../src/ports/store.ts';
import { settle } from './sqlite-errors.ts';
import { writeTransaction } from './write-transaction.ts';

interface RateRow {
  readonly source: string;
  readonly base: string;
  readonly quote: string;
  readonly valid_from: string;
  readonly valid_to: string;
  readonly rate: string;
}

const COLUMNS = 'source, base, quote, valid_from, valid_to, rate';
const PAIR = 'source = @source AND base = @base AND quote = @quote';

/**
 * The SQLite store's exchange rates (table `exchange_rates`, see schema.ts). An import is one
 * `BEGIN IMMEDIATE` transaction that reads each rate's key before it writes, so a conflicting
 * rate rolls back the whole import; a read is one probe of the primary key.
 */
export function createSqliteExchangeRates(client: Database.Database): StoreExchangeRates {
  const s = {
    held: client.prepare(`SELECT ${COLUMNS} FROM exchange_rates WHERE ${PAIR} AND valid_from = @from`),
    insert: client.prepare(
      `INSERT INTO exchange_rates (${COLUMNS}) VALUES (@source, @base, @quote, @from, @to, @rate) ON CONFLICT DO NOTHING`,
    ),
    onOrBefore: client.prepare(
      `SELECT ${COLUMNS} FROM exchange_rates WHERE ${PAIR} AND valid_from <= @day ORDER BY valid_from DESC LIMIT 1`,
    ),
    onOrAfter: client.prepare(
      `SELECT ${COLUMNS} FROM exchange_rates WHERE ${PAIR} AND valid_from >= @day ORDER BY valid_from ASC LIMIT 1`,
    ),
    series: client.prepare(
      `SELECT source, base, quote, count(*) AS count, min(valid_from) AS first, max(valid_to) AS last
       FROM exchange_rates GROUP BY source, base, quote`,
    ),
  };

  const importRates = writeTransaction(client, (rates: readonly ExchangeRate[]) => {
    let added = 0;
    for (const rate of rates) {
      const held = s.held.get(rate) as RateRow | undefined;
      if (held !== undefined) {
        const stored = rateOf(held);
        if (!sameRate(stored, rate)) throw conflict(rate, stored);
        continue;
      }
      added += s.insert.run(rate).changes;
    }
    return { added, unchanged: rates.length - added };
  });

  return {
    importExchangeRates: (rates) =>
      settle(() => {
        checkExchangeRates(rates);
        return importRates(rates);
      }),
    findExchangeRate: (query) =>
      settle(() => {
        const row = (query.direction === 'onOrBefore' ? s.onOrBefore : s.onOrAfter).get(query) as RateRow | undefined;
        return row === undefined ? undefined : rateOf(row);
      }),
    listExchangeRateSeries: () =>
      settle(() =>
        (
          s.series.all() as (Pick<RateRow, 'source' | 'base' | 'quote'> & {
            count: number;
            first: string;
            last: string;
          })[]
        )
          .map((row) => ({ ...row, source: row.source as ExchangeRateSource }))
          .sort(compareSeries),
      ),
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
