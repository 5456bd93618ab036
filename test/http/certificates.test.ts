/**
 * The 2026-03-01 certificate and certificate-request routes over HTTP, with taxkit's create,
 * update and revoke: served to test and live keys alike (the hosted API serves live keys
 * only), shaped as the interface documents them, and refusing bad input with a typed 4xx that
 * names the field and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../src/wire/api-version.ts';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  type Call,
  createTestApi,
  createTestEngine,
  errorTypeOf,
} from '../helpers/http-fixtures.ts';
import { createTestClock } from '../helpers/engine-fixtures.ts';

const VERSION = '2026-03-01';
const DAY = 86_400;
/** 2025-01-01T00:00:00Z. */
const JAN_2025 = 1_735_689_600;
/** 2025-06-01T00:00:00Z: the test clock's day. */
const TODAY = 1_748_736_000;

const SECRET_KEYS = [
  ['secret test', ACCOUNT_A.keys.secretTest],
  ['secret live', ACCOUNT_A.keys.secretLive],
] as const;

async function customerOf(call: Call, key: string, reference = 'reseller-1'): Promise<string> {
  const { status, json } = await call('POST', '/tax/customers', {
    key,
    version: VERSION,
    body: { email: `${reference}@example.com`, reference_customer_id: reference },
  });
  expect(status).toBe(200);
  return json.id;
}

function certificateBody(customerId: string, extra: Record<string, unknown> = {}) {
  return {
    customer_id: customerId,
    reason: 'resale',
    certificate_number: 'CA-SR-1',
    certificate_type: 'US-CA-CDTFA-230',
    jurisdictions: [
      { country: 'US', province: 'CA', effective_date: JAN_2025, expiration_date: JAN_2025 + 730 * DAY },
      { country: 'US', province: 'NY', effective_date: TODAY },
    ],
    ...extra,
  };
}

