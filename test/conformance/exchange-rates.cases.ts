import { expect } from 'vitest';
import type { ExchangeRate } from '../../src/core/fx/exchange-rate.ts';
import type { SuiteContext } from './suite-context.ts';

/** An ECB rate of one publication day (synthetic values: these cases test the store, not the data). */
function ecb(day: string, quote: string, rate: string): ExchangeRate {
  return { source: 'ECB', base: 'EUR', quote, from: day, to: day, rate };
}

/**
 * Exchange rates: imports are all or nothing and idempotent, a held rate is never replaced,
 * and a read finds the nearest publication in the direction asked, never one past it.
 */
export function describeExchangeRateCases({ store, test }: SuiteContext): void {
  // Thursday 2026-01-08, Friday 01-09, Monday 01-12.
  const week = [
    ecb('2026-01-08', 'USD', '1.1650'),
    ecb('2026-01-09', 'USD', '1.1660'),
    ecb('2026-01-12', 'USD', '1.1670'),
    ecb('2026-01-09', 'JPY', '183.50'),
  ];
  const january: ExchangeRate = {
    source: 'HMRC',
    base: 'GBP',
    quote: 'USD',
    from: '2026-01-01',
    to: '2026-01-31',
    rate: '1.3400',
  };

  test('fx: an import adds its rates, and importing it again changes nothing', async () => {
    expect(await store().listExchangeRateSeries()).toStrictEqual([]);
    expect(await store().importExchangeRates([...week, january])).toStrictEqual({ added: 5, unchanged: 0 });
    expect(await store().importExchangeRates([...week, january])).toStrictEqual({ added: 0, unchanged: 5 });
    expect(await store().listExchangeRateSeries()).toStrictEqual([
      { source: 'ECB', base: 'EUR', quote: 'JPY', count: 1, first: '2026-01-09', last: '2026-01-09' },
      { source: 'ECB', base: 'EUR', quote: 'USD', count: 3, first: '2026-01-08', last: '2026-01-12' },
      { source: 'HMRC', base: 'GBP', quote: 'USD', count: 1, first: '2026-01-01', last: '2026-01-31' },
    ]);
  });

  test('fx: a weekend day reads the Friday before, never the Monday after', async () => {
    await store().importExchangeRates(week);
    const find = (day: string, direction: 'onOrBefore' | 'onOrAfter') =>
      store().findExchangeRate({ source: 'ECB', base: 'EUR', quote: 'USD', day, direction });
    expect(await find('2026-01-10', 'onOrBefore')).toStrictEqual(week[1]);
    expect(await find('2026-01-11', 'onOrBefore')).toStrictEqual(week[1]);
    expect(await find('2026-01-12', 'onOrBefore')).toStrictEqual(week[2]);
    expect(await find('2026-01-07', 'onOrBefore')).toBeUndefined();
    expect(await find('2026-01-10', 'onOrAfter')).toStrictEqual(week[2]);
    expect(await find('2026-01-09', 'onOrAfter')).toStrictEqual(week[1]);
    expect(await find('2026-01-13', 'onOrAfter')).toBeUndefined();
    expect(
      await store().findExchangeRate({
        source: 'HMRC',
        base: 'EUR',
        quote: 'USD',
        day: '2026-01-09',
        direction: 'onOrBefore',
      }),
    ).toBeUndefined();
  });

  test('fx: a monthly rate is read by any day of its month', async () => {
    await store().importExchangeRates([january]);
    const found = await store().findExchangeRate({
      source: 'HMRC',
      base: 'GBP',
      quote: 'USD',
      day: '2026-01-31',
      direction: 'onOrBefore',
    });
    expect(found).toStrictEqual(january);
  });

  test('fx: an import that disagrees with a held rate is refused whole', async () => {
    await store().importExchangeRates([week[0] as ExchangeRate]);
    const changed = ecb('2026-01-08', 'USD', '1.2000');
    await expect(store().importExchangeRates([week[1] as ExchangeRate, changed])).rejects.toMatchObject({
      type: 'INVALID_VALUE',
      message: expect.stringContaining('1.1650'),
    });
    expect(await store().listExchangeRateSeries()).toStrictEqual([
      { source: 'ECB', base: 'EUR', quote: 'USD', count: 1, first: '2026-01-08', last: '2026-01-08' },
    ]);
  });

  test('fx: a bad rate is refused and nothing of its import is written', async () => {
    const bad: ExchangeRate[] = [
      ecb('2026-01-08', 'USD', '0'),
      ecb('2026-02-30', 'USD', '1.1'),
      ecb('2026-01-08', 'usd', '1.1'),
      ecb('2026-01-08', 'USD', '-1.1'),
      ecb('2026-01-08', 'USD', '1e3'),
      { ...ecb('2026-01-08', 'USD', '1.1'), to: '2026-01-07' },
      { ...ecb('2026-01-08', 'USD', '1.1'), source: 'FED' as 'ECB' },
    ];
    for (const rate of bad) {
      await expect(
        store().importExchangeRates([week[0] as ExchangeRate, rate]),
        JSON.stringify(rate),
      ).rejects.toMatchObject({
        type: 'INVALID_VALUE',
      });
    }
    expect(await store().listExchangeRateSeries()).toStrictEqual([]);
  });

  test('fx: returned rates are copies', async () => {
    const rate = { ...(week[0] as ExchangeRate) };
    await store().importExchangeRates([rate]);
    (rate as { rate: string }).rate = '9';
    const found = await store().findExchangeRate({
      source: 'ECB',
      base: 'EUR',
      quote: 'USD',
      day: '2026-01-08',
      direction: 'onOrBefore',
    });
    expect(found?.rate).toBe('1.1650');
  });
}
