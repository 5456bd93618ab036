import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certificateNote,
  certificateOfNote,
  coveringCertificate,
  hundredthsOf,
  WHOLE_PRICE,
} from '../../../src/core/exemptions/applied-certificate.ts';
import { certificateRequestStatus, certificateStatus } from '../../../src/core/exemptions/certificate-status.ts';
import { EXEMPTION_REASONS } from '../../../src/core/exemptions/exemption-reasons.ts';
import type { CertificateRequest, ExemptionCertificate, ExemptionReason } from '../../../src/core/types.ts';

const DAY = 86_400;
/** 2025-06-01T00:00:00Z. */
const JUNE_1 = 1_748_736_000;

function certificate(overrides: Partial<ExemptionCertificate> = {}): ExemptionCertificate {
  return {
    id: 'cert_1',
    customerId: 'cust_1',
    referenceCustomerId: '',
    reason: 'resale',
    certificateNumber: '',
    certificateType: '',
    jurisdictions: [{ country: 'US', province: 'TX', effectiveDate: JUNE_1, expirationDate: JUNE_1 + 30 * DAY }],
    createdAt: JUNE_1,
    updatedAt: JUNE_1,
    ...overrides,
  };
}

describe('coveringCertificate', () => {
  it('covers the listed place from its effective day through its expiration day, in whole UTC days', () => {
    const certificates = [
      certificate({
        jurisdictions: [
          { country: 'US', province: 'TX', effectiveDate: JUNE_1 + 3600, expirationDate: JUNE_1 + 2 * DAY },
        ],
      }),
    ];
    const at = (seconds: number) => coveringCertificate(certificates, 'US', 'TX', seconds)?.id;
    expect(at(JUNE_1 - 1)).toBeUndefined();
    expect(at(JUNE_1)).toBe('cert_1');
    expect(at(JUNE_1 + 3 * DAY - 1)).toBe('cert_1');
    expect(at(JUNE_1 + 3 * DAY)).toBeUndefined();
    expect(coveringCertificate(certificates, 'US', 'CA', JUNE_1 + DAY)).toBeUndefined();
    expect(coveringCertificate(certificates, 'CA', 'TX', JUNE_1 + DAY)).toBeUndefined();
  });

  it('a whole-country place covers the country; a revoked certificate covers nothing', () => {
    const germany = certificate({ jurisdictions: [{ country: 'DE', province: '', effectiveDate: JUNE_1 }] });
    expect(coveringCertificate([germany], 'DE', '', JUNE_1 + 400 * DAY)?.place).toBe('DE');
    expect(coveringCertificate([{ ...germany, revokedAt: JUNE_1 }], 'DE', '', JUNE_1)).toBeUndefined();
  });

  it('prefers the largest exemption, then the lowest id, whatever the order', () => {
    const half = certificate({ id: 'cert_a', exemptPercentage: '50' });
    const whole = certificate({ id: 'cert_c' });
    const wholeToo = certificate({ id: 'cert_b' });
    for (const order of [
      [half, whole, wholeToo],
      [wholeToo, half, whole],
    ]) {
      const applied = coveringCertificate(order, 'US', 'TX', JUNE_1);
      expect(applied).toMatchObject({ id: 'cert_b', exemptHundredths: WHOLE_PRICE });
    }
    expect(coveringCertificate([half], 'US', 'TX', JUNE_1)).toMatchObject({ exemptHundredths: 5000 });
  });

  it('reads percentages exactly in hundredths', () => {
    expect(hundredthsOf('12.5')).toBe(1250);
    expect(hundredthsOf('0.01')).toBe(1);
    expect(hundredthsOf('99.99')).toBe(9999);
    expect(hundredthsOf('7')).toBe(700);
  });
});

describe('the certificate note', () => {
  const reasons = Object.keys(EXEMPTION_REASONS) as ExemptionReason[];
  it('names the certificate, reason and place, and reads back as written', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^cert_[A-Za-z0-9-]{1,40}$/),
        fc.constantFrom(...reasons),
        fc.option(fc.integer({ min: 1, max: 9999 }), { nil: undefined }),
        fc.constantFrom('US-TX', 'CA-ON', 'DE'),
        (id, reason, hundredths, place) => {
          const exemptPercentage = hundredths === undefined ? undefined : String(hundredths / 100);
          const applied =
            exemptPercentage === undefined
              ? { id, reason, exemptHundredths: WHOLE_PRICE, place }
              : { id, reason, exemptPercentage, exemptHundredths: hundredths as number, place };
          const note = certificateNote(applied);
          expect(note).toContain(id);
          expect(note).toContain(reason);
          expect(certificateOfNote(note)).toStrictEqual(applied);
          // A notice before it (an implausible VAT number) does not hide it.
          expect(certificateOfNote(`Some notice. ${note}`)).toStrictEqual(applied);
        },
      ),
    );
  });

  it('is not read into other notes', () => {
    expect(certificateOfNote('Customer is tax exempt; no tax is due.')).toBeUndefined();
    expect(
      certificateOfNote('Exemption certificate cert_1 (friendship: x) exempts this sale in US-TX:'),
    ).toBeUndefined();
  });
});

describe('statuses from the dates', () => {
  it('active, expiring within 30 days, expired after the last day, invalid once revoked', () => {
    const lapsing = certificate({
      jurisdictions: [
        { country: 'US', province: 'TX', effectiveDate: JUNE_1, expirationDate: JUNE_1 + 10 * DAY },
        { country: 'US', province: 'CA', effectiveDate: JUNE_1, expirationDate: JUNE_1 + 40 * DAY },
      ],
    });
    expect(certificateStatus(lapsing, JUNE_1)).toBe('active');
    expect(certificateStatus(lapsing, JUNE_1 + 10 * DAY)).toBe('expiring');
    expect(certificateStatus(lapsing, JUNE_1 + 40 * DAY + DAY - 1)).toBe('expiring');
    expect(certificateStatus(lapsing, JUNE_1 + 41 * DAY)).toBe('expired');
    expect(certificateStatus({ ...lapsing, revokedAt: JUNE_1 }, JUNE_1)).toBe('invalid');
    const open = certificate({ jurisdictions: [{ country: 'US', province: 'TX', effectiveDate: JUNE_1 + 100 * DAY }] });
    expect(certificateStatus(open, JUNE_1 + 10_000 * DAY)).toBe('active');
  });

  it('a pending request lapses to invalid after expires_at; others keep their status', () => {
    const request: CertificateRequest = {
      id: 'cert_req_1',
      customerId: 'cust_1',
      referenceCustomerId: '',
      certificateType: '',
      jurisdictions: ['US-TX'],
      status: 'pending',
      createdAt: JUNE_1,
      updatedAt: JUNE_1,
      expiresAt: JUNE_1 + DAY,
    };
    expect(certificateRequestStatus(request, JUNE_1 + DAY)).toBe('pending');
    expect(certificateRequestStatus(request, JUNE_1 + DAY + 1)).toBe('invalid');
    expect(certificateRequestStatus({ ...request, status: 'fulfilled' }, JUNE_1 + 2 * DAY)).toBe('fulfilled');
  });
});
