import type { RateTableRecord } from '../../src/core/rates/rate-table-record.ts';
import { encodeJson, type EncodedJson } from '../../src/rate-import/encode-json.ts';

const encoder = new TextEncoder();

/**
 * `JSON.stringify(record)` as UTF-8, the body the SQLite store keeps. `tableJson`: the JSON of
 * `record.table` when the caller has it already (an import made it to hash the table: about
 * 10 MB for the nationwide tables, so it is made once); else it is encoded here. Written into
 * `into` when it has room, so a store can reuse one buffer for every record; else into a new
 * array. Members in the record's own order, those JSON leaves out (undefined) left out.
 */
export function encodeRateRecord(record: RateTableRecord, tableJson?: EncodedJson, into?: Uint8Array): Uint8Array {
  // The text before the table's (`{"id":"…",…,"table":`) and after it (`}`).
  let before = '{';
  let after = '';
  let hasTable = false;
  for (const key of Object.keys(record)) {
    const value = key === 'table' ? '' : JSON.stringify((record as unknown as Record<string, unknown>)[key]);
    if (value === undefined) continue;
    const member = `${JSON.stringify(key)}:${value}`;
    if (hasTable) after += `,${member}`;
    else before += before === '{' ? member : `,${member}`;
    if (key === 'table') hasTable = true;
  }
  after += '}';
  const table = hasTable ? (tableJson ?? encodeJson(record.table)) : undefined;
  // A UTF-16 unit takes at most 3 bytes of UTF-8.
  const room = (table?.byteLength ?? 0) + 3 * (before.length + after.length);
  const out = into !== undefined && into.length >= room ? into : new Uint8Array(room);
  let at = 0;
  const write = (text: string) => {
    const { read, written } = encoder.encodeInto(text, out.subarray(at));
    if (read !== text.length) throw new RangeError('encodeRateRecord: the buffer was sized too small.');
    at += written;
  };
  write(before);
  for (const chunk of table?.chunks ?? []) {
    out.set(chunk, at);
    at += chunk.length;
  }
  write(after);
  return out.subarray(0, at);
}
