/**
 * The region a location key lies in: its first two parts ("US-TX-75001" → "US-TX",
 * "CA-ON" → "CA-ON", "ES-CN" → "ES-CN"), or the key itself when it is a bare country ("DE").
 */
export function regionOfKey(key: string): string {
  const first = key.indexOf('-');
  if (first < 0) return key;
  const second = key.indexOf('-', first + 1);
  return second < 0 ? key : key.slice(0, second);
}