describe.each(SECRET_KEYS)('certificate routes with a %s key', (_name, key) => {
  it('create, get, list, update and revoke a certificate in the interface shape', async () => {
    const { call } = createTestApi();
    const customerId = await customerOf(call, key);
    const created = await call('POST', '/tax/certificates', {
      key,
      version: VERSION,
      body: certificateBody(customerId),
    });
    expect(created.status).toBe(200);
    const id = created.json.id as string;
    expect(id).toMatch(/^cert_/);
    expect(created.json).toEqual({
      id,
      object: 'tax.exemption_certificate',
      status: 'active',
      certificate_type: {
        id: 'US-CA-CDTFA-230',
        name: 'US-CA-CDTFA-230',
        certificate_identifier: 'US-CA-CDTFA-230',
      },
      customer: { id: customerId, reference_customer_id: 'reseller-1' },
      jurisdictions: [
        { jurisdiction_id: 'US-CA', effective_date: '2025-01-01', expiration_date: '2027-01-01' },
        { jurisdiction_id: 'US-NY', effective_date: '2025-06-01', expiration_date: null },
      ],
      effective_date: '2025-01-01',
      expiration_date: null,
      created_at: '2025-06-01T12:00:00Z',
      updated_at: '2025-06-01T12:00:00Z',
      livemode: key === ACCOUNT_A.keys.secretLive,
      download_url: null,
      reason: 'resale',
      certificate_number: 'CA-SR-1',
      exempt_percentage: null,
      certificate_request_id: null,
      revoked_at: null,
    });

    const got = await call('GET', `/tax/certificates/${id}`, { key, version: VERSION });
    expect(got.json).toEqual(created.json);
    const listed = await call('GET', `/tax/certificates?customer_id=reseller-1&id_type=reference_customer_id`, {
      key,
      version: VERSION,
    });
    expect(listed.json).toEqual({ object: 'list', certificates: [created.json], has_more: false });
    const byWrongKind = await call('GET', `/tax/certificates?customer_id=reseller-1&id_type=id`, {
      key,
      version: VERSION,
    });
    expect(byWrongKind.json.certificates).toEqual([]);

    const updated = await call('POST', `/tax/certificates/${id}`, {
      key,
      version: VERSION,
      body: { exempt_percentage: 40, jurisdictions: [{ country: 'US', province: 'IN', effective_date: JAN_2025 }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.exempt_percentage).toBe(40);
    expect(updated.json.jurisdictions).toEqual([
      { jurisdiction_id: 'US-IN', effective_date: '2025-01-01', expiration_date: null },
    ]);

    const revoked = await call('DELETE', `/tax/certificates/${id}`, { key, version: VERSION });
    expect(revoked.json).toMatchObject({ id, status: 'invalid', revoked_at: '2025-06-01T12:00:00Z' });
    const again = await call('DELETE', `/tax/certificates/${id}`, { key, version: VERSION });
    expect(again.json).toEqual(revoked.json);
    const changeRevoked = await call('POST', `/tax/certificates/${id}`, {
      key,
      version: VERSION,
      body: { reason: 'other' },
    });
    expect(changeRevoked.status).toBe(400);
  });

  it('certificate requests: create, list, get, fulfil by a certificate, and cancel', async () => {
    const { call } = createTestApi();
    const customerId = await customerOf(call, key);
    const opened = await call('POST', '/tax/certificate-requests', {
      key,
      version: VERSION,
      body: { customer_id: customerId, certificate_type_id: 'US-CA-CDTFA-230', jurisdictions: ['US-CA'] },
    });
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({
      id: expect.stringMatching(/^cert_req_/),
      object: 'tax.certificate_request',
      status: 'pending',
      customer: { id: customerId, reference_customer_id: 'reseller-1' },
      certificate_id: null,
      certificate_type_id: 'US-CA-CDTFA-230',
      jurisdictions: ['US-CA'],
      created_at: '2025-06-01T12:00:00Z',
      updated_at: '2025-06-01T12:00:00Z',
      expires_at: null,
      livemode: key === ACCOUNT_A.keys.secretLive,
    });
    const requestId = opened.json.id as string;
    const certificate = await call('POST', '/tax/certificates', {
      key,
      version: VERSION,
      body: certificateBody(customerId, { certificate_request_id: requestId }),
    });
    expect(certificate.json.certificate_request_id).toBe(requestId);
    const fulfilled = await call('GET', `/tax/certificate-requests/${requestId}`, { key, version: VERSION });
    expect(fulfilled.json).toMatchObject({ status: 'fulfilled', certificate_id: certificate.json.id });

    const cancelFulfilled = await call('DELETE', `/tax/certificate-requests/${requestId}`, { key, version: VERSION });
    expect(cancelFulfilled.status).toBe(409);
    expect(cancelFulfilled.json.type).toBe('REQUEST_ALREADY_FULFILLED');
    const secondCertificate = await call('POST', '/tax/certificates', {
      key,
      version: VERSION,
      body: certificateBody(customerId, { certificate_request_id: requestId }),
    });
    expect(secondCertificate.status).toBe(409);
    expect(secondCertificate.json).toMatchObject({ type: 'REQUEST_ALREADY_FULFILLED' });

    const other = await call('POST', '/tax/certificate-requests', {
      key,
      version: VERSION,
      body: { customer_id: 'reseller-1', jurisdictions: ['US-NY', 'DE'] },
    });
    const canceled = await call('DELETE', `/tax/certificate-requests/${other.json.id}`, { key, version: VERSION });
    expect(canceled.json).toMatchObject({ status: 'canceled', jurisdictions: ['US-NY', 'DE'] });
    const twice = await call('DELETE', `/tax/certificate-requests/${other.json.id}`, { key, version: VERSION });
    expect(twice.status).toBe(200);
    expect(twice.json).toEqual(canceled.json);
    const forCanceled = await call('POST', '/tax/certificates', {
      key,
      version: VERSION,
      body: certificateBody(customerId, { certificate_request_id: other.json.id }),
    });
    expect(forCanceled.status).toBe(409);
    expect(forCanceled.json.type).toBe('REQUEST_INVALID');

    const list = await call('GET', '/tax/certificate-requests?limit=1', { key, version: VERSION });
    expect(list.json).toMatchObject({ object: 'list', has_more: true, next_cursor: requestId });
    expect(list.json.certificate_requests.map((r: { id: string }) => r.id)).toEqual([requestId]);
    const rest = await call('GET', `/tax/certificate-requests?limit=1&cursor=${requestId}`, { key, version: VERSION });
    expect(rest.json.has_more).toBe(false);
    expect('next_cursor' in rest.json).toBe(false);
    // Two certificates were written: the second and third attempts wrote nothing.
    expect((await call('GET', '/tax/certificates', { key, version: VERSION })).json.certificates).toHaveLength(1);
  });
});

describe('certificate routes and keys, modes and versions', () => {
  it('keep test and live, and two accounts, apart', async () => {
    const { call } = createTestApi();
    const customerId = await customerOf(call, ACCOUNT_A.keys.secretTest);
    const created = await call('POST', '/tax/certificates', { version: VERSION, body: certificateBody(customerId) });
    for (const key of [ACCOUNT_A.keys.secretLive, ACCOUNT_B.keys.secretTest]) {
      const got = await call('GET', `/tax/certificates/${created.json.id}`, { key, version: VERSION });
      expect(got.status).toBe(404);
      expect(got.json).toMatchObject({ type: 'CERTIFICATE_NOT_FOUND' });
      expect((await call('GET', '/tax/certificates', { key, version: VERSION })).json.certificates).toEqual([]);
      const revoke = await call('DELETE', `/tax/certificates/${created.json.id}`, { key, version: VERSION });
      expect(revoke.status).toBe(404);
    }
    // Another account's customer cannot be given a certificate.
    const foreign = await call('POST', '/tax/certificates', {
      key: ACCOUNT_B.keys.secretTest,
      version: VERSION,
      body: certificateBody(customerId),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ type: 'CUSTOMER_NOT_FOUND' });
    expect(foreign.json.message).toContain('customer_id');
  });

  it('refuse public keys and versions before 2026-03-01', async () => {
    const { call } = createTestApi();
    for (const key of [ACCOUNT_A.keys.publicTest, ACCOUNT_A.keys.publicLive]) {
      expect((await call('GET', '/tax/certificates', { key, version: VERSION })).status).toBe(401);
      expect((await call('GET', '/tax/certificate-requests/x', { key, version: VERSION })).status).toBe(401);
    }
    for (const version of ['2024-09-01', '2025-05-12', '2026-01-01'] as ApiVersion[]) {
      for (const [method, path] of [
        ['GET', '/tax/certificates'],
        ['GET', '/tax/certificates/cert_1'],
        ['POST', '/tax/certificates'],
        ['DELETE', '/tax/certificates/cert_1'],
        ['GET', '/tax/certificate-requests'],
        ['GET', '/tax/certificate-requests/cert_req_1'],
        ['DELETE', '/tax/certificate-requests/cert_req_1'],
        ['POST', '/tax/certificate-requests'],
      ] as const) {
        const { status, json } = await call(method, path, { version, body: method === 'POST' ? {} : undefined });
        expect(status, `${method} ${path} ${version}`).toBe(400);
        expect(errorTypeOf(json, version)).toBe('UNSUPPORTED_API_VERSION');
      }
    }
  });

  it('answer unknown ids with the interface error types', async () => {
    const { call } = createTestApi();
    const certificate = await call('GET', '/tax/certificates/cert_nope', { version: VERSION });
    expect(certificate.status).toBe(404);
    expect(certificate.json).toMatchObject({ type: 'CERTIFICATE_NOT_FOUND' });
    for (const method of ['GET', 'DELETE']) {
      const request = await call(method, '/tax/certificate-requests/cert_req_nope', { version: VERSION });
      expect(request.status).toBe(404);
      expect(request.json).toMatchObject({ type: 'CERTIFICATE_REQUEST_NOT_FOUND' });
    }
    const list = await call('GET', '/tax/certificates?customer_id=nobody', { version: VERSION });
    expect(list.json).toEqual({ object: 'list', certificates: [], has_more: false });
  });

  it('derive the status from the dates: expiring within 30 days, then expired', async () => {
    const clock = createTestClock();
    const { call } = createTestApi(createTestEngine({ clock }));
    const customerId = await customerOf(call, ACCOUNT_A.keys.secretTest);
    const created = await call('POST', '/tax/certificates', {
      version: VERSION,
      body: certificateBody(customerId, {
        jurisdictions: [{ country: 'US', province: 'CA', effective_date: JAN_2025, expiration_date: TODAY + 45 * DAY }],
      }),
    });
    expect(created.json.status).toBe('active');
    clock.advance(15 * DAY * 1000);
    expect((await call('GET', `/tax/certificates/${created.json.id}`, { version: VERSION })).json.status).toBe(
      'expiring',
    );
    clock.advance(31 * DAY * 1000);
    expect((await call('GET', `/tax/certificates/${created.json.id}`, { version: VERSION })).json.status).toBe(
      'expired',
    );

    const request = await call('POST', '/tax/certificate-requests', {
      version: VERSION,
      body: { customer_id: customerId, jurisdictions: ['US-CA'], expires_at: TODAY + 50 * DAY },
    });
    expect(request.json).toMatchObject({ status: 'pending', expires_at: '2025-07-21T00:00:00Z' });
    clock.advance(10 * DAY * 1000);
    const lapsed = await call('GET', `/tax/certificate-requests/${request.json.id}`, { version: VERSION });
    expect(lapsed.json.status).toBe('invalid');
    const cancel = await call('DELETE', `/tax/certificate-requests/${request.json.id}`, { version: VERSION });
    expect(cancel.status).toBe(409);
    expect(cancel.json.type).toBe('REQUEST_INVALID');
  });
});

describe('bad certificate input: a typed 400 or 404 naming the field, nothing written', () => {
  const cases: [string, (customerId: string) => unknown, number, string, string][] = [
    ['no jurisdictions', (id) => certificateBody(id, { jurisdictions: [] }), 400, 'INVALID_VALUE', 'jurisdictions'],
    ['no jurisdictions field', (id) => ({ customer_id: id, reason: 'resale' }), 400, 'MISSING_FIELD', 'jurisdictions'],
    [
      'dates out of order',
      (id) =>
        certificateBody(id, {
          jurisdictions: [{ country: 'US', province: 'CA', effective_date: TODAY, expiration_date: TODAY - DAY }],
        }),
      400,
      'INVALID_VALUE',
      'jurisdictions[0].expiration_date',
    ],
    ['an unknown reason', (id) => certificateBody(id, { reason: 'friendship' }), 400, 'INVALID_VALUE', 'reason'],
    [
      'an unknown country',
      (id) => certificateBody(id, { jurisdictions: [{ country: 'XX', province: 'CA', effective_date: TODAY }] }),
      400,
      'INVALID_COUNTRY_CODE',
      'jurisdictions[0].country',
    ],
    [
      'an unknown state',
      (id) => certificateBody(id, { jurisdictions: [{ country: 'US', province: 'ZZ', effective_date: TODAY }] }),
      400,
      'INVALID_VALUE',
      'jurisdictions[0].province',
    ],
    [
      'a US place without a state',
      (id) => certificateBody(id, { jurisdictions: [{ country: 'US', effective_date: TODAY }] }),
      400,
      'MISSING_FIELD',
      'jurisdictions[0].province',
    ],
    [
      'a place named twice',
      (id) =>
        certificateBody(id, {
          jurisdictions: [
            { country: 'US', province: 'CA', effective_date: TODAY },
            { country: 'us', province: 'ca', effective_date: JAN_2025 },
          ],
        }),
      400,
      'INVALID_VALUE',
      'jurisdictions[1]',
    ],
    [
      'a percentage over 100',
      (id) => certificateBody(id, { exempt_percentage: 101 }),
      400,
      'INVALID_VALUE',
      'exempt_percentage',
    ],
    [
      'a percentage of zero',
      (id) => certificateBody(id, { exempt_percentage: 0 }),
      400,
      'INVALID_VALUE',
      'exempt_percentage',
    ],
    ['a customer that does not exist', () => certificateBody('cust_nobody'), 404, 'CUSTOMER_NOT_FOUND', 'customer_id'],
    [
      'an unknown certificate request',
      (id) => certificateBody(id, { certificate_request_id: 'cert_req_nope' }),
      404,
      'CERTIFICATE_REQUEST_NOT_FOUND',
      'certificate_request_id',
    ],
  ];

  it.each(cases)('%s', async (_name, body, status, type, field) => {
    const { call } = createTestApi();
    const customerId = await customerOf(call, ACCOUNT_A.keys.secretTest);
    const answer = await call('POST', '/tax/certificates', { version: VERSION, body: body(customerId) });
    expect(answer.status).toBe(status);
    expect(answer.json.type).toBe(type);
    expect(answer.json.message).toContain(field);
    expect((await call('GET', '/tax/certificates', { version: VERSION })).json.certificates).toEqual([]);
  });

  it('certificate requests: no places, an unknown place, a past expiry, an unknown customer', async () => {
    const { call } = createTestApi();
    const customerId = await customerOf(call, ACCOUNT_A.keys.secretTest);
    for (const [body, status, type, field] of [
      [{ customer_id: customerId, jurisdictions: [] }, 400, 'INVALID_VALUE', 'jurisdictions'],
      [{ customer_id: customerId, jurisdictions: ['US-ZZ'] }, 400, 'INVALID_VALUE', 'jurisdictions[0]'],
      [{ customer_id: customerId, jurisdictions: ['XX'] }, 400, 'INVALID_COUNTRY_CODE', 'jurisdictions[0]'],
      [{ customer_id: customerId, jurisdictions: ['US-CA'], expires_at: TODAY }, 400, 'INVALID_VALUE', 'expires_at'],
      [{ customer_id: 'nobody', jurisdictions: ['US-CA'] }, 404, 'CUSTOMER_NOT_FOUND', 'customer_id'],
    ] as const) {
      const answer = await call('POST', '/tax/certificate-requests', { version: VERSION, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json.type).toBe(type);
      expect(answer.json.message).toContain(field);
    }
    expect((await call('GET', '/tax/certificate-requests', { version: VERSION })).json.certificate_requests).toEqual(
      [],
    );
  });
});

describe('marketplace_facilitated on POST /tax/transactions', () => {
  it('records the sale with zero tax charged by the seller, in every version', async () => {
    for (const version of ['2024-09-01', VERSION]) {
      const { call } = createTestApi();
      const calculation = await call('POST', '/tax/calculations', {
        version,
        body: {
          customer: { address: { address_country: 'US', address_province: 'IN', address_postal_code: '46122' } },
          order_details: {
            customer_currency_code: 'USD',
            tax_included_in_amount: false,
            line_items: [
              { reference_line_item_id: 'l1', product_category: 'GENERAL_MERCHANDISE', amount: 1000, quantity: 1 },
            ],
          },
        },
      });
      expect(calculation.json.total_tax_amount).toBe(70);
      const sale = await call('POST', '/tax/transactions', {
        version,
        body: {
          calculation_id: calculation.json.id,
          reference_order_id: `o-${version}`,
          marketplace_facilitated: true,
        },
      });
      expect(sale.status).toBe(200);
      const [line] = sale.json.line_items;
      expect(line.tax_amount).toBe(0);
      expect(line.amount_excluding_tax).toBe(1000);
      expect(line.tax_jurisdictions[0].note).toMatch(/^Marketplace facilitated/);
      const refund = await call('POST', '/tax/refunds', {
        version,
        body: { transaction_id: sale.json.id, type: 'full' },
      });
      expect(refund.status).toBe(200);
      expect(refund.json.line_items[0].tax_amount).toBe(0);
    }
  });

  it('refuses a value that is not a boolean, naming the field', async () => {
    const { call } = createTestApi();
    const sale = await call('POST', '/tax/transactions', {
      version: VERSION,
      body: { calculation_id: 'calc_x', reference_order_id: 'o', marketplace_facilitated: 'yes' },
    });
    expect(sale.status).toBe(400);
    expect(sale.json).toMatchObject({ type: 'INCORRECT_TYPE' });
    expect(sale.json.message).toContain('marketplace_facilitated');
  });
});
