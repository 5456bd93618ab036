// Durable sales over HTTP: calculations made first (untimed), then recorded as transactions by
// many connections at once, each request a different calculation and order reference.
import { benchCart } from '../cart.mjs';
import { load, request } from './http.mjs';
import { HEADERS } from './serve-keys.mjs';

const CART = JSON.stringify(benchCart(3));
let order = 0;

/**
 * Makes `count` calculations of the bench cart with a few parallel clients (setup, untimed).
 * @param {string} url
 * @param {number} count
 * @returns {Promise<string[]>}
 */
export async function makeCalculations(url, count) {
  /** @type {string[]} */
  const ids = [];
  const worker = async () => {
    while (ids.length < count) {
      ids.push((await request(`${url}/tax/calculations`, { method: 'POST', headers: HEADERS, body: CART })).id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

/**
 * Records one sale per id in `ids` (taking them) with POST /tax/transactions from `connections`
 * connections at once; autocannon's result for those requests.
 * @param {string} url
 * @param {string[]} ids
 * @param {number} connections
 */
export function salesLoad(url, ids, connections) {
  return load({
    url: `${url}/tax/transactions`,
    headers: HEADERS,
    connections,
    amount: ids.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ calculation_id: ids.pop(), reference_order_id: `o-${++order}` }),
        }),
      },
    ],
  });
}
