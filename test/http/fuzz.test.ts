import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRouteMatcher } from '../../src/http/match-route.ts';
import type { Method } from '../../src/http/route.ts';
import { ROUTES } from '../../src/http/routes.ts';
import { API_VERSIONS } from '../../src/wire/api-version.ts';
import { ACCOUNTS, INDIANA, KEY, calculationBody, createTestApi } from '../helpers/http-fixtures.ts';

/**
 * Malformed requests of every kind against every endpoint: each must get a typed 4xx JSON error,
 * never a 5xx, and leave the store as it was. Every generated request is wrong by
 * construction (unknown path, wrong method, bad key, bad version, bad media type, bad JSON, a
 * valid body with one field of the wrong type or an unknown field, an unknown id, an oversize
 * body), so none of them may write anything.
 */

const VERSION = '2026-03-01';
const MAX_BODY = 4096;
const api = createTestApi(undefined, { maxBodyBytes: MAX_BODY, pingRateLimit: false });
const match = createRouteMatcher(ROUTES);
const KNOWN_IDS = new Set<string>();
const valid: Record<string, () => Record<string, unknown>> = {};
let merchantPath = '';

async function as(key: string, method: string, path: string, body?: unknown) {
  const response = await api.call(method, path, { key, body, version: VERSION });
  return response.json;
}

/** Everything a request could have changed, for every tenant. */
async function snapshot(): Promise<string> {
  const state: unknown[] = [];
  for (const account of ACCOUNTS) {
    for (const key of [account.keys.secretTest, account.keys.secretLive]) {
      state.push(
        await as(key, 'GET', '/tax/products'),
        await as(key, 'GET', '/tax/customers'),
        await as(key, 'GET', '/tax/merchants'),
      );
    }
  }
  for (const id of KNOWN_IDS) {
    if (id.startsWith('tr_'))
      state.push(
        await as(KEY, 'GET', `/tax/transactions/${id}`),
        await as(KEY, 'GET', `/tax/transactions/${id}/refunds`),
      );
  }
  return JSON.stringify(state);
}

beforeAll(async () => {
  const product = await as(KEY, 'POST', '/tax/products', {
    reference_product_id: 'sku-known',
    reference_product_name: 'Mug',
    product_category: 'GENERAL_MERCHANDISE',
  });
  const customer = await as(KEY, 'POST', '/tax/customers', {
    email: 'known@example.com',
    reference_customer_id: 'cust-known',
  });
  const merchant = await as(KEY, 'POST', '/tax/merchants', {
    reference_merchant_id: 'merch-known',
    name: 'Seller',
    default_address: { ...INDIANA, address_type: undefined },
  });
  const calculation = await as(KEY, 'POST', '/tax/calculations', calculationBody());
  const spare = await as(KEY, 'POST', '/tax/calculations', calculationBody());
  const transaction = await as(KEY, 'POST', '/tax/transactions', {
    calculation_id: calculation.id,
    reference_order_id: 'order-known',
  });
  const refundLine = {
    reference_line_item_id: 'line-1',
    quantity: 1,
    sales_amount_refunded: -100,
    tax_amount_refunded: -7,
  };
  const refund = await as(KEY, 'POST', '/tax/refunds', {
    transaction_id: transaction.id,
    type: 'partial',
    line_items: [refundLine],
  });
  const platformCalculation = await as(KEY, 'POST', '/tax/platform/calculations', platformCalculationBody(merchant.id));
  for (const id of [
    product.reference_product_id,
    customer.id,
    'cust-known',
    merchant.id,
    'merch-known',
    calculation.id,
    spare.id,
    transaction.id,
    refund.id,
    platformCalculation.id,
  ]) {
    expect(id).toBeTypeOf('string');
    KNOWN_IDS.add(id);
  }
  merchantPath = `/tax/merchants/${merchant.id}`;
  // Valid bodies: a mutation makes them invalid. Each would write if sent as is.
  valid['/tax/calculations'] = () => ({ ...calculationBody(), metadata: { cart: 'c-1' } });
  valid['/tax/transactions'] = () => ({
    calculation_id: spare.id,
    reference_order_id: 'order-new',
    metadata: { a: 'b' },
  });
  valid['/tax/refunds'] = () => ({ transaction_id: transaction.id, type: 'partial', line_items: [{ ...refundLine }] });
  valid['/tax/refund_reversals'] = () => ({ refund_id: refund.id });
  valid['/tax/products'] = () => ({
    reference_product_id: 'sku-new',
    reference_product_name: 'Cup',
    product_category: 'GENERAL_MERCHANDISE',
  });
  valid['/tax/customers'] = () => ({
    email: 'new@example.com',
    name: 'New',
    is_tax_exempt: false,
    reference_customer_id: 'cust-new',
  });
  valid['/tax/merchants'] = () => ({
    reference_merchant_id: 'merch-new',
    name: 'New',
    default_address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' },
  });
  valid['/tax/merchants/:id'] = () => ({
    name: 'Renamed',
    default_address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' },
  });
  valid['/tax/platform/calculations'] = () => platformCalculationBody(merchant.id);
  valid['/tax/platform/transactions'] = () => ({
    platform_calculation_id: platformCalculation.id,
    reference_order_id: 'order-platform',
    reference_payment_id: 'pay-1',
    transaction_processed_at: 1_748_779_000,
  });
});

