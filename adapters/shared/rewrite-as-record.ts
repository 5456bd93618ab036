import { Buffer } from 'node:buffer';
import { isDeepStrictEqual } from 'node:util';
import type { Calculation } from '../../src/core/types.ts';
import type { CalculationCodec } from './calculation-codec.ts';

/**
 * The record and templates text of a calculation a store kept in an earlier format, for the
 * one-time rewrite of its rows: `read` returns what the earlier reader returned for the row.
 * The record is decoded again and compared with it, so a row that would not read back exactly
 * as before stops the rewrite (which then changes nothing) instead of being changed silently.
 */
export function rewriteAsRecord(
  codec: CalculationCodec,
  id: string,
  read: () => Calculation,
): { readonly record: Buffer; readonly templates: string } {
  let failure: unknown;
  try {
    const calculation = read();
    const encoded = codec.encode(calculation);
    const buffer = Buffer.allocUnsafe(encoded.bytes);
    const record = buffer.subarray(0, codec.write(buffer, 0));
    if (isDeepStrictEqual(codec.decode(record, 0, encoded.templates), calculation)) {
      return { record, templates: encoded.templates };
    }
  } catch (error) {
    failure = error;
  }
  throw new Error(`Calculation ${id} would not read back identically as a record; nothing was rewritten.`, {
    cause: failure,
  });
}
