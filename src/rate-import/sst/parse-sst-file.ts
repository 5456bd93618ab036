import type { SstFile } from '../../core/rates/sst/sst-file.ts';
import type { ParsedRateFile } from '../parsed-rate-file.ts';
import type { RateInput } from '../rate-input.ts';
import { parseSstBoundaries } from './parse-sst-boundaries.ts';
import { parseSstRates } from './parse-sst-rates.ts';
import { packSstBoundaries } from './pack-sst-boundaries.ts';
import type { SstFileName } from './sst-file-name.ts';
import { SST_STATE_FIPS } from './sst-states.ts';
import { sstCountyNames } from './sst-county-names.ts';
import type { UsPlaceNames } from '../us-place-names.ts';

/** Where users download the files; every SST table names it as its source. */
export const SST_SOURCE_URL = 'https://www.streamlinedsalestax.org/Shared-Pages/rate-and-boundary-files';

/**
 * One SST rate or boundary file as a rate table: no jurisdictions, rates or locations of its
 * own; its rows ride in `sst` and are compiled into the address-level index. Named
 * `sst-<st>-<rates|boundaries>-<quarter>`, effective from the quarter's first day. `places`
 * names the counties of a boundary file (sst-county-names.ts).
 */
export function parseSstFile(input: RateInput, name: SstFileName, places?: UsPlaceNames): ParsedRateFile {
  const stateFips = SST_STATE_FIPS.get(name.state) as string;
  const rates = name.kind === 'rates' ? parseSstRates(input.fileName, input.text, stateFips) : undefined;
  const boundaries = name.kind === 'rates' ? undefined : parseSstBoundaries(input.fileName, input.text, stateFips);
  const sst: SstFile = {
    kind: name.kind,
    state: name.state,
    stateFips,
    quarter: name.quarter,
    published: name.published,
    ...(rates === undefined ? {} : { rates }),
    ...(boundaries === undefined ? {} : { boundaries: packSstBoundaries(boundaries) }),
    ...(boundaries === undefined || places === undefined
      ? {}
      : { countyNames: sstCountyNames(boundaries, name.state, places) }),
  };
  const year = name.quarter.slice(0, 4);
  const month = String((Number(name.quarter.slice(5)) - 1) * 3 + 1).padStart(2, '0');
  return {
    fileName: input.fileName,
    format: name.kind === 'rates' ? 'sst-rates' : 'sst-boundaries',
    rowCount: (rates ?? boundaries ?? []).length,
    ...(boundaries === undefined ? {} : { sstBoundaryRows: boundaries }),
    table: {
      name: `sst-${name.state.toLowerCase()}-${name.kind}-${name.quarter}`,
      source: `Streamlined Sales Tax Governing Board: ${name.state} ${name.kind === 'rates' ? 'rate' : 'boundary'} file for ${name.quarter}, published ${name.published} (public government data)`,
      sourceUrl: SST_SOURCE_URL,
      effectiveDate: `${year}-${month}-01`,
      jurisdictions: [],
      rates: [],
      locations: [],
      sst,
    },
  };
}
