/**
 * What the adapter needs of an MMDB reader the caller opened: `maxmind`'s `Reader` (from
 * `maxmind.open` or `new Reader(buffer)`) fits, whatever its record type parameter.
 */
export interface MmdbReader {
  readonly metadata: { readonly ipVersion: number };
  get(ip: string): unknown;
}

/** An open reader, or the bytes of a `.mmdb` file (which taxkit then reads itself). */
export type MmdbSource = MmdbReader | Uint8Array;
