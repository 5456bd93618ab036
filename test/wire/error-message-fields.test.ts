import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/http/build-open-api.ts';
import { ROUTES } from '../../src/http/routes.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Words in an error message that look like a wire field but are kept on purpose, each with why.
 * Nothing else may appear: a message names fields the caller can send.
 */
const NOT_FIELDS: Readonly<Record<string, string>> = {
  // The hosted API's ZIP_STATE_MISMATCH sentence, kept word for word because clients match on it;
  // taxkit's message goes on to name the real field (`param` carries it as data too).
  address_zip_code: "the hosted API's wording of ZIP_STATE_MISMATCH",
  // Values, not fields: the registration types an OSS return needs, and a value of its `scheme`.
  eu_oss_union: 'the value of a registration type the OSS return asks the caller to record',
  eu_oss_non_union: 'the value of a registration type the OSS return asks the caller to record',
  non_union: 'a value of the OSS return’s scheme',
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every property name of every request body and query in the OpenAPI document (from the zod request schemas). */
function requestFieldNames(): Set<string> {
  const names = new Set<string>(['cursor', 'limit']);
  const document = buildOpenApi(ROUTES) as Record<string, unknown>;
  const components = (document.components as { schemas: Record<string, unknown> }).schemas;
  const visit = (node: unknown, seen: Set<unknown>): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string') visit(components[record.$ref.split('/').at(-1) as string], seen);
    if (typeof record.properties === 'object' && record.properties !== null) {
      for (const name of Object.keys(record.properties)) names.add(name);
    }
    for (const value of Object.values(record)) visit(value, seen);
  };
  const paths = document.paths as Record<string, Record<string, { requestBody?: unknown }>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) visit(operation.requestBody, new Set());
  }
  return names;
}

/** The message texts of every error made in src/ and adapters/ with a literal message or template. */
function errorMessages(): { file: string; text: string }[] {
  const call =
    /(?:keyedError|new TaxError|taxRule|taxIssue)\(\s*'[A-Z_]+'\s*,\s*(?:\[[^\]]*\]\s*,\s*)?(?:\/\/[^\n]*\n\s*)*(`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*')/gs;
  return [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'adapters'))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(call)].map((match) => ({
      file: file.slice(ROOT.length + 1),
      text: match[1] as string,
    })),
  );
}

describe('error messages name real request fields', () => {
  it('every snake_case name in an error message is a field of some request (or a listed exception)', () => {
    const fields = requestFieldNames();
    expect(fields.has('address_postal_code')).toBe(true);
    expect(fields.has('reference_line_item_id')).toBe(true);
    const messages = errorMessages();
    // The scan reads the messages it should: the address checks' among them.
    expect(messages.some((message) => message.text.includes('not a US ZIP code'))).toBe(true);
    expect(messages.some((message) => message.text.includes('address_zip_code'))).toBe(true);
    const unknown: string[] = [];
    for (const { file, text } of messages) {
      // `${…}` and `{field}` parts are filled in at run time with real paths.
      const literal = text.replace(/\$\{[^}]*\}/g, '').replace(/\{[a-z]+(?::[A-Za-z]+)?\}/g, '');
      for (const [word] of literal.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)) {
        if (!fields.has(word) && NOT_FIELDS[word] === undefined) unknown.push(`${file}: ${word}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('ZIP_STATE_MISMATCH', () => {
  it("keeps the hosted API's sentence and names the real field, in the message and as param", async () => {
    const { createTestApi, calculationBody, INDIANA } = await import('../helpers/http-fixtures.ts');
    const { call } = createTestApi();
    const body = calculationBody();
    const answer = await call('POST', '/tax/calculations', {
      version: '2026-03-01',
      body: { ...body, customer: { address: { ...INDIANA, address_province: 'CA', address_postal_code: '46122' } } },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 400,
      type: 'ZIP_STATE_MISMATCH',
      message:
        'Unable to create calculation. address_zip_code 46122 not found in the address_province CA. Ensure zip is up to date and formed correctly. (Field: customer.address.address_postal_code.)',
      param: 'customer.address.address_postal_code',
    });
  });
});
