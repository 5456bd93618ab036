/**
 * The account `taxkit serve` creates on a database; its records are (default, test) and
 * (default, live). The commands that read a database's records (`taxkit report`) read this
 * account's.
 */
export const DEFAULT_ACCOUNT_ID = 'default';
