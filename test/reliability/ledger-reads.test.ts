/**
 * Issue 35, findings 1–3: the nexus count and the liability report read the ledger a page at a
 * time and give the event loop a turn between pages; no live calculation waits for a nexus
 * count; and background counts are paced by their own length. (Their time and memory at 100 k
 * and 1 M sales are measured in bench/report-scale.mjs, not asserted here.)
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../adapters/memory/index.ts';
import type { JurisdictionNexus } from '../../src/core/nexus/nexus-status.ts';
import type { Tenant } from '../../src/core/types.ts';
import { createNexusMonitor, NEXUS_NOT_COUNTED_NOTE } from '../../src/operations/create-nexus-monitor.ts';
import type { TaxStore } from '../../src/ports/store.ts';
import {
  createTestClock,
  createTestEngine,
  indianaCalculation as indianaCalculationIn,
} from '../helpers/engine-fixtures.ts';
import type { TaxEngine } from '../../src/engine.ts';
import { makeTaxLine, makeTransaction } from '../helpers/records.ts';

const LIVE = { tenant: { accountId: 'acct_scale', mode: 'live' as const } };
/** 2025-03-01T00:00:00Z: the ledgers here are that spring's. */
const MARCH_2025 = 1_740_787_200;

/** A store holding `count` live Indiana sales, an hour apart, three pages and more of the ledger. */
async function storeWithSales(count: number): Promise<TaxStore> {
  const store = createMemoryStore();
  const sales = Array.from({ length: count }, (_, index) =>
    makeTransaction({
      id: `tr_${String(index).padStart(6, '0')}`,
      referenceOrderId: `order-${index}`,
      processedAt: MARCH_2025 + index * 3_600,
      lines: [makeTaxLine({ amountExcludingTaxMinor: 10_000 })],
      place: { country: 'US', province: 'IN' },
    }),
  );
  await store.insertTransactions(LIVE.tenant, sales);
  return store;
}

const indianaCalculation = (engine: TaxEngine) => indianaCalculationIn(engine, LIVE);

/** Whether `work` let a `setImmediate` callback run before it finished. */
async function yieldsWhile(work: () => Promise<unknown>): Promise<boolean> {
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  let turnedBeforeEnd = false;
  await work().then(() => {
    turnedBeforeEnd = turned;
  });
  return turnedBeforeEnd;
}

describe('ledger reads give the event loop a turn between pages', () => {
  it('the nexus count', async () => {
    const store = await storeWithSales(2_500);
    const { engine } = createTestEngine({ store });
    expect(await yieldsWhile(() => engine.nexus.status({}, LIVE))).toBe(true);
  });

  it('the liability report', async () => {
    const store = await storeWithSales(2_500);
    const { engine } = createTestEngine({ store });
    expect(await yieldsWhile(() => engine.reports.liability({ from: '2025-01-01', to: '2025-12-31' }, LIVE))).toBe(
      true,
    );
  });
});

describe('no live calculation waits for a nexus count', () => {
  it('answers at once with the status not known yet, while the ledger read has not even answered', async () => {
    const memory = await storeWithSales(10);
    let released: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      released = resolve;
    });
    // A ledger read that answers only when the test says so: a count of a very long ledger.
    const store: TaxStore = Object.assign(Object.create(memory) as TaxStore, {
      listTransactions: async (...args: Parameters<TaxStore['listTransactions']>) => {
        await gate;
        return memory.listTransactions(...args);
      },
    });
    const { engine } = createTestEngine({ store });
    await engine.registrations.create({ country: 'US', province: 'CA', active_from: 0 }, LIVE);
    const first = await indianaCalculation(engine);
    expect(first.line_items[0]?.tax_jurisdictions[0]?.note).toBe(NEXUS_NOT_COUNTED_NOTE);
    const second = await indianaCalculation(engine);
    expect(second.line_items[0]?.tax_jurisdictions[0]?.note).toBe(NEXUS_NOT_COUNTED_NOTE);
    released?.();
    await engine.whenIdle();
  });

  it('close stops a running count instead of waiting for it', async () => {
    const memory = await storeWithSales(10);
    let reads = 0;
    const store: TaxStore = Object.assign(Object.create(memory) as TaxStore, {
      // Every page says more follow: a ledger without end.
      listTransactions: async (...args: Parameters<TaxStore['listTransactions']>) => {
        reads += 1;
        const page = await memory.listTransactions(args[0], { ...args[1], after: undefined });
        return { ...page, hasMore: true };
      },
    });
    const { engine } = createTestEngine({ store });
    await engine.registrations.create({ country: 'US', province: 'CA', active_from: 0 }, LIVE);
    await indianaCalculation(engine);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await engine.close();
    const after = reads;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(after);
  });
});

describe('background nexus counts are paced by their own length', () => {
  const tenant: Tenant = LIVE.tenant;

  /** A monitor whose counts take `tookMs` of the test clock, and how many it started. */
  function pacedMonitor(tookMs: number) {
    const clock = createTestClock();
    const started = { counts: 0 };
    const monitor = createNexusMonitor({
      clock,
      sellerCountry: 'US',
      refreshMs: 60_000,
      count: async () => {
        started.counts += 1;
        clock.advance(tookMs);
        return [] as readonly JurisdictionNexus[];
      },
    });
    /** Moves the clock, asks for notes as a calculation does, and waits for any count it started. */
    const calculateAfter = async (ms: number) => {
      clock.advance(ms);
      monitor.notesFor(tenant);
      await monitor.idle();
      return started.counts;
    };
    return calculateAfter;
  }

  it('starts the next count no sooner than four times the last one’s length after it ended', async () => {
    const calculateAfter = pacedMonitor(100_000);
    expect(await calculateAfter(0)).toBe(1);
    expect(await calculateAfter(399_000)).toBe(1);
    expect(await calculateAfter(1_000)).toBe(2);
  });

  it('a short count is refreshed after refreshMs', async () => {
    const calculateAfter = pacedMonitor(0);
    expect(await calculateAfter(0)).toBe(1);
    expect(await calculateAfter(59_999)).toBe(1);
    expect(await calculateAfter(1)).toBe(2);
  });
});
