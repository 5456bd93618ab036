import { encodeJson, type EncodedJson } from './encode-json.ts';
import type { RateTable } from './rate-table.ts';

/**
 * Encodings an import made and a store is about to write. A nationwide import is about 10 MB
 * of JSON, whose hash is the table's id and whose bytes the SQLite store keeps: made once, for
 * both. Keyed by the table object, so the bytes live no longer than the table.
 */
const kept = new WeakMap<RateTable, EncodedJson>();

/**
 * `JSON.stringify(table)` as UTF-8 with its hash, which is `hashRateTable(table)`. With `keep`,
 * later calls for the same object return this encoding instead of making it again: only for a
 * table nothing will change any more, as an import's tables (rate tables are never written to
 * once built). Without it, a kept encoding is still returned, and a new one is not kept.
 */
export function encodeRateTable(table: RateTable, keep = false): EncodedJson {
  let encoded = kept.get(table);
  if (encoded === undefined) {
    encoded = encodeJson(table);
    if (keep) kept.set(table, encoded);
  }
  return encoded;
}

/** Drops the encoding kept for `table`, once the store has written it. */
export function forgetRateTableEncoding(table: RateTable): void {
  kept.delete(table);
}
