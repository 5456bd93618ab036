// The keys `taxkit serve` is started with in the HTTP benchmarks, and the headers that use them.

/** The secret test key every benchmark request sends. */
export const KEY = 'sk_test_benchbenchbenchbenchbenchbench00';
/** Fixed keys, handed to `taxkit serve` as its variables. */
export const KEY_ENV = {
  TAXKIT_SECRET_KEY_TEST: KEY,
  TAXKIT_SECRET_KEY_LIVE: 'sk_live_benchbenchbenchbenchbenchbench00',
  TAXKIT_PUBLIC_KEY_TEST: 'pk_test_benchbenchbenchbenchbenchbench00',
  TAXKIT_PUBLIC_KEY_LIVE: 'pk_live_benchbenchbenchbenchbenchbench00',
};
export const HEADERS = {
  authorization: `Bearer ${KEY}`,
  'content-type': 'application/json',
  'x-api-version': '2026-03-01',
};
