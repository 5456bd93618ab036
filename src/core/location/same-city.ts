const WORDS: Record<string, string> = { SAINT: 'ST', FORT: 'FT', MOUNT: 'MT', SAINTE: 'STE' };

function canonicalCity(city: string): string {
  return city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => WORDS[word] ?? word)
    .join('');
}

/** Whether two spellings name the same city ("St. Louis" = "Saint Louis", "Montréal" = "MONTREAL"). */
export function sameCity(a: string, b: string): boolean {
  return canonicalCity(a) === canonicalCity(b);
}
