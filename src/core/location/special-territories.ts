/**
 * Special VAT territories found by postcode: places inside a country whose indirect tax is not
 * the country's VAT (VAT Directive 2006/112/EC, Article 6, and the French overseas departments).
 * The postcode decides, not the province: a Canary Islands postcode is taxed as the Canary
 * Islands even when the province says Madrid.
 *
 * Postcodes as published by the national postal services: Spain (Correos) by province prefix,
 * France (La Poste) by overseas department prefix, and the single postcodes of Heligoland
 * (27498), Büsingen (78266), Livigno (23041), Campione d'Italia (22061), Mount Athos (63086) and
 * the Åland Islands (22xxx).
 *
 * @module
 */

/** A territory: its rate key and the province codes that agree with it. */
export interface SpecialTerritory {
  /** The rate key its jurisdictions are listed under (data/rates/vat-gst.json). */
  readonly key: string;
  readonly name: string;
  /** Province values (upper case) that agree with the postcode; any other non-empty one disagrees. */
  readonly provinces: readonly string[];
}

interface PostcodeRule extends SpecialTerritory {
  /** Five-digit postcodes it covers: a prefix ("35") or a whole code ("27498"). */
  readonly prefixes: readonly string[];
}

const canary = ['CN', 'GC', 'TF', '35', '38', 'LAS PALMAS', 'SANTA CRUZ DE TENERIFE', 'CANARIAS', 'CANARY ISLANDS'];

const RULES: Readonly<Record<string, readonly PostcodeRule[]>> = {
  ES: [
    { key: 'ES-CN', name: 'Canary Islands', prefixes: ['35', '38'], provinces: canary },
    { key: 'ES-CE', name: 'Ceuta', prefixes: ['51'], provinces: ['CE', '51', 'CEUTA'] },
    { key: 'ES-ML', name: 'Melilla', prefixes: ['52'], provinces: ['ML', '52', 'MELILLA'] },
  ],
  FR: [
    { key: 'GP', name: 'Guadeloupe', prefixes: ['971'], provinces: ['GP', '971', 'GUADELOUPE'] },
    { key: 'MQ', name: 'Martinique', prefixes: ['972'], provinces: ['MQ', '972', 'MARTINIQUE'] },
    { key: 'GF', name: 'French Guiana', prefixes: ['973'], provinces: ['GF', '973', 'GUYANE', 'FRENCH GUIANA'] },
    { key: 'RE', name: 'Réunion', prefixes: ['974'], provinces: ['RE', '974', 'LA RÉUNION', 'REUNION', 'RÉUNION'] },
    { key: 'YT', name: 'Mayotte', prefixes: ['976'], provinces: ['YT', '976', 'MAYOTTE'] },
  ],
  DE: [
    { key: 'DE-HELIGOLAND', name: 'Heligoland', prefixes: ['27498'], provinces: ['SH', 'SCHLESWIG-HOLSTEIN'] },
    {
      key: 'DE-BUSINGEN',
      name: 'Büsingen am Hochrhein',
      prefixes: ['78266'],
      provinces: ['BW', 'BADEN-WÜRTTEMBERG', 'BADEN-WURTTEMBERG'],
    },
  ],
  IT: [
    { key: 'IT-LIVIGNO', name: 'Livigno', prefixes: ['23041'], provinces: ['SO', 'LOM', '25', 'LOMBARDIA', 'SONDRIO'] },
    {
      key: 'IT-CAMPIONE',
      name: "Campione d'Italia",
      prefixes: ['22061'],
      provinces: ['CO', 'LOM', '25', 'LOMBARDIA', 'COMO'],
    },
  ],
  GR: [{ key: 'GR-ATHOS', name: 'Mount Athos', prefixes: ['63086'], provinces: ['69', 'AGION OROS', 'MOUNT ATHOS'] }],
  FI: [{ key: 'AX', name: 'Åland Islands', prefixes: ['22'], provinces: ['01', 'AX', 'ÅLAND', 'ALAND', 'AHVENANMAA'] }],
};

/** Province values that name a territory, per country, so a mainland postcode can overrule them. */
const TERRITORY_PROVINCES: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries(RULES).map(([country, rules]) => [
    country,
    new Set(
      rules.flatMap((rule) =>
        // Heligoland, Büsingen, Livigno and Campione lie in ordinary provinces: those do not name them.
        rule.prefixes[0]?.length === 5 ? [] : rule.provinces,
      ),
    ),
  ]),
);

const DIGITS = /^\d{5}$/;

/** The postcode as five digits, without spaces or a country prefix ("AX-22100", "630 86"), or undefined. */
export function fiveDigitPostcode(postcode: string): string | undefined {
  const compact = postcode.replace(/\s+/g, '').replace(/^[A-Z]{1,2}-/i, '');
  return DIGITS.test(compact) ? compact : undefined;
}

/** The special territory a `country` postcode lies in, if any. */
export function territoryOfPostcode(country: string, postcode: string): SpecialTerritory | undefined {
  const rules = RULES[country];
  if (rules === undefined) return undefined;
  const digits = fiveDigitPostcode(postcode);
  if (digits === undefined) return undefined;
  return rules.find((rule) => rule.prefixes.some((prefix) => digits.startsWith(prefix)));
}

/** Whether `province` (upper case) names one of the country's special territories. */
export function namesTerritory(country: string, province: string): boolean {
  return TERRITORY_PROVINCES[country]?.has(province) === true;
}
