/**
 * The operation table is the one declaration of every operation: the engine's methods, the
 * HTTP routes and the OpenAPI document must list exactly its rows (plus the two routes that
 * are HTTP's own), and a call must reach the row's three functions whichever way it comes in.
 */
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../src/api/list-operations.ts';
import { OPERATE } from '../../src/api/operate.ts';
import { buildOpenApi } from '../../src/http/build-open-api.ts';
import { ROUTES } from '../../src/http/routes.ts';
import { createTaxEngine } from '../../src/index.ts';
import { ACCOUNT_A, KEY, calculationBody, createTestApi, createTestEngine } from '../helpers/http-fixtures.ts';

/** The engine's own members that are not operations. */
const NOT_OPERATIONS = ['rates', 'whenIdle', 'resetTestData', 'flush', 'close'];
/** The routes HTTP has that the engine does not. */
const HTTP_ONLY = ['GET /tax/ping', 'GET /openapi.json'];

function methodNames(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'function') return [name];
    return typeof value === 'object' && value !== null ? methodNames(value, name) : [];
  });
}

const rows = listOperations();

describe('the operation table', () => {
  it('has a row for every operation of the interface, each named once', () => {
    const names = rows.map(({ name }) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'calculations.create',
      'calculations.replay',
      'transactions.create',
      'transactions.list',
      'transactions.get',
      'transactions.delete',
      'transactions.listRefunds',
      'manualLineItems.create',
      'refunds.create',
      'refunds.list',
      'refundReversals.create',
      'refundReversals.list',
      'products.create',
      'products.list',
      'products.get',
      'products.delete',
      'customers.create',
      'customers.list',
      'customers.get',
      'customers.delete',
      'reports.liability',
      'reports.oss',
      'reports.ser',
      'certificates.create',
      'certificates.list',
      'certificates.get',
      'certificates.update',
      'certificates.revoke',
      'certificateRequests.create',
      'certificateRequests.list',
      'certificateRequests.get',
      'certificateRequests.cancel',
      'merchants.create',
      'merchants.list',
      'merchants.get',
      'merchants.update',
      'merchants.delete',
      'registrations.create',
      'registrations.list',
      'registrations.get',
      'registrations.update',
      'registrations.delete',
      'nexus.status',
      'rateTables.list',
      'rateTables.remove',
      'platform.calculations.create',
      'platform.transactions.create',
    ]);
  });

  it('gives the engine exactly its rows as methods', async () => {
    const engine = createTaxEngine();
    const { rates: _rates, ...rest } = engine;
    const methods = methodNames(rest).filter((name) => !NOT_OPERATIONS.includes(name));
    expect(methods.sort()).toEqual(rows.map(({ name }) => name).sort());
    // The router's way in is there, and is not an enumerable member.
    expect(typeof (engine as unknown as Record<symbol, unknown>)[OPERATE]).toBe('function');
    expect(Object.keys(engine)).not.toContain(OPERATE.toString());
    await engine.close();
  });

  it('gives the routes and the OpenAPI document exactly its rows, plus the ping and the document itself', () => {
    const expected = [...rows.map(({ row }) => `${row.method} ${row.path}`), ...HTTP_ONLY].sort();
    const routed = ROUTES.flatMap((route) =>
      Object.keys(route.operations).map((method) => `${method} ${route.pattern}`),
    );
    expect(routed.sort()).toEqual(expected);
    const document = buildOpenApi(ROUTES) as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace('{id}', ':id')}`),
    );
    expect(described.sort()).toEqual(expected);
  });

  it('takes a body exactly where a row reads one, and documents its version gate', () => {
    const document = buildOpenApi(ROUTES) as {
      paths: Record<string, Record<string, { requestBody?: unknown; description?: string }>>;
    };
    for (const { row } of rows) {
      const described = document.paths[row.path.replace(':id', '{id}')]?.[row.method.toLowerCase()];
      expect(described, `${row.method} ${row.path}`).toBeDefined();
      expect(described?.requestBody !== undefined, `${row.method} ${row.path}`).toBe(row.args.includes('body'));
      if (row.since !== undefined) expect(described?.description).toContain(`Needs X-API-Version ${row.since}`);
    }
  });

  it('answers the same through the engine and through HTTP', async () => {
    const { call } = createTestApi();
    const tenant = { accountId: ACCOUNT_A.id, mode: 'test' as const };
    const direct = await createTestEngine().calculations.create(calculationBody(), { tenant, version: '2025-05-12' });
    const response = await call('POST', '/tax/calculations', { body: calculationBody(), version: '2025-05-12' });
    expect(response.status).toBe(200);
    // Ids and times differ between two calculations; every other field is the same.
    const withoutIds = (body: object) => JSON.parse(JSON.stringify(body).replace(/"(calc|li)_[^"]+"/g, '"id"'));
    const { expires_at: _a, tax_date: _b, ...fromEngine } = withoutIds(direct);
    const { expires_at: _c, tax_date: _d, ...fromHttp } = withoutIds(response.json);
    expect(fromHttp).toEqual(fromEngine);
    expect(Object.keys(response.json)).toEqual(Object.keys(direct));
  });

  it('gates the version once per call: the library refuses a merchant call in an older version, HTTP before the body', async () => {
    const engine = createTestEngine();
    await expect(engine.merchants.list(undefined, { version: '2025-05-12' as '2026-01-01' })).rejects.toMatchObject({
      type: 'UNSUPPORTED_API_VERSION',
      message: expect.stringContaining('GET /tax/merchants'),
    });
    const { handler } = createTestApi();
    const response = await handler(
      new Request('http://taxkit.test/tax/merchants', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'x-api-version': '2025-05-12', 'content-type': 'application/json' },
        body: '{not json',
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_api_version' } });
  });
});
