import { expect } from 'vitest';
import type { CertificateRequest, ExemptionCertificate, Tenant } from '../../src/core/types.ts';
import { TaxError } from '../../src/core/errors.ts';
import { MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER, MAX_CERTIFICATES_PER_CUSTOMER } from '../../src/ports/store.ts';
import { calculationBody, createTestEngine, TEST_ADDRESSES, TEST_TENANT } from '../helpers/engine-fixtures.ts';
import { LIVE_MODE, nextId, OTHER_ACCOUNT, TENANT } from '../helpers/records.ts';
import { expectTaxError, vandalise } from './assertions.ts';
import type { SuiteContext } from './suite-context.ts';

/** 2025-01-01T00:00:00Z. */
const JAN_2025 = 1_735_689_600;

function makeCertificate(overrides: Partial<ExemptionCertificate> = {}): ExemptionCertificate {
  return {
    id: nextId('cert'),
    customerId: 'cust_1',
    referenceCustomerId: 'c-1',
    reason: 'resale',
    certificateNumber: 'TX-123',
    certificateType: '',
    jurisdictions: [
      { country: 'US', province: 'TX', effectiveDate: JAN_2025, expirationDate: JAN_2025 + 86_400 * 365 },
    ],
    createdAt: JAN_2025,
    updatedAt: JAN_2025,
    ...overrides,
  };
}

function makeRequest(overrides: Partial<CertificateRequest> = {}): CertificateRequest {
  return {
    id: nextId('cert_req'),
    customerId: 'cust_1',
    referenceCustomerId: 'c-1',
    certificateType: 'US-CA-CDTFA-230',
    jurisdictions: ['US-CA'],
    status: 'pending',
    createdAt: JAN_2025,
    updatedAt: JAN_2025,
    ...overrides,
  };
}

const fulfilled =
  (certificateId: string) =>
  (request: CertificateRequest): CertificateRequest => ({ ...request, status: 'fulfilled', certificateId });

/**
 * Exemption certificates and certificate requests on every store: round trips, lists by
 * customer, atomic updates, the certificate that fulfils a request written with it or not at
 * all, tenancy; and the engine over the store applying a certificate to a sale and keeping it,
 * and a marketplace-facilitated sale, on the recorded transaction.
 */
