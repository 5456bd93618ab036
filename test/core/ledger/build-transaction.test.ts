import { describe, expect, it } from 'vitest';
import { buildTransaction } from '../../../src/core/ledger/build-transaction.ts';
import { makeCalculation } from '../../helpers/records.ts';

const NOW = 1_748_779_200;
const calculation = makeCalculation({ createdAt: NOW - 60, expiresAt: NOW + 86_340, currency: 'CAD' });
const input = { referenceOrderId: 'order-1', processedAt: undefined, metadata: { channel: 'web' } };

describe('buildTransaction', () => {
  it('copies the calculation lines and currency, and stamps the creation time', () => {
    const transaction = buildTransaction(calculation, input, 'tr_1', NOW);
    expect(transaction).toEqual({
      id: 'tr_1',
      calculationId: calculation.id,
      referenceOrderId: 'order-1',
      processedAt: NOW,
      createdAt: NOW,
      currency: 'CAD',
      filingCurrency: 'CAD',
      lines: calculation.lines,
      metadata: { channel: 'web' },
      type: 'order',
      // Kept for reports and nexus: where the sale was taxed (no customer, nothing exempt here).
      place: { country: calculation.location.address.country, province: calculation.location.address.province },
    });
  });

  it('keeps the stored customer, and why nothing was due on the whole sale, for reports', () => {
    const customer = { ...calculation.customer, customerId: 'cust_1', isTaxExempt: true };
    const exempt = buildTransaction({ ...calculation, customer }, input, 'tr_1', NOW);
    expect(exempt.customerId).toBe('cust_1');
    expect(exempt.exemption).toBe('exempt_customer');
    const disabled = buildTransaction({ ...calculation, automaticTax: 'disabled', customer }, input, 'tr_1', NOW);
    expect(disabled.exemption).toBe('automatic_tax_disabled');
    const lines = calculation.lines.map((line) => ({
      ...line,
      jurisdictions: line.jurisdictions.map((part) => ({ ...part, rateType: 'NO COLLECTION; NO STATE NEXUS' })),
    }));
    expect(buildTransaction({ ...calculation, lines }, input, 'tr_1', NOW).exemption).toBe('no_nexus');
    expect(buildTransaction(calculation, input, 'tr_1', NOW).exemption).toBeUndefined();
  });

  it('keeps a given processing time', () => {
    expect(buildTransaction(calculation, { ...input, processedAt: 1_700_000_000 }, 'tr_1', NOW).processedAt).toBe(
      1_700_000_000,
    );
  });

  it('accepts a calculation up to and including its expiry second', () => {
    expect(() => buildTransaction(calculation, input, 'tr_1', calculation.expiresAt)).not.toThrow();
  });

  it('refuses an expired calculation', () => {
    expect(() => buildTransaction(calculation, input, 'tr_1', calculation.expiresAt + 1)).toThrowError(
      expect.objectContaining({ type: 'CALCULATION_EXPIRED', status: 400 }),
    );
  });

  it('does not record a platform calculation as a standard transaction', () => {
    const platform = makeCalculation({ kind: 'platform', createdAt: NOW, expiresAt: NOW + 10 });
    expect(() => buildTransaction(platform, input, 'tr_1', NOW)).toThrowError(
      expect.objectContaining({ type: 'CALCULATION_NOT_FOUND', status: 404 }),
    );
  });
});
