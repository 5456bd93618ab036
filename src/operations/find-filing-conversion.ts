import type { ExchangeRate, ExchangeRateSource } from '../core/fx/exchange-rate.ts';
import { filingRate } from '../core/fx/filing-rate.ts';
import { rateApplies, SOURCE_BASE } from '../core/fx/filing-rules.ts';
import type { FilingConversion } from '../core/types.ts';
import type { TaxStore } from '../ports/store.ts';

/** Which reference rate converts a sale: the source, the two currencies, the day and which way to look from it. */
export interface FilingRateRequest {
  readonly source: ExchangeRateSource;
  readonly saleCurrency: string;
  readonly filingCurrency: string;
  /** YYYY-MM-DD. */
  readonly day: string;
  /** 'onOrAfter' only for ECB's period-end rule ("the next day of publication"). */
  readonly direction: 'onOrBefore' | 'onOrAfter';
}

/**
 * The conversion of a sale to its filing currency from the store's reference rates, or
 * `undefined` when the source has no applicable rate (never a made-up one). The source quotes
 * both currencies against its base (ECB: EUR, HMRC: GBP; the base's own rate is 1), and the rate
 * stored is `filingPerBase / salePerBase` to 10 significant digits (`filingRate`): a USD sale
 * filed in EUR with ECB's 1.0856 stores 0.9211495947. Both sides must come from the same
 * publication; `rateDate` is its day (HMRC: the first day of the month).
 */
export async function findFilingConversion(
  store: Pick<TaxStore, 'findExchangeRate'>,
  request: FilingRateRequest,
): Promise<FilingConversion | undefined> {
  const base = SOURCE_BASE[request.source];
  const side = async (currency: string): Promise<ExchangeRate | 'base' | undefined> => {
    if (currency === base) return 'base';
    const found = await store.findExchangeRate({
      source: request.source,
      base,
      quote: currency,
      day: request.day,
      direction: request.direction,
    });
    return found !== undefined && rateApplies(found, request.day) ? found : undefined;
  };
  const filing = await side(request.filingCurrency);
  if (filing === undefined) return undefined;
  const sale = await side(request.saleCurrency);
  if (sale === undefined) return undefined;
  if (filing !== 'base' && sale !== 'base' && filing.from !== sale.from) return undefined;
  const published = filing === 'base' ? (sale as ExchangeRate) : filing;
  return {
    rate: filingRate(filing === 'base' ? '1' : filing.rate, sale === 'base' ? '1' : sale.rate),
    rateDate: published.from,
    source: request.source,
  };
}