export function describeCertificateCases({ store, test }: SuiteContext): void {
  test('certificates: a certificate and a request read back as written, as copies', async () => {
    const certificate = makeCertificate({ exemptPercentage: '12.5', certificateType: 'US-TX-01-339' });
    const request = makeRequest({ expiresAt: JAN_2025 + 10 });
    await store().insertCertificate(TENANT, certificate);
    await store().insertCertificateRequest(TENANT, request);
    const read = await store().getCertificate(TENANT, certificate.id);
    expect(read).toStrictEqual(certificate);
    vandalise(read);
    expect(await store().getCertificate(TENANT, certificate.id)).toStrictEqual(certificate);
    expect(await store().getCertificateRequest(TENANT, request.id)).toStrictEqual(request);
    expect(await store().getCertificate(TENANT, 'cert_missing')).toBeUndefined();
    expect(await store().getCertificateRequest(TENANT, 'cert_req_missing')).toBeUndefined();
  });

  test('certificates: lists are in id order, a page at a time, of one customer when asked', async () => {
    const mine = [makeCertificate(), makeCertificate(), makeCertificate()];
    const theirs = makeCertificate({ customerId: 'cust_2' });
    for (const certificate of [mine[1], theirs, mine[2], mine[0]] as ExemptionCertificate[]) {
      await store().insertCertificate(TENANT, certificate);
    }
    const first = await store().listCertificates(TENANT, { customerId: 'cust_1', limit: 2 });
    expect(first.items.map((c) => c.id)).toEqual(mine.slice(0, 2).map((c) => c.id));
    expect(first.hasMore).toBe(true);
    const second = await store().listCertificates(TENANT, {
      customerId: 'cust_1',
      limit: 2,
      after: mine[1]?.id as string,
    });
    expect(second.items.map((c) => c.id)).toEqual([mine[2]?.id]);
    expect(second.hasMore).toBe(false);
    const all = await store().listCertificates(TENANT, { limit: 100 });
    expect(all.items.map((c) => c.id)).toEqual([...mine, theirs].map((c) => c.id));

    const requests = [makeRequest(), makeRequest({ customerId: 'cust_2' })];
    for (const request of requests) await store().insertCertificateRequest(TENANT, request);
    const ofOne = await store().listCertificateRequests(TENANT, { customerId: 'cust_2', limit: 10 });
    expect(ofOne.items).toStrictEqual([requests[1]]);
    expect((await store().listCertificateRequests(TENANT, { limit: 1 })).hasMore).toBe(true);
  });

  test('certificates: a customer holds at most MAX_CERTIFICATES_PER_CUSTOMER certificates and as many requests', async () => {
    for (let index = 0; index < MAX_CERTIFICATES_PER_CUSTOMER; index += 1) {
      await store().insertCertificate(TENANT, makeCertificate());
    }
    const extra = makeCertificate();
    const refused = await expectTaxError(store().insertCertificate(TENANT, extra), 'INVALID_VALUE');
    expect(refused.details).toMatchObject({
      bound: 'MAX_CERTIFICATES_PER_CUSTOMER',
      limit: MAX_CERTIFICATES_PER_CUSTOMER,
    });
    expect(await store().getCertificate(TENANT, extra.id)).toBeUndefined();
    // Another customer, and the same customer in another mode, are not held back.
    await store().insertCertificate(TENANT, makeCertificate({ customerId: 'cust_2' }));
    await store().insertCertificate(LIVE_MODE, makeCertificate());

    for (let index = 0; index < MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER; index += 1) {
      await store().insertCertificateRequest(TENANT, makeRequest());
    }
    const extraRequest = makeRequest();
    const refusedRequest = await expectTaxError(
      store().insertCertificateRequest(TENANT, extraRequest),
      'INVALID_VALUE',
    );
    expect(refusedRequest.details).toMatchObject({ bound: 'MAX_CERTIFICATE_REQUESTS_PER_CUSTOMER' });
    expect(await store().getCertificateRequest(TENANT, extraRequest.id)).toBeUndefined();
    await store().insertCertificateRequest(TENANT, makeRequest({ customerId: 'cust_2' }));
  });

  test('certificates: updates replace the record atomically; a missing one is CERTIFICATE_NOT_FOUND', async () => {
    const certificate = makeCertificate();
    await store().insertCertificate(TENANT, certificate);
    const revoked = await store().updateCertificate(TENANT, certificate.id, (current) => ({
      ...current,
      revokedAt: JAN_2025 + 5,
    }));
    expect(revoked.revokedAt).toBe(JAN_2025 + 5);
    expect(await store().getCertificate(TENANT, certificate.id)).toStrictEqual(revoked);
    await expectTaxError(
      store().updateCertificate(TENANT, 'cert_missing', (c) => c),
      'CERTIFICATE_NOT_FOUND',
    );
    const refusal = new TaxError('INVALID_VALUE', 'refused');
    await expect(
      store().updateCertificate(TENANT, certificate.id, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await store().getCertificate(TENANT, certificate.id)).toStrictEqual(revoked);

    const request = makeRequest();
    await store().insertCertificateRequest(TENANT, request);
    const canceled = await store().updateCertificateRequest(TENANT, request.id, (current) => ({
      ...current,
      status: 'canceled',
    }));
    expect((await store().getCertificateRequest(TENANT, request.id))?.status).toBe('canceled');
    expect(canceled.status).toBe('canceled');
    await expectTaxError(
      store().updateCertificateRequest(TENANT, 'cert_req_missing', (r) => r),
      'CERTIFICATE_REQUEST_NOT_FOUND',
    );
  });

  test('certificates: a certificate fulfils its request in the same write, or neither is written', async () => {
    const request = makeRequest();
    await store().insertCertificateRequest(TENANT, request);
    const certificate = makeCertificate({ requestId: request.id });
    await store().insertCertificate(TENANT, certificate, fulfilled(certificate.id));
    expect(await store().getCertificateRequest(TENANT, request.id)).toStrictEqual({
      ...request,
      status: 'fulfilled',
      certificateId: certificate.id,
    });

    const second = makeCertificate({ requestId: request.id });
    const refusal = new TaxError('REQUEST_ALREADY_FULFILLED', 'already');
    await expect(
      store().insertCertificate(TENANT, second, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await store().getCertificate(TENANT, second.id)).toBeUndefined();

    const orphan = makeCertificate({ requestId: 'cert_req_missing' });
    const error = await expectTaxError(store().insertCertificate(TENANT, orphan), 'CERTIFICATE_REQUEST_NOT_FOUND');
    expect(error.key).toEqual(['certificateRequestId']);
    expect(await store().getCertificate(TENANT, orphan.id)).toBeUndefined();
  });

  test('certificates: another account or mode sees none of them, and a reset deletes them', async () => {
    const certificate = makeCertificate();
    const request = makeRequest();
    await store().insertCertificate(TENANT, certificate);
    await store().insertCertificateRequest(TENANT, request);
    for (const other of [OTHER_ACCOUNT, LIVE_MODE] as Tenant[]) {
      expect(await store().getCertificate(other, certificate.id)).toBeUndefined();
      expect(await store().getCertificateRequest(other, request.id)).toBeUndefined();
      expect((await store().listCertificates(other, { limit: 10 })).items).toEqual([]);
      await expectTaxError(
        store().updateCertificate(other, certificate.id, (c) => c),
        'CERTIFICATE_NOT_FOUND',
      );
    }
    await store().deleteTenantRecords(TENANT);
    expect(await store().getCertificate(TENANT, certificate.id)).toBeUndefined();
    expect((await store().listCertificateRequests(TENANT, { limit: 10 })).items).toEqual([]);
  });

  test('certificates: the engine exempts a covered sale and keeps the certificate on the transaction', async () => {
    const { engine } = createTestEngine({ store: store() });
    const customer = await engine.customers.create({ email: 'buyer@example.com', reference_customer_id: 'reseller' });
    const certificate = await engine.certificates.create({
      customer_id: 'reseller',
      reason: 'resale',
      jurisdictions: [{ country: 'US', province: 'CA', effective_date: JAN_2025 }],
    });
    const calculation = await engine.calculations.create(
      calculationBody({ customer: { id: customer.id, address: TEST_ADDRESSES.sanFrancisco } }),
    );
    expect(calculation.total_tax_amount).toBe(0);
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'order-cert' });
    const recorded = await store().getTransaction(TEST_TENANT, sale.id);
    expect(recorded?.exemption).toBe('certificate');
    expect(recorded?.certificate).toStrictEqual({ id: certificate.id, reason: 'resale' });
    const listed = await store().listTransactions(TEST_TENANT, { limit: 10, customerId: customer.id });
    expect(listed.items.map((t) => t.certificate?.id)).toEqual([certificate.id]);
  });

  test('certificates: a partial certificate through calculation, transaction and partial refund; a revoked one is not applied', async () => {
    const { engine } = createTestEngine({ store: store() });
    const customer = await engine.customers.create({ email: 'maker@example.com' });
    const certificate = await engine.certificates.create({
      customer_id: customer.id,
      reason: 'industrial_production',
      exempt_percentage: 50,
      jurisdictions: [{ country: 'US', province: 'CA', effective_date: JAN_2025 }],
    });
    const body = calculationBody({ customer: { id: customer.id, address: TEST_ADDRESSES.sanFrancisco } });
    const calculation = await engine.calculations.create(body);
    expect(calculation.line_items.map((line) => line.tax_amount)).toEqual([90, 23]);
    const sale = await engine.transactions.create({ calculation_id: calculation.id, reference_order_id: 'order-half' });
    expect((await store().getTransaction(TEST_TENANT, sale.id))?.certificate).toStrictEqual({
      id: certificate.id,
      reason: 'industrial_production',
      exemptPercentage: '50',
    });
    const refund = await engine.refunds.create({
      transaction_id: sale.id,
      type: 'partial',
      line_items: [
        { reference_line_item_id: 'line-2', sales_amount_refunded: -500, tax_amount_refunded: -23, quantity: 1 },
      ],
    });
    expect(refund.line_items.map((line) => line.tax_amount)).toEqual([-23]);
    await engine.certificates.revoke(certificate.id);
    expect((await engine.calculations.create(body)).total_tax_amount).toBe(225);
  });

  test('certificates: a calculation reads every certificate of the customer, past the store page', async () => {
    const { engine } = createTestEngine({ store: store() });
    const customer = await engine.customers.create({ email: 'many@example.com' });
    const other = { country: 'US', province: 'NY', effective_date: JAN_2025 };
    for (let index = 0; index < 101; index += 1) {
      await engine.certificates.create({ customer_id: customer.id, reason: 'resale', jurisdictions: [other] });
    }
    const covering = await engine.certificates.create({
      customer_id: customer.id,
      reason: 'government',
      jurisdictions: [{ country: 'US', province: 'CA', effective_date: JAN_2025 }],
    });
    const calculation = await engine.calculations.create(
      calculationBody({ customer: { id: customer.id, address: TEST_ADDRESSES.sanFrancisco } }),
    );
    expect(calculation.total_tax_amount).toBe(0);
    expect(calculation.line_items[0]?.tax_jurisdictions[0]?.note).toContain(covering.id);
  });

  test('certificates: a marketplace-facilitated sale is recorded with zero tax and its flag', async () => {
    const { engine } = createTestEngine({ store: store() });
    const calculation = await engine.calculations.create(calculationBody());
    expect(calculation.total_tax_amount).toBeGreaterThan(0);
    const sale = await engine.transactions.create({
      calculation_id: calculation.id,
      reference_order_id: 'order-marketplace',
      marketplace_facilitated: true,
    });
    const recorded = await store().getTransaction(TEST_TENANT, sale.id);
    expect(recorded?.marketplaceFacilitated).toBe(true);
    expect(recorded?.lines.map((line) => [line.amountExcludingTaxMinor, line.taxMinor])).toEqual([
      [2000, 0],
      [500, 0],
    ]);
    const listed = await store().listTransactions(TEST_TENANT, { limit: 10 });
    expect(listed.items.map((t) => t.marketplaceFacilitated)).toEqual([true]);
  });
}
