import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import { createTaxEngine } from '../../src/engine.ts';
import { importRates } from '../../src/rate-import/import-rates.ts';

const ROOT = join(import.meta.dirname, '../..');

type Wire = Record<string, any>;

/** One line of the worked example: what was sent, the precision, the combined rate and its parts. */
function line(sent: string, result: Wire): string {
  const entries: Wire[] = result.line_items[0].tax_jurisdictions;
  const combined = entries.reduce((sum, entry) => sum + Math.round(entry.tax_rate * 1e8), 0) / 1e6;
  const parts = entries
    .map((entry) => `${entry.jurisdiction_name} ${Math.round(entry.tax_rate * 1e8) / 1e6} %`)
    .join(' + ');
  return `${sent.padEnd(26)} ${String(result.resolution_precision).padEnd(12)} ${`${combined} %`.padEnd(9)} ${parts}`;
}

describe('docs/rates.md, "Rates at the address"', () => {
  it('shows what the engine answers for the worked Kansas example', async () => {
    const store = createMemoryStore();
    await importRates({ store, inputs: [join(ROOT, 'test/fixtures/sst/example')] });
    const engine = createTaxEngine({ store, clock: { now: () => Date.UTC(2026, 4, 15) }, ratesCheckIntervalMs: 0 });
    const lines: string[] = [];
    for (const [sent, line1] of [
      ['66061-0500', ''],
      ['66061-1234', ''],
      ['66061-6000', ''],
      ['66061', ''],
      ['66061 + 120 N Main St', '120 N Main St'],
    ] as const) {
      const result: Wire = await engine.calculations.create(
        {
          customer: {
            address: {
              address_country: 'US',
              address_province: 'KS',
              address_postal_code: sent.slice(0, sent.startsWith('66061-') ? 10 : 5),
              address_line_1: line1,
            },
          },
          order_details: {
            customer_currency_code: 'USD',
            tax_included_in_amount: false,
            line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10_000, quantity: 1 }],
          },
        } as never,
        { version: '2026-03-01' },
      );
      lines.push(line(sent, result));
    }
    const docs = readFileSync(join(ROOT, 'docs/rates.md'), 'utf8');
    expect(docs).toContain(lines.join('\n'));
  });
});
