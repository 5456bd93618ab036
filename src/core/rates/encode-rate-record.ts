import { encodeRateTable } from './encode-rate-table.ts';
import type { RateTableRecord } from './rate-table-record.ts';

const encoder = new TextEncoder();

/**
 * `JSON.stringify(record)` as UTF-8, the body the SQLite store keeps, with the table's bytes
 * from {@link encodeRateTable} (the ones an import made to hash it). Written into `into` when
 * it has room, so a store can reuse one buffer for every record; else into a new array.
 * Members in the record's own order, those JSON leaves out (undefined) left out.
 */
export function encodeRateRecord(record: RateTableRecord, into?: Uint8Array): Uint8Array {
  const table = encodeRateTable(record.table);
  const members: [string, string | undefined][] = Object.keys(record).map((key) => [
    key,
    key === 'table' ? undefined : JSON.stringify((record as unknown as Record<string, unknown>)[key]),
  ]);
  // Each character takes at most 3 bytes of UTF-8.
  let room = table.byteLength + 2;
  for (const [key, text] of members) room += 3 * (key.length + (text?.length ?? 0)) + 8;
  const out = into !== undefined && into.length >= room ? into : new Uint8Array(room);
  let at = 0;
  const write = (text: string) => {
    at += encoder.encodeInto(text, out.subarray(at)).written;
  };
  write('{');
  for (const [key, text] of members) {
    if (key !== 'table' && text === undefined) continue;
    write(`${at === 1 ? '' : ','}${JSON.stringify(key)}:`);
    if (key !== 'table') write(text as string);
    else {
      for (const chunk of table.chunks) {
        out.set(chunk, at);
        at += chunk.length;
      }
    }
  }
  write('}');
  return out.subarray(0, at);
}
