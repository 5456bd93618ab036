import { NO_NEXUS_RATE_TYPE } from '../calculate-lines.ts';
import { reverseChargeNote } from '../tax-ids/reverse-charge.ts';
import { certificateOfLines, saleCertificateOf, WHOLE_PRICE } from '../exemptions/applied-certificate.ts';
import type { Calculation, SaleCertificate, SaleExemption, SalePlace } from '../types.ts';

/** What a recorded sale keeps of its calculation for reports and nexus (see `Transaction`). */
export interface SaleFacts {
  readonly customerId?: string;
  readonly place: SalePlace;
  readonly exemption?: SaleExemption;
  readonly certificate?: SaleCertificate;
  /**
   * The country the goods were sent from (the calculation's origin address), kept so the EU
   * one-stop-shop return can list goods dispatched from another member state apart (docs/filing.md).
   */
  readonly dispatchedFrom?: string;
}

/**
 * The customer, the place and, when nothing was due for a reason that covers the whole sale,
 * that reason: the same reasons, checked in the same order, as the calculation chose them
 * (`zeroReason` of build-calculation.ts), read back from what the calculation kept. Pure.
 */
export function saleFacts(calculation: Calculation): SaleFacts {
  const { country, province } = calculation.location.address;
  const exemption = exemptionOf(calculation, country);
  // The certificate is named in the jurisdiction notes (the calculation record keeps nothing else
  // of it); a whole sale exempt for another reason first (exempt customer…) names none.
  const applied =
    exemption === undefined || exemption === 'certificate' ? certificateOfLines(calculation.lines) : undefined;
  return {
    ...(calculation.customer.customerId === undefined ? {} : { customerId: calculation.customer.customerId }),
    place: { country, province },
    ...(exemption === undefined ? {} : { exemption }),
    ...(applied === undefined ? {} : { certificate: saleCertificateOf(applied) }),
    ...(calculation.origin === undefined || calculation.origin.country === ''
      ? {}
      : { dispatchedFrom: calculation.origin.country }),
  };
}

function exemptionOf(calculation: Calculation, country: string): SaleExemption | undefined {
  if (calculation.automaticTax === 'disabled') return 'automatic_tax_disabled';
  if (calculation.customer.isTaxExempt) return 'exempt_customer';
  const certificate = certificateOfLines(calculation.lines);
  if (certificate !== undefined && certificate.exemptHundredths >= WHOLE_PRICE) return 'certificate';
  const facts = { customer: calculation.customer, originCountry: calculation.origin?.country };
  if (country !== '' && reverseChargeNote(facts, country) !== undefined) return 'reverse_charge';
  const noNexus = calculation.lines.some((line) =>
    line.jurisdictions.some((jurisdiction) => jurisdiction.rateType === NO_NEXUS_RATE_TYPE),
  );
  return noNexus ? 'no_nexus' : undefined;
}
