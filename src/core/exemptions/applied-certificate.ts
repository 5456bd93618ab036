import { dayOfUnixSeconds } from '../rates/day-number.ts';
import type { ExemptionCertificate, ExemptionReason, SaleCertificate } from '../types.ts';
import { EXEMPTION_REASONS, isExemptionReason } from './exemption-reasons.ts';

/** The whole price, in hundredths of a percent. */
export const WHOLE_PRICE = 10_000;

/** The certificate a calculation applies, and how much of the price it exempts. */
export interface AppliedCertificate {
  readonly id: string;
  readonly reason: ExemptionReason;
  /** The exempt share as the certificate gives it ("50"); absent: the whole price. */
  readonly exemptPercentage?: string;
  /** The exempt share in hundredths of a percent, 1..{@link WHOLE_PRICE}. */
  readonly exemptHundredths: number;
  /** The place it covers, as "US-TX" (or "DE" for a country without states). */
  readonly place: string;
}

/**
 * The customer's certificate that covers a sale taxed in `country`/`province` on `taxDate` (Unix
 * seconds): not revoked, and listing that place with the tax date's day between its effective
 * and expiration days (both included, UTC). Where several do, the one exempting the most wins,
 * then the lowest id, so the choice does not depend on the order they were read in. Pure.
 */
export function coveringCertificate(
  certificates: readonly ExemptionCertificate[],
  country: string,
  province: string,
  taxDate: number,
): AppliedCertificate | undefined {
  const day = dayOfUnixSeconds(taxDate);
  let best: AppliedCertificate | undefined;
  for (const certificate of certificates) {
    if (certificate.revokedAt !== undefined) continue;
    const covers = certificate.jurisdictions.some(
      (jurisdiction) =>
        jurisdiction.country === country &&
        (jurisdiction.province === '' || jurisdiction.province === province) &&
        dayOfUnixSeconds(jurisdiction.effectiveDate) <= day &&
        (jurisdiction.expirationDate === undefined || day <= dayOfUnixSeconds(jurisdiction.expirationDate)),
    );
    if (!covers) continue;
    const applied = appliedOf(certificate, province === '' ? country : `${country}-${province}`);
    if (
      best === undefined ||
      applied.exemptHundredths > best.exemptHundredths ||
      (applied.exemptHundredths === best.exemptHundredths && applied.id < best.id)
    ) {
      best = applied;
    }
  }
  return best;
}

function appliedOf(certificate: ExemptionCertificate, place: string): AppliedCertificate {
  const { id, reason, exemptPercentage } = certificate;
  return exemptPercentage === undefined
    ? { id, reason, exemptHundredths: WHOLE_PRICE, place }
    : { id, reason, exemptPercentage, exemptHundredths: hundredthsOf(exemptPercentage), place };
}

/** "12.5" → 1250: an exact decimal percentage with at most two decimals, in hundredths of a percent. */
export function hundredthsOf(percentage: string): number {
  const [whole = '0', fraction = ''] = percentage.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * The note of a jurisdiction a certificate exempted: it names the certificate, its reason and
 * the place, so a reader of the answer (and taxkit, when it records the sale or replays the
 * calculation: {@link certificateOfNote}) knows which certificate applied.
 */
export function certificateNote(applied: AppliedCertificate): string {
  const who = `Exemption certificate ${applied.id} (${applied.reason}: ${EXEMPTION_REASONS[applied.reason]})`;
  return applied.exemptPercentage === undefined
    ? `${who} exempts this sale in ${applied.place}: no tax is due.`
    : `${who} exempts ${applied.exemptPercentage}% of the price in ${applied.place}: tax on the rest.`;
}

const NOTE =
  /Exemption certificate (\S+) \(([a-z_]+): [^)]*\) exempts (?:this sale|(\d+(?:\.\d+)?)% of the price) in (\S+):/;

/** The certificate a note of {@link certificateNote} names, or `undefined` for any other note. */
export function certificateOfNote(note: string): AppliedCertificate | undefined {
  const match = NOTE.exec(note);
  if (match === null) return undefined;
  const [, id = '', reason = '', percentage, place = ''] = match;
  if (!isExemptionReason(reason)) return undefined;
  return percentage === undefined
    ? { id, reason, exemptHundredths: WHOLE_PRICE, place }
    : { id, reason, exemptPercentage: percentage, exemptHundredths: hundredthsOf(percentage), place };
}

/** The certificate named by the first jurisdiction note of `lines` that names one. */
export function certificateOfLines(
  lines: readonly { readonly jurisdictions: readonly { readonly note: string }[] }[],
): AppliedCertificate | undefined {
  for (const line of lines) {
    for (const jurisdiction of line.jurisdictions) {
      const applied = certificateOfNote(jurisdiction.note);
      if (applied !== undefined) return applied;
    }
  }
  return undefined;
}

/** What a recorded sale keeps of the certificate. */
export function saleCertificateOf(applied: AppliedCertificate): SaleCertificate {
  return applied.exemptPercentage === undefined
    ? { id: applied.id, reason: applied.reason }
    : { id: applied.id, reason: applied.reason, exemptPercentage: applied.exemptPercentage };
}
