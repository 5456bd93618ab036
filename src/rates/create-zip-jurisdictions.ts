import type { JurisdictionDef, JurisdictionLevel } from '../core/rates/rate-table.ts';
import type { AuthorityType } from '../core/types.ts';

/** A jurisdiction of an Avalara file, and the last row that named it. */
export interface NamedJurisdiction {
  readonly def: JurisdictionDef;
  lastRow: number;
}

/** The jurisdictions of one Avalara file's ZIPs (see {@link createZipJurisdictions}). */
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
  readonly state: NamedJurisdiction;
  readonly county: Map<string, NamedJurisdiction>;
  readonly countyByRegion: Map<string, NamedJurisdiction>;
  readonly city: Map<string, NamedJurisdiction>;
  readonly district: Map<string, NamedJurisdiction>;
}

/**
 * The jurisdictions of one Avalara file's ZIPs, each built once per state, level and name: the
 * generated nationwide table's 41,000 ZIPs name 100,000 jurisdictions but 22,000 distinct
 * ones, and building each anew (and keeping the file's list by setting each id on every row)
 * was much of the import's time and garbage.
 */
export function createZipJurisdictions(): ZipJurisdictions {
  const states = new Map<string, OfState>();
  /** In the order first named; more than one only where names differ for one id. */
  const byId = new Map<string, NamedJurisdiction[]>();
  let last: OfState | undefined;
  let lastState = '';
  const named = (def: JurisdictionDef): NamedJurisdiction => {
    const jurisdiction = { def, lastRow: -1 };
    const same = byId.get(def.id);
    if (same === undefined) byId.set(def.id, [jurisdiction]);
    else same.push(jurisdiction);
    return jurisdiction;
  };
  const local = (
    cache: Map<string, NamedJurisdiction>,
    by: string,
    state: string,
    level: JurisdictionLevel,
    name: string,
    authority: string,
  ) => {
    let jurisdiction = cache.get(by);
    if (jurisdiction === undefined) {
      jurisdiction = named(localJurisdiction(state, level, name, authority));
      cache.set(by, jurisdiction);
    }
    return jurisdiction;
  };
  return {
    of(row, state, stateName, county, region, parts, members) {
      if (last === undefined || state !== lastState) {
        last = states.get(state);
        if (last === undefined) {
          last = {
            state: named(stateJurisdiction(state, stateName)),
            county: new Map(),
            countyByRegion: new Map(),
            city: new Map(),
            district: new Map(),
          };
          states.set(state, last);
        }
        lastState = state;
      }
      members[0] = last.state;
      let count = 1;
      if ((parts[1] as number) > 0) {
        members[count] =
          county === undefined
            ? local(last.countyByRegion, region, state, 'COUNTY', region, region)
            : local(last.county, county, state, 'COUNTY', county.toUpperCase(), county);
        count += 1;
      }
      if ((parts[2] as number) > 0) {
        members[count] = local(last.city, region, state, 'CITY', region, region);
        count += 1;
      }
      if ((parts[3] as number) > 0) {
        members[count] = local(last.district, region, state, 'DISTRICT', region, region);
        count += 1;
      }
      for (let index = 0; index < count; index += 1) (members[index] as NamedJurisdiction).lastRow = row;
      return count;
    },
    all() {
      return [...byId.values()].map(
        (same) => same.reduce((latest, candidate) => (candidate.lastRow > latest.lastRow ? candidate : latest)).def,
      );
    },
  };
}

function stateJurisdiction(state: string, name: string): JurisdictionDef {
  return {
    id: `US-${state}:STATE`,
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

function localJurisdiction(state: string, level: JurisdictionLevel, name: string, authority: string): JurisdictionDef {
  return {
    id: `US-${state}:${level}:${name}`,
    country: 'US',
    level,
    name,
    authorityName: authority,
    authorityType: level as AuthorityType,
    taxType: 'SALES',
    rateType: `${level} SALES TAX`,
    subdivision: state,
  };
}
