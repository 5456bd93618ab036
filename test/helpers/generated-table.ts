import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

/** A markdown table as its cells, so prettier's column padding does not count (`\|` stays in a cell). */
export function markdownCells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*:?-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/**
 * Checks that the table of `doc` between the `begin` and `end` markers has the cells of
 * `expected` (a table generated from the data); with `UPDATE_DOCS=1` it writes `expected` there
 * instead. The docs' data tables are kept this way, so a doc never lists what the data does not say.
 */
export function expectGeneratedTable(doc: URL, begin: string, end: string, expected: string): void {
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  expect(start).toBeGreaterThan(-1);
  expect(stop).toBeGreaterThan(start);
  const current = text.slice(start + begin.length, stop).trim();
  if (
    process.env.UPDATE_DOCS === '1' &&
    JSON.stringify(markdownCells(current)) !== JSON.stringify(markdownCells(expected))
  ) {
    writeFileSync(doc, `${text.slice(0, start + begin.length)}\n\n${expected}\n\n${text.slice(stop)}`);
    return;
  }
  expect(markdownCells(current)).toEqual(markdownCells(expected));
}
