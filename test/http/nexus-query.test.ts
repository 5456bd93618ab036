/**
 * Issue 35, finding 5: every operation's query parameters are its parse schema's keys, so HTTP
 * cannot drop one: `GET /tax/nexus?at=` answers as of `at`, a bad `at` is a 400 naming it, and
 * the OpenAPI document lists `at` for it, not a list's `cursor` and `limit`.
 */
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../src/api/list-operations.ts';
import { ROUTES } from '../../src/http/routes.ts';
import { ACCOUNT_A, createTestApi } from '../helpers/http-fixtures.ts';

const VERSION = '2026-03-01';
const LIVE = ACCOUNT_A.keys.secretLive as string;
/** 2024-06-01T00:00:00Z. */
const JUNE_2024 = 1_717_200_000;

describe('query parameters come from the parse schema', () => {
  it('every route passes exactly the keys of its row’s query schema', () => {
    for (const { name, row } of listOperations()) {
      if (!row.args.includes('query')) continue;
      const route = ROUTES.find((candidate) => candidate.pattern === row.path);
      const operation = route?.operations[row.method];
      expect(operation?.queryParameters, name).toEqual(Object.keys(row.querySchema?.shape ?? {}));
    }
  });

  it('GET /tax/nexus?at= answers as of at', async () => {
    const { call } = createTestApi();
    const response = await call('GET', `/tax/nexus?at=${JUNE_2024}`, { version: VERSION, key: LIVE });
    expect(response.status).toBe(200);
    expect(response.json.at).toBe(JUNE_2024);
  });

  it.each(['abc', '-1', '1.5', '1767225600000'])('GET /tax/nexus?at=%s is a 400 naming at', async (at) => {
    const { call } = createTestApi();
    const response = await call('GET', `/tax/nexus?at=${at}`, { version: VERSION, key: LIVE });
    expect(response.status).toBe(400);
    expect(response.json.message).toContain('at');
  });

  it('the OpenAPI document lists at for GET /tax/nexus', async () => {
    const { call } = createTestApi();
    const { json } = await call('GET', '/openapi.json', { key: null });
    const names = (json.paths['/tax/nexus'].get.parameters ?? []).map((parameter: { name: string }) => parameter.name);
    expect(names).toContain('at');
    expect(names).not.toContain('cursor');
  });
});
