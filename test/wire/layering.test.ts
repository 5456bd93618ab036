import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The file without its comments, so documentation may name versions. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

describe('version rules live in the wire layer only', () => {
  const outside = filesUnder(srcDir).filter((file) => !relative(srcDir, file).startsWith('wire/'));

  it.each(outside.map((file) => [relative(srcDir, file), file]))(
    '%s names no API version and compares none',
    (_, file) => {
      const text = code(file);
      expect(text).not.toMatch(/['"`]20\d\d-\d\d-\d\d['"`]/);
      expect(text).not.toMatch(/\bisAtLeast\b/);
    },
  );
});
