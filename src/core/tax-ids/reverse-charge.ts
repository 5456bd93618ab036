import type { CalculationCustomer } from '../types.ts';

/** The EU VAT area: a sale between two of these countries is intra-EU. */
export const EU_VAT_AREA: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/** Note of an intra-EU reverse charge (unchanged since taxkit first applied it). */
const INTRA_EU_NOTE = 'Cross-border B2B sale to VAT-registered business, reverse charge applies.';

/**
 * A country outside the EU where a seller established elsewhere charges no VAT/GST to a
 * registered business customer: the customer accounts for it (reverse charge), or the goods
 * bear import VAT/GST at the border, which the importer pays. docs/taxability.md gives the
 * sources and the limits of each.
 */
interface NonEuReverseCharge {
  /** Countries that share the customer country's VAT area: a seller there is domestic. */
  readonly area: ReadonlySet<string>;
  readonly note: string;
}

const NON_EU: Readonly<Record<string, NonEuReverseCharge>> = {
  GB: {
    area: new Set(['GB']),
    note: 'Reverse charge: the seller belongs outside the UK and the customer gave a UK VAT number, so the customer accounts for UK VAT (services: VAT Act 1994 s 8; goods of GBP 135 or less sold direct: the VAT-registered customer accounts for it; larger consignments bear import VAT at the border).',
  },
  NO: {
    area: new Set(['NO']),
    note: 'No Norwegian VAT charged: the customer gave a Norwegian organisation number, and VOEC applies to sales to consumers only; the business accounts for VAT on remote services (reverse charge) and pays import VAT on goods.',
  },
  CH: {
    area: new Set(['CH', 'LI']),
    note: 'No Swiss VAT charged: the customer gave a Swiss UID/VAT number; a Swiss VAT-registered business accounts for acquisition tax (Bezugsteuer, reverse charge) on services from sellers abroad, and imported goods bear import VAT at the border (a foreign mail-order seller registered in Switzerland for low-value consignments must still charge Swiss VAT on those).',
  },
  AU: {
    area: new Set(['AU']),
    note: 'No GST charged: the customer gave an ABN as a GST-registered Australian business, which accounts for GST on imported services, digital products and low value goods itself (reverse charge). The seller must also hold the customer’s statement that it is registered for GST.',
  },
  NZ: {
    area: new Set(['NZ']),
    note: 'No GST charged: the customer gave a New Zealand GST number; remote services and low-value imported goods supplied from offshore to a GST-registered business for its taxable activity are not charged GST by the supplier.',
  },
  SG: {
    area: new Set(['SG']),
    note: 'No GST charged: the customer gave a Singapore GST registration number; the overseas vendor registration regime covers sales to consumers only, and a GST-registered business accounts for GST on imported services and low-value goods by reverse charge.',
  },
};

const EXTRA_EU_NOTE =
  'Reverse charge: the seller is established outside the EU and the customer gave a VAT number of its EU country, so the customer accounts for the VAT (services: Art. 196 VAT Directive; imported goods bear import VAT at the border).';

/** What a calculation needs to decide reverse charge. */
export interface ReverseChargeFacts {
  readonly customer: CalculationCustomer;
  /** The seller's (ship-from) country, when given. */
  readonly originCountry: string | undefined;
}

/**
 * The note of the reverse charge (or "no VAT/GST charged" rule) that applies when a business
 * customer in `country` buys from a seller established elsewhere, or undefined when none can:
 * the customer is a consumer, gave no tax id, the origin is unknown or in the customer's own
 * VAT area, or the country has no such rule in taxkit.
 */
function ruleNote(facts: ReverseChargeFacts, country: string): string | undefined {
  const { customer, originCountry: origin } = facts;
  if (customer.type !== 'BUSINESS' || customer.taxIds.length === 0 || origin === undefined) return undefined;
  if (EU_VAT_AREA.has(country)) {
    if (origin === country) return undefined;
    return EU_VAT_AREA.has(origin) ? INTRA_EU_NOTE : EXTRA_EU_NOTE;
  }
  const rule = NON_EU[country];
  return rule === undefined || rule.area.has(origin) ? undefined : rule.note;
}

/**
 * The note of the reverse charge that applies, or undefined: a business buying from a seller
 * established outside its VAT area shifts the VAT to itself only with a plausible tax number of
 * its own country (format and checksum, checked offline when the calculation was made).
 * Intra-EU records made before numbers were checked keep the old rule (any tax id); every other
 * case needs a checked number.
 */
export function reverseChargeNote(facts: ReverseChargeFacts, country: string): string | undefined {
  const note = ruleNote(facts, country);
  if (note === undefined) return undefined;
  const checks = facts.customer.taxIdChecks;
  if (checks === undefined) return note === INTRA_EU_NOTE ? note : undefined;
  return checks.some((check) => check.plausible && check.country === country) ? note : undefined;
}

/**
 * Why a cross-border B2B sale was taxed after all (none of the customer's numbers is a
 * plausible one of its country), or undefined when no reverse charge was in question.
 */
export function implausibleTaxIdNotice(facts: ReverseChargeFacts, country: string): string | undefined {
  const checks = facts.customer.taxIdChecks;
  if (checks === undefined || ruleNote(facts, country) === undefined) return undefined;
  const reasons = checks.map((check) =>
    check.plausible
      ? `"${check.value}" is a VAT number of ${check.country ?? 'another country'}, not of ${country}`
      : `"${check.value}" is not a plausible VAT number: ${check.reason ?? 'it failed the check'}`,
  );
  return `No reverse charge: ${reasons.join('; ')}. Taxed as a sale to a consumer (taxkit checks VAT numbers offline, by format and checksum; it does not query VIES or any national register).`;
}

/**
 * Why a business customer with a VAT number of its country was taxed with no reverse charge
 * because the seller's country is unknown (no `origin_address` and no default origin), or
 * undefined when the origin is known or no reverse charge was in question. Reverse charge
 * depends on the seller being established outside the customer's VAT area, which taxkit cannot
 * assume: a seller in the customer's own country charges VAT to a business too.
 */
export function missingOriginNotice(facts: ReverseChargeFacts, country: string): string | undefined {
  if (facts.originCountry !== undefined) return undefined;
  const { customer } = facts;
  if (customer.type !== 'BUSINESS' || customer.taxIds.length === 0) return undefined;
  if (!EU_VAT_AREA.has(country) && NON_EU[country] === undefined) return undefined;
  const checks = customer.taxIdChecks;
  if (checks !== undefined && !checks.some((check) => check.plausible && check.country === country)) return undefined;
  return (
    `No reverse charge: the customer gave a VAT number of ${country}, but no origin is set (the request has no ship-from address and the account no default origin), ` +
    `so taxkit cannot tell that the seller is established outside ${country} and taxed it as a domestic sale. ` +
    `Send the ship-from address, or set the default origin (the engine's defaultOrigin, taxkit serve --origin-country), for the reverse charge to apply.`
  );
}
