import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefaultProductTaxCodes } from '../../src/defaults/load-default-product-tax-codes.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the docs show accepted product categories only', () => {
  it('every product_category in the README and docs/ examples is a category or product tax code taxkit accepts', () => {
    const codes = loadDefaultProductTaxCodes();
    const seen: string[] = [];
    for (const document of DOCUMENTS) {
      const text = readFileSync(join(ROOT, document), 'utf8');
      // JSON (`"product_category": "X"`, escaped in shell strings too) and TypeScript (`product_category: 'X'`).
      for (const match of text.matchAll(/product_category\\?"?\s*:\s*\\?["']([A-Za-z0-9_]+)\\?["']/g)) {
        seen.push(`${document}: ${match[1]}`);
        expect(codes.read(match[1] as string), `${document} shows ${match[1]}`).toBeDefined();
      }
    }
    // The scan finds the README's examples, so it is looking at the right text.
    expect(seen.filter((entry) => entry.startsWith('README.md')).length).toBeGreaterThan(3);
  });
});