function platformCalculationBody(merchantId: string): Record<string, unknown> {
  return {
    customer: { address: { ...INDIANA } },
    merchant: { merchant_id: merchantId },
    roles: ['payment_processor'],
    order_details: {
      customer_currency_code: 'USD',
      tax_included_in_amount: false,
      line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 100, quantity: 1 }],
    },
    fee_details: { line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 10, quantity: 1 }] },
  };
}

interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
const version = fc.constantFrom<string | undefined>(undefined, ...API_VERSIONS);
const operations = ROUTES.flatMap((route) =>
  (Object.keys(route.operations) as Method[]).map((method) => ({
    method,
    pattern: route.pattern,
    spec: route.operations[method]!,
  })),
);
const keyed = operations.filter((operation) => operation.spec.keys !== 'none');
const posts = operations.filter((operation) => operation.spec.body === true);

function pathOf(pattern: string, id?: string): string {
  if (!pattern.includes(':id')) return pattern;
  return pattern.replace(
    ':id',
    encodeURIComponent(id ?? (pattern.startsWith('/tax/merchants') ? merchantPath.split('/').at(-1)! : 'tr_unknown')),
  );
}

function baseHeaders(chosenVersion: string | undefined, key: string | null = KEY): Record<string, string> {
  return {
    ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    ...(chosenVersion === undefined ? {} : { 'x-api-version': chosenVersion }),
    'content-type': 'application/json',
  };
}

function validBody(pattern: string): string {
  return JSON.stringify(valid[pattern]?.() ?? {});
}

const unknownPath = fc
  .tuple(
    fc.oneof(
      fc.webPath(),
      printable.map((text) => `/tax/${encodeURIComponent(text)}`),
    ),
    version,
  )
  .filter(([path]) => {
    const normalized = new URL(`http://taxkit.test${path.startsWith('/') ? path : `/${path}`}`).pathname;
    return match(normalized) === undefined;
  })
  .map(([path, chosen]): FuzzRequest => ({
    method: 'GET',
    path: path.startsWith('/') ? path : `/${path}`,
    headers: baseHeaders(chosen),
  }));

const wrongMethod = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'),
    version,
  )
  .filter(([route, method]) => !(method in route.operations) && !(method === 'HEAD' && 'GET' in route.operations))
  .map(([route, method, chosen]): FuzzRequest => ({
    method,
    path: pathOf(route.pattern),
    headers: baseHeaders(chosen),
  }));

