/**
 * The accepted product categories are listed from one table in the code
 * (`PRODUCT_CATEGORY_TABLE`): in `/openapi.json` and in the README, whose table this test
 * checks. To regenerate the README table after changing the code table, run
 * `UPDATE_DOCS=1 npx vitest run test/docs/product-categories.test.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_TABLE } from '../../src/core/product-categories.ts';
import { createTestApi } from '../helpers/http-fixtures.ts';

const README = new URL('../../README.md', import.meta.url);
const BEGIN = '<!-- product-categories:begin (generated from src/core/product-categories.ts) -->';
const END = '<!-- product-categories:end -->';

function table(): string {
  const rows = PRODUCT_CATEGORY_TABLE.map(
    (category) =>
      `| \`${category.code}\` | ${category.description}${category.extension === true ? ' _(taxkit extension)_' : ''} |`,
  );
  return ['| category | what it is |', '| --- | --- |', ...rows].join('\n');
}

describe('product categories', () => {
  it('are unique, each with a one-line description', () => {
    expect(PRODUCT_CATEGORIES.size).toBe(PRODUCT_CATEGORY_TABLE.length);
    for (const category of PRODUCT_CATEGORY_TABLE) {
      expect(category.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(category.description).toMatch(/^\S.*\.$/);
      expect(category.description).not.toMatch(/\n/);
    }
  });

  it('are listed in /openapi.json, each with its description', async () => {
    const { call } = createTestApi();
    const document = (await call('GET', '/openapi.json', { key: null })).json;
    const schema = document.components.schemas.ProductCategory;
    const categories = schema.oneOf.filter((entry: { const?: string }) => entry.const !== undefined);
    expect(categories.map((entry: { const: string }) => entry.const)).toEqual(
      PRODUCT_CATEGORY_TABLE.map((category) => category.code),
    );
    expect(schema.oneOf[0].description).toBe(PRODUCT_CATEGORY_TABLE[0]?.description);
    // Then one pattern per vendor whose product tax codes the crosswalk reads (docs/product-tax-codes.md).
    const patterns = schema.oneOf.slice(categories.length).map((entry: { pattern: string }) => entry.pattern);
    expect(patterns).toHaveLength(3);
    expect(
      patterns.every((pattern: string) => new RegExp(pattern).test('txcd_30011000') === pattern.includes('txcd')),
    ).toBe(true);
  });

  it('are listed in the README, as generated from the code table', () => {
    const text = readFileSync(README, 'utf8');
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    expect(start, 'README has the generated category table').toBeGreaterThan(0);
    const current = text.slice(start + BEGIN.length, end).trim();
    if (process.env.UPDATE_DOCS === '1' && current !== table()) {
      writeFileSync(README, `${text.slice(0, start + BEGIN.length)}\n\n${table()}\n\n${text.slice(end)}`);
      return;
    }
    // Prettier aligns the table's columns; compare cell contents, not padding.
    const cells = (markdown: string) =>
      markdown
        .split('\n')
        .filter((line) => !/^\|\s*-/.test(line))
        .map((line) =>
          line
            .split('|')
            .map((cell) => cell.trim())
            .join('|'),
        );
    expect(cells(current)).toEqual(cells(table()));
  });
});
