import { describe, expect, it } from 'vitest';
import { createCalculationKeeper } from '../../adapters/memory/create-calculation-keeper.ts';
import { createRecordLog, LOG_HEADER_BYTES, segmentBytesFor } from '../../adapters/memory/create-record-log.ts';
import { hashInGroup } from '../../adapters/memory/hash-in-group.ts';
import {
  LIVE_MODE,
  makeCalculation,
  makeJurisdictionTax,
  makeTaxLine,
  OTHER_ACCOUNT,
  TENANT,
} from '../helpers/records.ts';

/** Appends a record holding `text` (one byte a character) and returns its locator. */
function append(log: ReturnType<typeof createRecordLog>, text: string): number {
  const locator = log.reserve(LOG_HEADER_BYTES + text.length);
  log.bufferOf(locator).write(text, log.offsetOf(locator) + LOG_HEADER_BYTES, 'latin1');
  log.commit(locator, LOG_HEADER_BYTES + text.length);
  return locator;
}

function textOf(log: ReturnType<typeof createRecordLog>, locator: number): string {
  const buffer = log.bufferOf(locator);
  const offset = log.offsetOf(locator);
  return buffer.toString('latin1', offset + LOG_HEADER_BYTES, offset + buffer.readUInt32LE(offset));
}

function liveTexts(log: ReturnType<typeof createRecordLog>): string[] {
  const texts: string[] = [];
  log.walk((locator) => {
    texts.push(textOf(log, locator));
    return true;
  });
  return texts;
}

describe('record log', () => {
  it('keeps records oldest first across segments and skips the killed ones', () => {
    const log = createRecordLog(4096);
    const locators = Array.from({ length: 40 }, (_, index) => append(log, `record ${index} `.padEnd(300, '.')));
    expect(log.allocatedBytes).toBe(4096 * 4); // 13 records of 308 bytes a segment
    for (const index of [0, 5, 13, 39]) log.kill(locators[index] as number);
    const expected = Array.from({ length: 40 }, (_, index) => index).filter((index) => ![0, 5, 13, 39].includes(index));
    expect(liveTexts(log).map((text) => Number(text.split(' ')[1]))).toEqual(expected);
    // Killing a record twice changes nothing.
    log.kill(locators[5] as number);
    expect(liveTexts(log)).toHaveLength(36);
  });

  it('releases a segment when its last record is killed and reuses its buffer', () => {
    const log = createRecordLog(4096);
    const first = Array.from({ length: 13 }, (_, index) => append(log, `a${index}`.padEnd(300, '.')));
    append(log, 'b'.padEnd(300, '.')); // opens the second segment
    expect(log.allocatedBytes).toBe(8192);
    for (const locator of first) log.kill(locator);
    // The first segment is free: the next segments reuse it instead of allocating.
    for (let index = 0; index < 13; index += 1) append(log, `c${index}`.padEnd(300, '.'));
    expect(log.allocatedBytes).toBe(8192);
    expect(liveTexts(log)[0]?.startsWith('b')).toBe(true);
    expect(liveTexts(log)).toHaveLength(14);
  });

  it('gives a record larger than a segment a segment of its own, freed with it', () => {
    const log = createRecordLog(4096);
    append(log, 'small');
    const large = append(log, 'x'.repeat(10_000));
    expect(textOf(log, large)).toBe('x'.repeat(10_000));
    expect(log.allocatedBytes).toBe(4096 + 10_000 + LOG_HEADER_BYTES);
    append(log, 'after');
    log.kill(large);
    expect(log.allocatedBytes).toBe(8192);
    expect(liveTexts(log)).toEqual(['small', 'after']);
  });

  it('sizes segments at a sixteenth of the bound, within 4 KiB and 8 MiB', () => {
    expect(segmentBytesFor(100)).toBe(4096);
    expect(segmentBytesFor(1_600_000)).toBe(100_000);
    expect(segmentBytesFor(2 ** 40)).toBe(8 * 1024 * 1024);
  });
});

