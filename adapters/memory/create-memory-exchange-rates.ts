import { checkExchangeRates, conflict, sameRate } from '../../src/core/fx/check-exchange-rates.ts';
import { compareSeries, type ExchangeRate } from '../../src/core/fx/exchange-rate.ts';
import type { StoreExchangeRates } from '../../src/ports/store.ts';

/**
 * The exchange-rate methods of the memory store: per source and pair, the rates sorted by their
 * first day, so a read is a binary search. An import checks everything before it writes, with no
 * `await` in between, so it lands whole or not at all.
 */
export function createMemoryExchangeRates(checkOpen: () => void): StoreExchangeRates {
  const series = new Map<string, ExchangeRate[]>();
  const seriesKey = (rate: Pick<ExchangeRate, 'source' | 'base' | 'quote'>) =>
    `${rate.source}|${rate.base}|${rate.quote}`;

  return {
    async importExchangeRates(rates) {
      checkOpen();
      checkExchangeRates(rates);
      const fresh = new Map<string, ExchangeRate>();
      let unchanged = 0;
      for (const rate of rates) {
        const held = find(series.get(seriesKey(rate)) ?? [], rate.from);
        if (held !== undefined && held.from === rate.from) {
          if (!sameRate(held, rate)) throw conflict(rate, held);
          unchanged += 1;
        } else if (fresh.has(`${seriesKey(rate)}|${rate.from}`)) {
          unchanged += 1;
        } else {
          fresh.set(`${seriesKey(rate)}|${rate.from}`, { ...rate });
        }
      }
      const touched = new Set<ExchangeRate[]>();
      for (const rate of fresh.values()) {
        const key = seriesKey(rate);
        let list = series.get(key);
        if (list === undefined) {
          list = [];
          series.set(key, list);
        }
        list.push(rate);
        touched.add(list);
      }
      for (const list of touched) list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
      return { added: fresh.size, unchanged };
    },
    async findExchangeRate(query) {
      checkOpen();
      const list = series.get(seriesKey(query)) ?? [];
      const at = indexOnOrBefore(list, query.day);
      const found = query.direction === 'onOrBefore' ? list[at] : list[list[at]?.from === query.day ? at : at + 1];
      return found === undefined ? undefined : { ...found };
    },
    async listExchangeRateSeries() {
      checkOpen();
      return [...series.values()]
        .filter((list) => list.length > 0)
        .map((list) => {
          const first = list[0] as ExchangeRate;
          const last = list.reduce((latest, rate) => (rate.to > latest ? rate.to : latest), first.to);
          return {
            source: first.source,
            base: first.base,
            quote: first.quote,
            count: list.length,
            first: first.from,
            last,
          };
        })
        .sort(compareSeries);
    },
  };
}

/** The index of the rate with the latest `from` ≤ day in a sorted list; -1 when there is none. */
function indexOnOrBefore(list: readonly ExchangeRate[], day: string): number {
  let low = 0;
  let high = list.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((list[middle] as ExchangeRate).from <= day) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function find(list: readonly ExchangeRate[], from: string): ExchangeRate | undefined {
  return list[indexOnOrBefore(list, from)];
}
