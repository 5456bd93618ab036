import type { RateIndex } from './rate-index.ts';
import { holdsZip5 } from './sst/lookup-sst.ts';

/** What address resolution asks of the rate data: whether it knows a key ("US-KS-66061"). */
export interface KnownRateKeys {
  has(key: string): boolean;
}

const known = new WeakMap<RateIndex, KnownRateKeys>();

/**
 * The keys of the index's tables, and the ZIP5s of its SST files as `US-<ST>-<ZIP5>`: a ZIP that
 * a state's own files hold is valid even where the embedded ZIP list lacks it (new and unique
 * ZIPs appear in the files first). One object per index.
 */
export function knownRateKeys(index: RateIndex): KnownRateKeys {
  let keys = known.get(index);
  if (keys === undefined) {
    const sst = index.sst;
    keys = {
      has(key) {
        if (index.keys.has(key)) return true;
        if (sst === undefined || key.length !== 11) return false;
        const state = sst.get(key.slice(3, 5));
        return state !== undefined && /^US-[A-Z]{2}-\d{5}$/.test(key) && holdsZip5(state, Number(key.slice(6)));
      },
    };
    known.set(index, keys);
  }
  return keys;
}