describe('calculation keeper', () => {
  const limits = { maxCalculations: 1_000_000, maxCalculationBytes: 1 << 30 };

  it('tells apart two calculations whose keys share a hash', () => {
    // Hashes as the keeper makes them: the tenant's slot (0, the first tenant of a new keeper), then the id.
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let index = 0; pair === undefined; index += 1) {
      const id = `calc_${index}`;
      const hash = hashInGroup(0, id);
      const other = seen.get(hash);
      if (other === undefined) seen.set(hash, id);
      else pair = [other, id];
    }
    const keeper = createCalculationKeeper(limits);
    const [a, b] = pair.map((id) => makeCalculation({ id })) as [
      ReturnType<typeof makeCalculation>,
      ReturnType<typeof makeCalculation>,
    ];
    keeper.insert(TENANT, a);
    keeper.insert(TENANT, b);
    expect(keeper.get(TENANT, a.id)).toEqual(a);
    expect(keeper.get(TENANT, b.id)).toEqual(b);
    expect(() => keeper.insert(TENANT, b)).toThrow(/already holds a calculation/);
    keeper.deleteTenant(OTHER_ACCOUNT);
    expect(keeper.count).toBe(2);
    expect(keeper.deleteExpiredBefore(a.expiresAt + 1, 1)).toBe(1);
    expect(keeper.get(TENANT, a.id)).toBeUndefined();
    expect(keeper.get(TENANT, b.id)).toEqual(b);
  });

  it('keeps calculations whole past the shared-templates table, and non-ASCII text exact', () => {
    const keeper = createCalculationKeeper({ ...limits, maxSharedTemplates: 4_096 });
    const made = Array.from({ length: 4_200 }, (_, index) =>
      makeCalculation({
        id: `calc_${index}`,
        lines: [
          makeTaxLine({
            productName: 'Crème brûlée 🍮',
            jurisdictions: [makeJurisdictionTax({ name: `Zürich ${index}`, note: `Nº ${index}` })],
          }),
        ],
      }),
    );
    for (const calculation of made) keeper.insert(TENANT, calculation);
    for (const index of [0, 4_095, 4_096, 4_199]) expect(keeper.get(TENANT, `calc_${index}`)).toEqual(made[index]);
    expect(keeper.count).toBe(4_200);
    keeper.deleteTenant(TENANT);
    expect(keeper.count).toBe(0);
    expect(keeper.bytes).toBe(0);
    expect(keeper.get(TENANT, 'calc_4199')).toBeUndefined();
  });

  it('keeps the same id of different tenants apart', () => {
    // The record holds the id once and the tenant as a slot number: both take part in a lookup.
    const keeper = createCalculationKeeper(limits);
    const tenants = [TENANT, OTHER_ACCOUNT, LIVE_MODE];
    const made = tenants.map((tenant, index) => ({
      tenant,
      calculation: makeCalculation({ id: 'calc_same', totalTaxMinor: index }),
    }));
    for (const { tenant, calculation } of made) keeper.insert(tenant, calculation);
    for (const { tenant, calculation } of made) expect(keeper.get(tenant, 'calc_same')).toEqual(calculation);
    expect(() => keeper.insert(OTHER_ACCOUNT, makeCalculation({ id: 'calc_same' }))).toThrow(/already holds/);
    expect(keeper.get({ accountId: 'acct_3', mode: 'test' }, 'calc_same')).toBeUndefined();
    keeper.deleteTenant(OTHER_ACCOUNT);
    expect(keeper.get(OTHER_ACCOUNT, 'calc_same')).toBeUndefined();
    expect(keeper.get(LIVE_MODE, 'calc_same')).toEqual(made[2]?.calculation);
  });

  it('keeps ids of any text apart, lone surrogates included', () => {
    const keeper = createCalculationKeeper(limits);
    const ids = ['calc_\ud800', 'calc_\udc00', 'calc_é', 'calc_😀', 'calc_\ufffd'];
    for (const id of ids) keeper.insert({ accountId: 'acct_\ud83d', mode: 'live' }, makeCalculation({ id }));
    for (const id of ids) expect(keeper.get({ accountId: 'acct_\ud83d', mode: 'live' }, id)?.id).toBe(id);
    expect(keeper.get({ accountId: 'acct_\ufffd', mode: 'live' }, 'calc_\ufffd')).toBeUndefined();
  });

  it('holds its buffers at the high-water mark while calculations come and go', () => {
    const keeper = createCalculationKeeper({ maxCalculations: 500, maxCalculationBytes: 1 << 30 });
    for (let index = 0; index < 600; index += 1) keeper.insert(TENANT, makeCalculation({ id: `calc_a${index}` }));
    const held = keeper.allocatedBytes;
    for (let index = 0; index < 5_000; index += 1) keeper.insert(TENANT, makeCalculation({ id: `calc_b${index}` }));
    expect(keeper.count).toBeLessThanOrEqual(500);
    expect(keeper.allocatedBytes).toBeLessThanOrEqual(held + segmentBytesFor(1 << 30));
    expect(keeper.get(TENANT, 'calc_b4999')?.id).toBe('calc_b4999');
    expect(keeper.get(TENANT, 'calc_a599')).toBeUndefined();
  });
});
