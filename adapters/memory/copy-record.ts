/**
 * A deep copy of a record. Records are plain data (objects, arrays, strings, numbers,
 * booleans, null: src/core/types.ts), so a direct walk does what `structuredClone` does at a
 * fraction of its cost: `structuredClone` serialises through the V8 serializer, and the
 * calculation path copies every record it stores.
 */
export function copyRecord<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyRecord) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const entry = copyRecord((value as Record<string, unknown>)[key]);
    // Metadata is caller JSON and may hold a "__proto__" key: assigning it would set the
    // copy's prototype instead of an own property, so that one key is defined, not assigned.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: entry, enumerable: true, writable: true, configurable: true });
    else copy[key] = entry;
  }
  return copy as T;
}
