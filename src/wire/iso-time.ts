/** Unix seconds as the UTC day, YYYY-MM-DD: how the interface shows a certificate's dates. */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** Unix seconds as an ISO 8601 moment in UTC to the second ("2026-03-01T12:00:00Z"), as the certificate objects show times. */
export function isoMoment(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
}
