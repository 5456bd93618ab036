import type { JurisdictionDef } from '../core/rates/rate-table.ts';
import type { AuthorityType } from '../core/types.ts';

/** A jurisdiction of an Avalara file, and the last row that named it. */
export interface NamedJurisdiction {
  readonly def: JurisdictionDef;
  lastRow: number;
  /** Other spellings of the same COUNTY id, named later (rare). */
  others?: NamedJurisdiction[];
}

export interface ZipJurisdictions {
  /**
   * Puts the jurisdictions of the ZIP on `row` in `members`, in order (STATE, then COUNTY,
   * CITY and DISTRICT where their part is above 0), and returns how many. COUNTY is named from
   * `county` (the ZIP→county table's) when known, else from `region`; CITY and DISTRICT from
   * `region`. Every one carries its state as `subdivision`, so a state's rules reach it.
   */
  of(
    row: number,
    state: string,
    stateName: string,
    county: string | undefined,
    region: string,
    parts: readonly number[],
    members: NamedJurisdiction[],
  ): number;
  /**
   * Every jurisdiction named, in the order first named. Two ZIPs may give one id different
   * names (a county named from the ZIP table and one named from a region): the last row's wins.
   */
  all(): JurisdictionDef[];
}

interface OfState {
  readonly code: string;
  readonly state: NamedJurisdiction;
  readonly county: Map<string, NamedJurisdiction>;
  readonly countyByRegion: Map<string, NamedJurisdiction>;
  readonly city: Map<string, NamedJurisdiction>;
  readonly district: Map<string, NamedJurisdiction>;
  /** "US-CA:COUNTY:" and the like: an id is one of these and a name. */
  readonly prefixes: Readonly<Record<LocalLevel, string>>;
}

type LocalLevel = 'COUNTY' | 'CITY' | 'DISTRICT';

const RATE_TYPES: Readonly<Record<LocalLevel, string>> = {
  COUNTY: 'COUNTY SALES TAX',
  CITY: 'CITY SALES TAX',
  DISTRICT: 'DISTRICT SALES TAX',
};

/**
 * The jurisdictions of one Avalara file's ZIPs, each built once per state, level and name: the
 * generated nationwide table's 41,000 ZIPs name 100,000 jurisdictions but 22,000 distinct
 * ones, and building each anew (and keeping the file's list by setting each id on every row)
 * was much of the import's time and garbage.
 */
export function createZipJurisdictions(): ZipJurisdictions {
  const states = new Map<string, OfState>();
  /** Every jurisdiction in the order first named, but for a second spelling of an id. */
  const order: NamedJurisdiction[] = [];
  /**
   * COUNTY by id: the only level where two cache entries can share an id (the ZIP table's
   * "DeKalb" and "Dekalb", or a county and a region of the same name).
   */
  const counties = new Map<string, NamedJurisdiction>();
  let last: OfState | undefined;
  const local = (
    cache: Map<string, NamedJurisdiction>,
    by: string,
    of: OfState,
    level: LocalLevel,
    name: string,
    authority: string,
  ) => {
    let jurisdiction = cache.get(by);
    if (jurisdiction === undefined) {
      jurisdiction = { def: localJurisdiction(of, level, name, authority), lastRow: -1 };
      cache.set(by, jurisdiction);
      const first = level === 'COUNTY' ? counties.get(jurisdiction.def.id) : undefined;
      if (first === undefined) {
        order.push(jurisdiction);
        if (level === 'COUNTY') counties.set(jurisdiction.def.id, jurisdiction);
      } else {
        first.others ??= [];
        first.others.push(jurisdiction);
      }
    }
    return jurisdiction;
  };
  return {
    of(row, state, stateName, county, region, parts, members) {
      if (last === undefined || state !== last.code) {
        last = states.get(state);
        if (last === undefined) {
          last = {
            code: state,
            state: { def: stateJurisdiction(state, stateName), lastRow: -1 },
            county: new Map(),
            countyByRegion: new Map(),
            city: new Map(),
            district: new Map(),
            prefixes: { COUNTY: `US-${state}:COUNTY:`, CITY: `US-${state}:CITY:`, DISTRICT: `US-${state}:DISTRICT:` },
          };
          order.push(last.state);
          states.set(state, last);
        }
      }
      members[0] = last.state;
      let count = 1;
      if ((parts[1] as number) > 0) {
        members[count] =
          county === undefined
            ? local(last.countyByRegion, region, last, 'COUNTY', region, region)
            : local(last.county, county, last, 'COUNTY', county.toUpperCase(), county);
        count += 1;
      }
      if ((parts[2] as number) > 0) {
        members[count] = local(last.city, region, last, 'CITY', region, region);
        count += 1;
      }
      if ((parts[3] as number) > 0) {
        members[count] = local(last.district, region, last, 'DISTRICT', region, region);
        count += 1;
      }
      for (let index = 0; index < count; index += 1) (members[index] as NamedJurisdiction).lastRow = row;
      return count;
    },
    all() {
      return order.map((first) =>
        first.others === undefined
          ? first.def
          : first.others.reduce((latest, other) => (other.lastRow > latest.lastRow ? other : latest), first).def,
      );
    },
  };
}

/**
 * The state of an imported ZIP table: `US-<ST>`, the embedded state's id, so sales taxed with
 * either table are one row of a report (docs/reports.md).
 */
function stateJurisdiction(state: string, name: string): JurisdictionDef {
  return {
    id: `US-${state}`,
    country: 'US',
    level: 'STATE',
    name,
    authorityName: `${name} State`,
    authorityType: 'STATE',
    taxType: 'SALES',
    rateType: 'STATE SALES TAX',
    subdivision: state,
  };
}

function localJurisdiction(of: OfState, level: LocalLevel, name: string, authority: string): JurisdictionDef {
  return {
    id: of.prefixes[level] + name,
    country: 'US',
    level,
    name,
    authorityName: authority,
    authorityType: level as AuthorityType,
    taxType: 'SALES',
    rateType: RATE_TYPES[level],
    subdivision: of.code,
  };
}
