const WORDS: Readonly<Record<string, string>> = { SAINT: 'ST', FORT: 'FT', MOUNT: 'MT', SAINTE: 'STE' };
const NON_ASCII = /[^\x20-\x7e]/;

/** "St. Louis" → "STLOUIS", "Montréal" → "MONTREAL": spelling variants folded to one key. */
function canonicalCity(city: string): string {
  // Accent folding is the costly step; most city names are plain ASCII and skip it.
  const ascii = NON_ASCII.test(city) ? city.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : city;
  let key = '';
  for (const word of ascii.toUpperCase().split(/[^A-Z0-9]+/)) {
    if (word !== '') key += WORDS[word] ?? word;
  }
  return key;
}

/** Whether two spellings name the same city ("St. Louis" = "Saint Louis", "Montréal" = "MONTREAL"). */
export function sameCity(a: string, b: string): boolean {
  return a === b || canonicalCity(a) === canonicalCity(b);
}
