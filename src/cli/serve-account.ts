/**
 * The account `taxkit serve` creates; its records are (default, test) and (default, live). The
 * `nexus` and `registrations` commands read and write the same account's records.
 */
export const SERVE_ACCOUNT_ID = 'default';
