/**
 * The import hashes a table and the SQLite store keeps its JSON from one UTF-8 encoding made
 * by encodeJson: its bytes and hash must be exactly those of JSON.stringify's text, for every
 * value, or a table's id (and so re-imports and snapshots) would change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeRateRecord } from '../../adapters/sqlite/encode-rate-record.ts';
import { hashRateTable } from '../../src/core/rates/hash-rate-table.ts';
import { hashText } from '../../src/core/rates/hash-text.ts';
import type { RateTableRecord } from '../../src/core/rates/rate-table-record.ts';
import { encodeJson, type EncodedJson } from '../../src/rate-import/encode-json.ts';
import { makeLocalTable, makeRateRecord } from '../helpers/rate-records.ts';

const utf8 = new TextEncoder();
const decoder = new TextDecoder();

function bytesOf(encoded: EncodedJson): Uint8Array {
  const out = new Uint8Array(encoded.byteLength);
  let at = 0;
  for (const chunk of encoded.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  expect(at).toBe(encoded.byteLength);
  return out;
}

/** encodeJson(value) against JSON.stringify(value): the same bytes, the same hash. */
function expectLikeStringify(value: unknown): void {
  const text = JSON.stringify(value);
  const encoded = encodeJson(value);
  expect(bytesOf(encoded)).toEqual(utf8.encode(text));
  expect(encoded.hash).toBe(hashText(text));
}

describe('encodeJson', () => {
  it('writes what JSON.stringify writes, and hashes it as hashText does, for any JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), expectLikeStringify), { numRuns: 1000 });
  });

  it('escapes and encodes every string as JSON.stringify and UTF-8 do, surrogates included', () => {
    const strings = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\ud800', '\udc00', 'é', '€', '😀') }),
    );
    fc.assert(
      fc.property(strings, (text) => {
        expectLikeStringify(text);
        expectLikeStringify({ [text]: [text, { [text]: text }] });
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves out of objects, and writes as null in arrays, what JSON has no form for', () => {
    // A sparse array's hole reads as undefined.
    const sparse: unknown[] = [undefined, () => 1, Symbol('d')];
    sparse[4] = 1;
    const odd = { a: undefined, b: () => 1, c: Symbol('c'), d: sparse, e: -0 };
    expectLikeStringify(odd);
    expectLikeStringify(Object.assign(Object.create(null) as object, { 2: 'two', 1: 'one', b: NaN, a: Infinity }));
  });

  it('hands anything that is not plain data to JSON.stringify, its errors included', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBoxedValues: true,
          withDate: true,
          withSparseArray: true,
          withTypedArray: true,
          withMap: true,
        }),
        (value) => {
          if (JSON.stringify(value) === undefined) expect(() => encodeJson(value)).toThrow(TypeError);
          else expectLikeStringify(value);
        },
      ),
      { numRuns: 1000 },
    );
    expectLikeStringify({ when: new Date(0), list: [{ toJSON: (key: string) => `key ${key}` }] });
    expect(() => encodeJson({ big: 1n })).toThrow(TypeError);
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = [cycle];
    expect(() => encodeJson(cycle)).toThrow(TypeError);
  });

  it('lists only own keys even when Object.prototype has gained an enumerable one', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.polluted = 'yes';
    try {
      expectLikeStringify({ a: 1, b: [{ c: 'd' }] });
    } finally {
      delete prototype.polluted;
    }
  });

  it('spans chunks for a long text, with no byte lost at their edges', () => {
    const long = {
      locations: Array.from({ length: 5000 }, (_, index) => ({ key: `US-CA-${index}`, rates: ['0.0725'] })),
    };
    const encoded = encodeJson(long);
    expect(encoded.chunks.length).toBeGreaterThan(1);
    expectLikeStringify(long);
    expectLikeStringify('é'.repeat(30_000));
  });
});

describe("a table's JSON and encodeRateRecord", () => {
  it("a table's encoding hashes to its id (hashRateTable)", () => {
    const table = makeLocalTable({ state: 'NM', zip: '88001' });
    expect(encodeJson(table).hash).toBe(hashRateTable(table));
  });

  it("writes the table's JSON it is given, as made by the import, instead of encoding the table again", () => {
    const record = makeRateRecord();
    const given = encodeJson({ made: 'by the import' });
    expect(decoder.decode(encodeRateRecord(record, given))).toBe(
      JSON.stringify({ ...record, table: { made: 'by the import' } }),
    );
  });

  it("a record's body is JSON.stringify(record) in UTF-8, in the record's own key order", () => {
    const table = { ...makeLocalTable(), name: 'Doña Ana "county" \\ rates' };
    const record = makeRateRecord(table, { fileName: 'TAXRATES_ZIP5_NM202603.csv' });
    const reordered = { table, importedAt: 5, id: 'x', fileName: 'é', rowCount: 1, format: 'taxkit-csv' };
    const odd = { ...record, note: undefined, '\u0001\u0002\u0003': '\u0004' } as unknown as RateTableRecord;
    for (const subject of [record, reordered as unknown as RateTableRecord, odd]) {
      expect(decoder.decode(encodeRateRecord(subject))).toBe(JSON.stringify(subject));
    }
  });

  it('writes into the buffer it is given when it has room, and into a new one otherwise', () => {
    const record = makeRateRecord();
    const small = new Uint8Array(8);
    const first = encodeRateRecord(record, undefined, small);
    expect(first.buffer).not.toBe(small.buffer);
    const room = new Uint8Array(first.length * 4);
    const second = encodeRateRecord(record, undefined, room);
    expect(second.buffer).toBe(room.buffer);
    expect(decoder.decode(second)).toBe(JSON.stringify(record));
  });
});
