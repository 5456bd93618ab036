import { EU_VAT_AREA } from '../tax-ids/reverse-charge.ts';

/**
 * Which places a registration type is for, and which places it makes the seller collect in.
 * `provinces`: 'required' (any state of the country), 'none' (national), or the only ones allowed.
 */
export interface RegistrationTypeRule {
  /** The countries a registration of this type is made in; `undefined`: any country taxkit knows. */
  readonly countries?: ReadonlySet<string>;
  readonly provinces: 'required' | 'none' | readonly string[];
  /**
   * The place keys ("US-IN", "DE") it collects in, from its country and province: a one-stop
   * shop registration in one member state covers sales to every member state.
   */
  covers(country: string, province: string): readonly string[];
  /**
   * A registration for a state's per-order fee only (docs/order-fees.md): it makes the seller
   * owe the fee there and no tax, so the places it covers are not places that collect.
   */
  readonly feeOnly?: true;
}

const own = (country: string, province: string) => [province === '' ? country : `${country}-${province}`];
const everyEuState = () => [...EU_VAT_AREA];
const only = (...countries: string[]) => new Set(countries);

/**
 * The registration schemes taxkit knows, by the `type` the API takes. A Canadian GST/HST
 * registration covers all of Canada as a registration listed for "CA" always has: taxkit's
 * Canadian rates do not yet tell GST/HST from QST and PST apart (docs/nexus.md).
 */
export const REGISTRATION_TYPES: Readonly<Record<string, RegistrationTypeRule>> = {
  /** A US state's sales tax permit (seller's permit, sales tax license). */
  us_state_sales_tax: { countries: only('US'), provinces: 'required', covers: own },
  /**
   * A US state's retail delivery fee account (Colorado's, Minnesota's): in live mode, where the
   * account has registration records, the state's per-order fee is charged only while one is
   * active, so a seller under the state's small-seller threshold simply has none.
   */
  us_state_retail_delivery_fee: { countries: only('US'), provinces: 'required', covers: own, feeOnly: true },
  /** Canadian GST/HST: the normal or the simplified (non-resident) regime. */
  ca_gst_hst: { countries: only('CA'), provinces: 'none', covers: own },
  /** Quebec sales tax. */
  ca_qst: { countries: only('CA'), provinces: ['QC'], covers: own },
  /** Provincial sales tax of British Columbia, Manitoba or Saskatchewan. */
  ca_pst: { countries: only('CA'), provinces: ['BC', 'MB', 'SK'], covers: own },
  /** EU VAT one-stop shop, union scheme (EU sellers' distance sales), in the member state of identification. */
  eu_oss_union: { countries: EU_VAT_AREA, provinces: 'none', covers: everyEuState },
  /** EU VAT one-stop shop, non-union scheme (non-EU sellers' services to EU consumers). */
  eu_oss_non_union: { countries: EU_VAT_AREA, provinces: 'none', covers: everyEuState },
  /** EU import one-stop shop (consignments up to EUR 150). */
  eu_ioss: { countries: EU_VAT_AREA, provinces: 'none', covers: everyEuState },
  /** A domestic VAT/GST registration in one country. */
  domestic: { provinces: 'none', covers: own },
  /** UK VAT registration (non-established sellers register in full; there is no simplified scheme). */
  gb_vat: { countries: only('GB'), provinces: 'none', covers: own },
  /** Norway's VAT on e-commerce (VOEC) scheme. */
  no_voec: { countries: only('NO'), provinces: 'none', covers: own },
  /** Swiss VAT registration of a foreign seller. */
  ch_vat: { countries: only('CH'), provinces: 'none', covers: own },
  /** Australia's simplified GST registration for non-resident sellers. */
  au_gst_simplified: { countries: only('AU'), provinces: 'none', covers: own },
  /** New Zealand's remote services / low-value imported goods GST registration. */
  nz_gst_simplified: { countries: only('NZ'), provinces: 'none', covers: own },
  /** Singapore's overseas vendor registration (OVR) for GST. */
  sg_gst_ovr: { countries: only('SG'), provinces: 'none', covers: own },
};

/** The type a registration gets when the request names none: the country's usual scheme. */
export function defaultRegistrationType(country: string, province: string): string {
  if (country === 'US') return 'us_state_sales_tax';
  if (country === 'CA') return province === 'QC' ? 'ca_qst' : province === '' ? 'ca_gst_hst' : 'ca_pst';
  const simplified: Record<string, string> = {
    GB: 'gb_vat',
    NO: 'no_voec',
    CH: 'ch_vat',
    AU: 'au_gst_simplified',
    NZ: 'nz_gst_simplified',
    SG: 'sg_gst_ovr',
  };
  return simplified[country] ?? 'domestic';
}