const badKey = fc
  .tuple(
    fc.constantFrom(...keyed),
    fc.option(
      fc.oneof(
        printable,
        printable.map((text) => `Bearer ${text}`),
      ),
      { nil: undefined },
    ),
    version,
  )
  .filter(
    ([, authorization]) =>
      !ACCOUNTS.some((account) => Object.values(account.keys).some((key) => authorization?.trim() === `Bearer ${key}`)),
  )
  .map(([operation, authorization, chosen]): FuzzRequest => ({
    method: operation.method,
    path: pathOf(operation.pattern),
    headers: { ...baseHeaders(chosen, null), ...(authorization === undefined ? {} : { authorization }) },
    ...(operation.spec.body === true ? { body: validBody(operation.pattern) } : {}),
  }));

const badVersion = fc
  .tuple(fc.constantFrom(...keyed), printable)
  .filter(([, text]) => text.trim() !== '' && !(API_VERSIONS as readonly string[]).includes(text.trim()))
  .map(([operation, text]): FuzzRequest => ({
    method: operation.method,
    path: pathOf(operation.pattern),
    headers: { ...baseHeaders(undefined), 'x-api-version': text },
    ...(operation.spec.body === true ? { body: validBody(operation.pattern) } : {}),
  }));

const badMediaType = fc
  .tuple(fc.constantFrom(...posts), printable, version)
  .filter(([, type]) => type.trim() !== '' && !/^\s*application\/json\s*(;|$)/i.test(type))
  .map(([operation, type, chosen]): FuzzRequest => ({
    method: 'POST',
    path: pathOf(operation.pattern),
    headers: { ...baseHeaders(chosen), 'content-type': type },
    body: validBody(operation.pattern),
  }));

const notJson = fc
  .tuple(fc.constantFrom(...posts), fc.string({ maxLength: 200 }), version)
  .filter(([, text]) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  })
  .map(([operation, text, chosen]): FuzzRequest => ({
    method: 'POST',
    path: pathOf(operation.pattern),
    headers: baseHeaders(chosen),
    body: text,
  }));

const notObject = fc
  .tuple(fc.constantFrom(...posts), fc.jsonValue({ maxDepth: 3 }), version)
  .filter(([, value]) => typeof value !== 'object' || value === null || Array.isArray(value))
  .map(([operation, value, chosen]): FuzzRequest => ({
    method: 'POST',
    path: pathOf(operation.pattern),
    headers: baseHeaders(chosen),
    body: JSON.stringify(value),
  }));

/** Paths to every node of a JSON value outside metadata (where any JSON is allowed). */
function nodePaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [at];
  if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      paths.push(...nodePaths(entry, [...at, index]));
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value))
      if (key !== 'metadata') paths.push(...nodePaths(entry, [...at, key]));
  }
  return paths;
}

function jsonKind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

const mutatedBody = fc
  .tuple(
    fc.constantFrom(...posts),
    fc.nat(),
    fc.boolean(),
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ minLength: 1, maxLength: 12 }),
    version,
  )
  .map(([operation, pick, addField, replacement, fieldName, chosen]) => {
    const body = valid[operation.pattern]?.() ?? {};
    const paths = nodePaths(body);
    const path = paths[pick % paths.length]!;
    const parentPath = path.slice(0, -1);
    const target = path.reduce<any>((node, part) => node[part], body);
    if (addField || path.length === 0) {
      // An unknown field on an object node: every request schema is strict.
      const objects = paths.filter(
        (candidate) => jsonKind(candidate.reduce<any>((node, part) => node[part], body)) === 'object',
      );
      const owner = objects[pick % objects.length]!.reduce<any>((node, part) => node[part], body);
      owner[`x_${fieldName}`] = replacement;
    } else if (jsonKind(replacement) !== jsonKind(target)) {
      parentPath.reduce<any>((node, part) => node[part], body)[path.at(-1)!] = replacement;
    } else {
      parentPath.reduce<any>((node, part) => node[part], body)[path.at(-1)!] =
        jsonKind(target) === 'string' ? 12 : 'wrong type';
    }
    return {
      method: 'POST',
      path: pathOf(operation.pattern),
      headers: baseHeaders(chosen),
      body: JSON.stringify(body),
    } satisfies FuzzRequest;
  });

