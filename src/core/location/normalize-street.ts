/**
 * Street addresses in the form the SST address (`A`) records write them: upper case, the
 * directionals and street suffixes abbreviated as the USPS standard abbreviations (USPS
 * Publication 28, appendices B and C1), so "123 North Main Street" and "123 N MAIN ST" match.
 */

const DIRECTIONS: ReadonlyMap<string, string> = new Map([
  ['NORTH', 'N'],
  ['SOUTH', 'S'],
  ['EAST', 'E'],
  ['WEST', 'W'],
  ['NORTHEAST', 'NE'],
  ['NORTHWEST', 'NW'],
  ['SOUTHEAST', 'SE'],
  ['SOUTHWEST', 'SW'],
  ['N', 'N'],
  ['S', 'S'],
  ['E', 'E'],
  ['W', 'W'],
  ['NE', 'NE'],
  ['NW', 'NW'],
  ['SE', 'SE'],
  ['SW', 'SW'],
]);

const SUFFIXES: ReadonlyMap<string, string> = new Map([
  ['STREET', 'ST'],
  ['STR', 'ST'],
  ['ST', 'ST'],
  ['AVENUE', 'AVE'],
  ['AVE', 'AVE'],
  ['AV', 'AVE'],
  ['ROAD', 'RD'],
  ['RD', 'RD'],
  ['DRIVE', 'DR'],
  ['DR', 'DR'],
  ['BOULEVARD', 'BLVD'],
  ['BLVD', 'BLVD'],
  ['LANE', 'LN'],
  ['LN', 'LN'],
  ['COURT', 'CT'],
  ['CT', 'CT'],
  ['PLACE', 'PL'],
  ['PL', 'PL'],
  ['TERRACE', 'TER'],
  ['TER', 'TER'],
  ['CIRCLE', 'CIR'],
  ['CIR', 'CIR'],
  ['PARKWAY', 'PKWY'],
  ['PKWY', 'PKWY'],
  ['HIGHWAY', 'HWY'],
  ['HWY', 'HWY'],
  ['TRAIL', 'TRL'],
  ['TRL', 'TRL'],
  ['SQUARE', 'SQ'],
  ['SQ', 'SQ'],
  ['PLAZA', 'PLZ'],
  ['PLZ', 'PLZ'],
  ['WAY', 'WAY'],
  ['LOOP', 'LOOP'],
  ['EXPRESSWAY', 'EXPY'],
  ['EXPY', 'EXPY'],
]);

/** A normalized direction ("NORTH" → "N"), '' when the text is none. */
export function normalizeDirection(text: string): string {
  return DIRECTIONS.get(text.trim().toUpperCase().replace(/\./g, '')) ?? '';
}

/** A normalized street suffix ("Street" → "ST"); an unknown one is kept upper-cased. */
export function normalizeSuffix(text: string): string {
  const upper = text.trim().toUpperCase().replace(/\./g, '');
  return SUFFIXES.get(upper) ?? upper;
}

/** A street name upper-cased with single spaces and no punctuation. */
export function normalizeStreetName(text: string): string {
  return text.toUpperCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A street address line read into the parts an `A` record has. */
export interface StreetParts {
  readonly house: number;
  readonly preDirection: string;
  readonly name: string;
  readonly suffix: string;
  readonly postDirection: string;
}

/**
 * Reads "123 N Main St" (or "123 North Main Street SW") into its parts; `undefined` when the
 * line does not start with a house number. A house number with a letter ("12B") counts as its
 * digits.
 */
export function parseStreetLine(line: string): StreetParts | undefined {
  const tokens = normalizeStreetName(line)
    .split(' ')
    .filter((token) => token !== '');
  const houseMatch = /^(\d+)[A-Z]?$/.exec(tokens[0] ?? '');
  if (houseMatch === null || tokens.length < 2) return undefined;
  const rest = tokens.slice(1);
  let preDirection = '';
  let postDirection = '';
  let suffix = '';
  if (rest.length > 1 && DIRECTIONS.has(rest[0] as string)) preDirection = normalizeDirection(rest.shift() as string);
  if (rest.length > 1 && DIRECTIONS.has(rest[rest.length - 1] as string)) {
    postDirection = normalizeDirection(rest.pop() as string);
  }
  if (rest.length > 1 && SUFFIXES.has(rest[rest.length - 1] as string)) suffix = normalizeSuffix(rest.pop() as string);
  return { house: Number(houseMatch[1]), preDirection, name: rest.join(' '), suffix, postDirection };
}
