import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '../../src/http/routes.ts';
import { API_VERSIONS, type ApiVersion, DEFAULT_API_VERSION } from '../../src/wire/api-version.ts';
import { PLATFORM_SINCE } from '../../src/wire/version-rules.ts';
import { INDIANA, calculationBody, createTestApi } from '../helpers/http-fixtures.ts';

async function fetchDocument() {
  const { call } = createTestApi();
  const response = await call('GET', '/openapi.json', { key: null, version: 'not-a-version' });
  return { response, document: response.json };
}

/** Follows a local JSON pointer (`#/components/schemas/X`). */
function resolve(document: any, ref: string): unknown {
  let node = document;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return node;
}

function collectRefs(node: unknown, refs: string[] = []): string[] {
  if (Array.isArray(node)) for (const entry of node) collectRefs(entry, refs);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') refs.push(value);
      else collectRefs(value, refs);
    }
  }
  return refs;
}

describe('GET /openapi.json', () => {
  it('needs neither a key nor a valid version', async () => {
    const { response, document } = await fetchDocument();
    expect(response.status).toBe(200);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route and method of the router', async () => {
    const { document } = await fetchDocument();
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routed = ROUTES.flatMap((route) =>
      Object.keys(route.operations).map((method) => `${method} ${route.pattern.replace(':id', '{id}')}`),
    );
    expect(described.toSorted()).toEqual(routed.toSorted());
    expect(described).toContain('DELETE /tax/transactions/{id}');
    expect(described).toContain('POST /tax/platform/transactions');
  });

  it('generates request bodies from the validating zod schemas', async () => {
    const { document } = await fetchDocument();
    const body = document.paths['/tax/calculations'].post.requestBody.content['application/json'].schema;
    const schema: any = resolve(document, body.$ref);
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['customer', 'order_details']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.order_details.properties.line_items.items.required).toEqual(['amount', 'quantity']);
    const refund: any = resolve(
      document,
      document.paths['/tax/refunds'].post.requestBody.content['application/json'].schema.$ref,
    );
    expect(refund.properties.type.enum).toEqual(['full', 'partial']);
    expect(document.paths['/tax/ping'].get.requestBody).toBeUndefined();
  });

  it('has no dangling references', async () => {
    const { document } = await fetchDocument();
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      expect(resolve(document, ref), ref).toBeDefined();
    }
  });

  it('declares bearer auth, the version header and both error formats', async () => {
    const { document } = await fetchDocument();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.parameters.ApiVersion).toMatchObject({ name: 'X-API-Version', in: 'header' });
    expect(document.components.parameters.ApiVersion.schema.enum).toEqual([...API_VERSIONS]);
    expect(document.components.schemas.ErrorFlat.required).toEqual(['code', 'type', 'message']);
    expect(document.components.schemas.ErrorNested.properties.error.required).toContain('error_code');
    expect(document.paths['/openapi.json'].get.security).toEqual([]);
    expect(document.paths['/tax/merchants'].get.description).toContain('2026-01-01');
    const operationIds = Object.values(document.paths).flatMap((item: any) =>
      Object.values(item).map((operation: any) => operation.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });
});

/** `node` with every local `$ref` replaced by what it points at (response schemas are not recursive). */
function inline(document: any, node: unknown): any {
  if (Array.isArray(node)) return node.map((entry) => inline(document, entry));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return inline(document, resolve(document, ref));
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(document, value)]));
}

/** The published success schema of `method path` in `version`, as a validator built from the JSON alone. */
function publishedSchema(document: any, method: string, path: string, version: ApiVersion): z.ZodType {
  const success = document.paths[path][method.toLowerCase()].responses['200'];
  const schema = success['x-schemas-by-api-version'][version];
  expect(schema, `${method} ${path} ${version}`).toBeDefined();
  if (version === DEFAULT_API_VERSION) expect(success.content['application/json'].schema).toEqual(schema);
  return z.fromJSONSchema(inline(document, schema));
}

