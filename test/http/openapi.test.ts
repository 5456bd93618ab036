import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/http/route-table.ts';
import { API_VERSIONS } from '../../src/wire/api-version.ts';
import { createTestApi } from '../helpers/http-fixtures.ts';

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
