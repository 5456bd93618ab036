/**
 * The 24 member states of the Streamlined Sales Tax agreement and their FIPS state codes.
 * Members: the SST Governing Board's list (AR GA IA IN KS KY MI MN NC ND NE NJ NV OH OK RI SD
 * TN UT VT WA WI WV WY). FIPS codes: US Census Bureau, "national_county.txt" (2010 FIPS codes
 * for counties and county equivalents, https://www2.census.gov/geo/docs/reference/codes/files/national_county.txt),
 * whose rows give "State, State ANSI, County ANSI, County Name" (e.g. "KS 20 91 Johnson County").
 */
export const SST_STATE_FIPS: ReadonlyMap<string, string> = new Map([
  ['AR', '05'],
  ['GA', '13'],
  ['IA', '19'],
  ['IN', '18'],
  ['KS', '20'],
  ['KY', '21'],
  ['MI', '26'],
  ['MN', '27'],
  ['NC', '37'],
  ['ND', '38'],
  ['NE', '31'],
  ['NJ', '34'],
  ['NV', '32'],
  ['OH', '39'],
  ['OK', '40'],
  ['RI', '44'],
  ['SD', '46'],
  ['TN', '47'],
  ['UT', '49'],
  ['VT', '50'],
  ['WA', '53'],
  ['WI', '55'],
  ['WV', '54'],
  ['WY', '56'],
]);