describe('GET /openapi.json success bodies', () => {
  it('gives every operation a generated body schema in each version it exists in', async () => {
    const { document } = await fetchDocument();
    for (const route of ROUTES) {
      for (const [method, operation] of Object.entries(route.operations)) {
        if (route.pattern === '/openapi.json') continue;
        const path = route.pattern.replace(':id', '{id}');
        const success = document.paths[path][method.toLowerCase()].responses['200'];
        const versions = API_VERSIONS.filter((version) => operation.since === undefined || version >= operation.since);
        expect(Object.keys(success['x-schemas-by-api-version'] ?? {}), `${method} ${path}`).toEqual(versions);
        const shown: any = resolve(document, success.content['application/json'].schema.$ref);
        expect(shown?.type, `${method} ${path}`).toBe('object');
        expect(shown.additionalProperties, `${method} ${path}`).toBe(false);
        expect(Object.keys(shown.properties).length, `${method} ${path}`).toBeGreaterThan(1);
      }
    }
    const calculation: any = resolve(
      document,
      document.paths['/tax/calculations'].post.responses['200']['x-schemas-by-api-version']['2026-03-01'].$ref,
    );
    expect(calculation.required).toContain('location_source');
    const older: any = resolve(
      document,
      document.paths['/tax/calculations'].post.responses['200']['x-schemas-by-api-version']['2024-09-01'].$ref,
    );
    expect(older.properties.location_source).toBeUndefined();
  });

  it('a validator built from the published JSON refuses a body that drifted', async () => {
    const { document } = await fetchDocument();
    const schema = publishedSchema(document, 'DELETE', '/tax/products/{id}', '2024-09-01');
    const body = { reference_product_id: 'p', object: 'tax.product', deleted: true, deleted_at: 1 };
    expect(schema.safeParse(body).success).toBe(true);
    expect(schema.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(schema.safeParse({ ...body, deleted_at: 'x' }).success).toBe(false);
    const { deleted_at: _dropped, ...missing } = body;
    expect(schema.safeParse(missing).success).toBe(false);
  });

  it.each(API_VERSIONS)('real answers of %s validate against the published schemas', async (version) => {
    const { call } = createTestApi();
    const { document } = await fetchDocument();
    const conforms = (method: string, path: string, result: { status: number; json: unknown }) => {
      expect(result.status, `${method} ${path}: ${JSON.stringify(result.json)}`).toBe(200);
      const parsed = publishedSchema(document, method, path, version).safeParse(result.json);
      expect(parsed.success ? [] : parsed.error.issues, `${method} ${path}`).toEqual([]);
    };
    const send = (method: string, path: string, body?: unknown) =>
      call(method, path, { version, ...(body === undefined ? {} : { body }) });

    const body = calculationBody();
    const calculation = await send('POST', '/tax/calculations', body);
    conforms('POST', '/tax/calculations', calculation);
    conforms(
      'POST',
      '/tax/calculations/{id}/replay',
      await send('POST', `/tax/calculations/${calculation.json.id}/replay`),
    );
    const transaction = await send('POST', '/tax/transactions', {
      calculation_id: calculation.json.id,
      reference_order_id: `o-${version}`,
    });
    conforms('POST', '/tax/transactions', transaction);
    const id = transaction.json.id;
    conforms('GET', '/tax/transactions/{id}', await send('GET', `/tax/transactions/${id}`));
    const refund = await send('POST', '/tax/refunds', {
      transaction_id: id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-1', sales_amount_refunded: -200, tax_amount_refunded: -14, quantity: 1 },
      ],
    });
    conforms('POST', '/tax/refunds', refund);
    conforms(
      'POST',
      '/tax/refund_reversals',
      await send('POST', '/tax/refund_reversals', { refund_id: refund.json.id }),
    );
    conforms('GET', '/tax/transactions/{id}/refunds', await send('GET', `/tax/transactions/${id}/refunds`));
    conforms('DELETE', '/tax/transactions/{id}', await send('DELETE', `/tax/transactions/${id}`));

    const product = {
      reference_product_id: 'p1',
      reference_product_name: 'P',
      product_category: 'GENERAL_MERCHANDISE',
    };
    conforms('POST', '/tax/products', await send('POST', '/tax/products', product));
    conforms('GET', '/tax/products', await send('GET', '/tax/products'));
    conforms('GET', '/tax/products/{id}', await send('GET', '/tax/products/p1'));
    conforms('DELETE', '/tax/products/{id}', await send('DELETE', '/tax/products/p1'));
    const customer = await send('POST', '/tax/customers', { email: 'a@example.com', reference_customer_id: 'c1' });
    conforms('POST', '/tax/customers', customer);
    conforms('GET', '/tax/customers', await send('GET', '/tax/customers'));
    conforms('GET', '/tax/customers/{id}', await send('GET', '/tax/customers/c1'));
    conforms('DELETE', '/tax/customers/{id}', await send('DELETE', '/tax/customers/c1'));
    conforms('GET', '/tax/ping', await send('GET', '/tax/ping'));

    if (version < PLATFORM_SINCE) return;
    const merchant = { reference_merchant_id: 'm1', name: 'M', default_address: { ...INDIANA } };
    conforms('POST', '/tax/merchants', await send('POST', '/tax/merchants', merchant));
    conforms('GET', '/tax/merchants', await send('GET', '/tax/merchants'));
    conforms('GET', '/tax/merchants/{id}', await send('GET', '/tax/merchants/m1'));
    conforms('POST', '/tax/merchants/{id}', await send('POST', '/tax/merchants/m1', { name: 'N' }));
    const platform = await send('POST', '/tax/platform/calculations', {
      ...body,
      merchant: { merchant_id: 'm1' },
      fee_details: { line_items: [{ product_category: 'GENERAL_MERCHANDISE', amount: 100, quantity: 1 }] },
      roles: ['payment_processor'],
    });
    conforms('POST', '/tax/platform/calculations', platform);
    conforms(
      'POST',
      '/tax/platform/transactions',
      await send('POST', '/tax/platform/transactions', {
        platform_calculation_id: platform.json.id,
        reference_order_id: 'po1',
        reference_payment_id: 'pay1',
      }),
    );
    conforms('DELETE', '/tax/merchants/{id}', await send('DELETE', '/tax/merchants/m1'));
  });
});
