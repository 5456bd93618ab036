/**
 * The result of checking one customer tax id as a VAT number, kept with the calculation so a
 * replay decides reverse charge exactly as the original did.
 */
export interface VatNumberCheck {
  /** The tax id's value as sent. */
  readonly value: string;
  /** Whether the number is plausible: a known country prefix, the right format, and the checksum where the country publishes one. */
  readonly plausible: boolean;
  /** ISO 3166-1 alpha-2 country of the number ("GR" for an "EL" prefix), when its prefix names one. */
  readonly country?: string;
  /** Why it is not plausible, in words (shown in the note). */
  readonly reason?: string;
}

/**
 * Checks a VAT number offline. taxkit's default is format + checksum (jsvat-next and taxkit's
 * own checks for NO, AU, NZ and SG numbers); an engine option can plug in another (for example
 * one that consults a cache of VIES answers). It must be synchronous and pure: calculations
 * never wait on the network. `type` is the tax id's type as sent (`eu_vat`, `gb_vat`, `au_abn`,
 * …): it names the country of numbers that carry no prefix.
 */
export type VatNumberValidator = (value: string, type?: string) => VatNumberCheck;
