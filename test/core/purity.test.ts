import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const coreDir = fileURLToPath(new URL('../../src/core/', import.meta.url));
const srcDir = resolve(coreDir, '..');
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
/** Things a pure module must not touch even without importing anything. */
const IMPURE = [/\bDate\.now\(/, /\bnew Date\(/, /\bMath\.random\(/, /\bprocess\./, /\brequire\(/];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('src/core is pure', () => {
  const files = filesUnder(coreDir);

  it('has files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [relative(srcDir, file), file]))('%s imports only src/core and port types', (_, file) => {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const isTypeOnly = match[2] !== undefined;
      const specifier = match[3] ?? match[4] ?? match[5] ?? '';
      const target = specifier.startsWith('.') ? resolve(file, '..', specifier) : specifier;
      const inCore = target.startsWith(coreDir);
      const portType = isTypeOnly && target.startsWith(join(srcDir, 'ports'));
      expect(inCore || portType, `${relative(srcDir, file)} imports "${specifier}"`).toBe(true);
    }
    for (const pattern of IMPURE) expect(text, `${relative(srcDir, file)} uses ${pattern}`).not.toMatch(pattern);
  });
});
