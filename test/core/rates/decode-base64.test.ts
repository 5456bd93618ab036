import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TaxError } from '../../../src/core/errors.ts';
import { decodeBase64 } from '../../../src/core/rates/sst/decode-base64.ts';
import { unpackSstRanges } from '../../../src/core/rates/sst/unpack-sst-ranges.ts';

describe("the core's base64 decoder (packed SST records)", () => {
  it("gives back exactly the bytes Node's encoder wrote, for any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const decoded = decodeBase64(Buffer.from(bytes).toString('base64'), 'test');
        expect(Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
        expect(decoded.byteOffset).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses text that is not padded standard base64, naming what it was reading', () => {
    for (const text of ['abc', 'ab$d', 'ab-_', 'é===', 'a===']) {
      expect(() => decodeBase64(text, 'The ZIP+4 layer of KS')).toThrowError(
        expect.objectContaining({ type: 'INVALID_VALUE', message: 'The ZIP+4 layer of KS is not base64.' }),
      );
    }
  });

  it('refuses a damaged packed layer: a partial record, unsorted ranges, or a set or date range it lacks', () => {
    /** Records as [low, high, set, dates], packed as pack-sst-boundaries.ts writes them. */
    const layer = (...records: [number, number, number, number][]) => {
      const n = records.length;
      const bytes = Buffer.alloc(Math.ceil((14 * n) / 4) * 4);
      records.forEach(([low, high, set, dates], i) => {
        bytes.writeUInt32LE(low, 4 * i);
        bytes.writeUInt32LE(high, 4 * (n + i));
        bytes.writeUInt32LE(set, 4 * (2 * n + i));
        bytes.writeUInt16LE(dates, 12 * n + 2 * i);
      });
      return bytes.toString('base64');
    };
    const file = {
      sets: [['', 1, '', '', []]],
      dates: [[0, 9]],
      zip5: '',
      plus4: '',
      addresses: '',
      words: [],
    } as const;
    const what = 'layer';
    expect(() => unpackSstRanges(Buffer.alloc(12).toString('base64'), file, what)).toThrow(TaxError);
    expect(() => unpackSstRanges(layer([20, 30, 0, 0], [10, 30, 0, 0]), file, what)).toThrow(/not sorted/);
    expect(() => unpackSstRanges(layer([10, 30, 1, 0]), file, what)).toThrow(/lacks/);
    expect(() => unpackSstRanges(layer([10, 30, 0, 1]), file, what)).toThrow(/lacks/);
    const ranges = unpackSstRanges(layer([660_610_000, 660_619_999, 0, 0]), file, what);
    expect([...ranges.low, ...ranges.high, ...ranges.maxHigh]).toEqual([660_610_000, 660_619_999, 660_619_999]);
    expect([...ranges.begin, ...ranges.end, ranges.zipBase, ...ranges.starts]).toEqual([0, 9, 66_061, 0, 1]);
  });
});
