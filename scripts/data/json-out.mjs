// Deterministic JSON writer for the generated tables in data/.
//
// Small top-level fields are written one per line (2-space indent); each large map is written with
// one entry per line, unindented and with no other whitespace, so the files stay compact yet diff
// one record per line. Keys are sorted by UTF-16 code unit order (the same order on every machine and locale).
import { writeFileSync } from 'node:fs';

/** Sorts a plain object's keys (code unit order) into a new object. */
export function sortKeys(obj) {
  const out = {};
  for (const k of Object.keys(obj).toSorted(compareCodeUnits)) out[k] = obj[k];
  return out;
}

/** Plain `<`/`>` comparison: independent of the locale, unlike localeCompare. */
export function compareCodeUnits(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Serialises `doc`. Values of the keys listed in `tables` must be plain objects or arrays; they are
 * written one entry per line. Everything else is written with JSON.stringify (compact for arrays
 * of scalars, pretty for small objects).
 */
export function formatDocument(doc, tables) {
  const lines = ['{'];
  const keys = Object.keys(doc);
  keys.forEach((key, i) => {
    const comma = i < keys.length - 1 ? ',' : '';
    const value = doc[key];
    if (tables.includes(key)) {
      lines.push(`  ${JSON.stringify(key)}: ${formatTable(value)}${comma}`);
    } else if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
      lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
    } else {
      const text = JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
      lines.push(`  ${JSON.stringify(key)}: ${text}${comma}`);
    }
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function formatTable(value) {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => JSON.stringify(v)).join(',\n')}\n]`;
  }
  // Sort here, not via object insertion order: JS objects list integer-like keys ("100") before
  // other keys ("005"), whatever order they were inserted in.
  const entries = Object.entries(value).toSorted((a, b) => compareCodeUnits(a[0], b[0]));
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',\n')}\n}`;
}

export function writeDocument(file, doc, tables) {
  const text = formatDocument(doc, tables);
  // Round-trip check: what we write must parse back to the same document.
  const back = JSON.stringify(JSON.parse(text));
  if (back !== JSON.stringify(doc)) throw new Error(`${file}: serialisation round trip failed`);
  writeFileSync(file, text);
  return text.length;
}
