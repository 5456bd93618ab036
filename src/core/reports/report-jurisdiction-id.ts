/**
 * The id a report (and every view of the ledger) groups a jurisdiction by. A US state is
 * `US-<ST>` whatever table taxed the sale; ledgers recorded before that hold the
 * state of an imported table as `US-CA:STATE` (an Avalara ZIP5 file) or `US-CA:STATE:CALIFORNIA`
 * (a taxkit CSV), which are read as `US-CA` here, so old and new sales of one state are one row.
 * Every other id is its own.
 */
export function reportJurisdictionId(id: string): string {
  // Only ids with a ":STATE" part can be old ones; most are not, and pay a single search.
  const at = id.indexOf(':STATE');
  if (at !== 5 || !id.startsWith('US-')) return id;
  const rest = id.slice(at + ':STATE'.length);
  return rest === '' || (rest.startsWith(':') && !rest.includes(':', 1)) ? id.slice(0, at) : id;
}