const unknownId = fc
  .tuple(
    fc.constantFrom(...operations.filter((operation) => operation.pattern.includes(':id'))),
    fc.string({ minLength: 1, maxLength: 30 }),
    version,
  )
  .filter(([, id]) => !KNOWN_IDS.has(id) && id !== '.' && id !== '..')
  .map(([operation, id, chosen]): FuzzRequest => ({
    method: operation.method,
    path: pathOf(operation.pattern, id),
    headers: baseHeaders(chosen),
    ...(operation.spec.body === true ? { body: validBody(operation.pattern) } : {}),
  }));

const oversize = fc
  .tuple(fc.constantFrom(...posts), fc.integer({ min: MAX_BODY + 1, max: MAX_BODY * 3 }), version)
  .map(([operation, size, chosen]): FuzzRequest => ({
    method: 'POST',
    path: pathOf(operation.pattern),
    headers: baseHeaders(chosen),
    body: `{"metadata":{"a":"${'x'.repeat(size)}"}}`,
  }));

const noise = fc.dictionary(
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 30 }),
  { maxKeys: 4 },
);

const malformed = fc
  .tuple(
    fc.oneof(
      unknownPath,
      wrongMethod,
      badKey,
      badVersion,
      badMediaType,
      notJson,
      notObject,
      mutatedBody,
      unknownId,
      oversize,
    ),
    noise,
  )
  .map(([request, extra]): FuzzRequest => ({ ...request, headers: { ...extra, ...request.headers } }));

describe('malformed requests (fast-check)', () => {
  it('always get a typed 4xx JSON error and change nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(malformed, async (request) => {
        const response = await api.handler(
          new Request(`http://taxkit.test${request.path}`, {
            method: request.method,
            headers: request.headers,
            ...(request.body === undefined || request.method === 'GET' || request.method === 'HEAD'
              ? {}
              : { body: request.body }),
          }),
        );
        const text = await response.text();
        expect(response.status, `${request.method} ${request.path}: ${text}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${request.method} ${request.path}: ${text}`).toBeLessThan(500);
        expect(response.headers.get('x-request-id')).toMatch(/^req_/);
        if (request.method === 'HEAD') return;
        const json = JSON.parse(text);
        const sent = request.headers['x-api-version']?.trim();
        const known =
          sent === undefined || sent === ''
            ? '2024-09-01'
            : (API_VERSIONS as readonly string[]).includes(sent)
              ? sent
              : undefined;
        if (known !== undefined && known < '2026-01-01') {
          expect(Object.keys(json)).toEqual(['error']);
          expect(json.error.code).toMatch(/^[a-z_]+$/);
          expect(json.error.error_code).toBe(json.error.code);
          expect(json.error.message).toBeTypeOf('string');
        } else {
          expect(json).toEqual({
            code: response.status,
            type: expect.stringMatching(/^[A-Z_]+$/),
            message: expect.any(String),
            ...('param' in json ? { param: expect.any(String) } : {}),
          });
        }
      }),
      { numRuns: 1500, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(api.errors).toEqual([]);
    expect(await snapshot()).toBe(before);
  }, 60_000);

  it('the valid bodies the mutations start from are accepted, so the mutations are what fails', async () => {
    for (const [pattern, make] of Object.entries(valid)) {
      const { status, text } = await api.call('POST', pathOf(pattern), { body: make(), version: VERSION });
      expect(status, `${pattern}: ${text}`).toBe(200);
    }
  });
});
