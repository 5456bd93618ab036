// ZIP → state (USPS region) from the CC0 `zip-state` package, reproduced exactly.
//
// zip-state keeps three private literals in its single source file: `mapping` (a Uint8Array of
// 1,000 region indexes, one per ZIP3 prefix 000–999), `regions` (index → USPS code, index 0 is
// null) and `exceptions` (5-digit ZIP → region index, checked first). We read those literals out of
// the source text, rebuild them as plain tables, and then prove the tables give the same answer as
// the package's own function for every 5-digit string 00000–99999.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sortKeys } from './json-out.mjs';
import { findPackage } from './pkg.mjs';

export const ZIP3_LOOKUP_RULE =
  'Normalise the input to its first 5 characters (a ZIP+4 such as "12345-6789" becomes "12345"); ' +
  'they must be 5 ASCII digits, otherwise the answer is unknown. ' +
  'If `exceptions` has that 5-digit key, its value is the answer. ' +
  'Otherwise look up the first 3 digits in `zip3`; a missing key means unknown (null). ' +
  'Values are USPS codes: the 50 states, DC, the territories (AS, FM, GU, MH, MP, PR, PW, VI) and the ' +
  'military codes AA, AE, AP. This reproduces zip-state 1.0.3 exactly for every 5-digit input.';

export function buildZip3() {
  const { dir, pkg } = findPackage('zip-state');
  const file = path.join(dir, pkg.main ?? 'zip-state.js');
  const src = readFileSync(file, 'utf8');

  const mappingText = /new Uint8Array\(\[([0-9,\s]*)\]\)/.exec(src);
  const regionsText = /const regions = (\[[^\]]*\]);/.exec(src);
  const exceptionsText = /const exceptions = (\{[^}]*\});/.exec(src);
  if (!mappingText || !regionsText || !exceptionsText) {
    throw new Error(`zip-state ${pkg.version}: source layout changed; update scripts/data/zip3-state.mjs`);
  }
  const mapping = mappingText[1].split(',').map((s) => Number(s.trim()));
  const regions = JSON.parse(regionsText[1]);
  const exceptionIdx = JSON.parse(exceptionsText[1]);
  if (mapping.length !== 1000) throw new Error(`zip-state mapping has ${mapping.length} entries, expected 1000`);

  const zip3 = {};
  mapping.forEach((idx, prefix) => {
    const region = regions[idx];
    if (region) zip3[String(prefix).padStart(3, '0')] = region;
  });
  const exceptions = {};
  for (const [zip, idx] of Object.entries(exceptionIdx)) {
    const region = regions[idx];
    if (!/^\d{5}$/.test(zip) || !region) throw new Error(`zip-state exception ${zip} → ${idx} unexpected`);
    exceptions[zip] = region;
  }

  // Prove equivalence with the package's own function over the whole 5-digit space.
  const zipState = createRequire(import.meta.url)(file);
  const lookup = (zip) => exceptions[zip] ?? zip3[zip.slice(0, 3)] ?? null;
  for (let n = 0; n < 100000; n++) {
    const zip = String(n).padStart(5, '0');
    const want = zipState(zip);
    const got = lookup(zip);
    if (want !== got) throw new Error(`zip3 table disagrees with zip-state for ${zip}: ${got} vs ${want}`);
  }

  return {
    version: pkg.version,
    zip3: sortKeys(zip3),
    exceptions: sortKeys(exceptions),
    regionCount: new Set(Object.values(zip3).concat(Object.values(exceptions))).size,
  };
}
