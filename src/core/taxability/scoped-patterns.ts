import type { TaxabilityIndex } from './compile-taxability.ts';

/**
 * Finds the jurisdiction-scoped rule keys of a {@link TaxabilityIndex} that match one
 * jurisdiction id, least specific first: prefixes ("US-NC:COUNTY:*") by length, then the exact
 * id. Laying them on in that order lets the more specific rule win.
 */
export function createScopedPatterns(index: TaxabilityIndex): (id: string) => readonly string[] {
  const prefixes: string[] = [];
  let hasScoped = false;
  for (const key of index.keys()) {
    if (!key.includes(':')) continue;
    hasScoped = true;
    if (key.endsWith('*')) prefixes.push(key);
  }
  prefixes.sort((a, b) => a.length - b.length);
  const none: readonly string[] = [];
  return (id) => {
    if (!hasScoped) return none;
    const found = prefixes.filter((prefix) => id.startsWith(prefix.slice(0, -1)));
    // A region ("US-TX") is a key too; only an id with a colon can be a scoped rule's.
    if (id.includes(':') && index.has(id)) found.push(id);
    return found.length === 0 ? none : found;
  };
}
