// Heap (and buffers) kept per stored calculation by the memory store, measured in a process of its own
// (run with --expose-gc): the heap's growth from `from` to `to` kept calculations over the
// difference (so one-time costs such as compiled code do not count), after full GCs; then the
// heap once `fill` calculations have been made in all, where the store's bound holds it.
// Prints one JSON line: { perCalculation, kept, heapAfterFill, fill } (bytes).
//
//   node --expose-gc bench/children/heap-per-calculation.mjs [from] [to] [fill]
import { benchCart } from '../cart.mjs';
import { memory, taxkit } from '../harness/dist.mjs';

const from = Number(process.argv[2] ?? 20_000);
const to = Number(process.argv[3] ?? 90_000);
const fill = Number(process.argv[4] ?? 200_000);
const gc = /** @type {() => void} */ (globalThis.gc);

/** The heap and the buffers outside it (where the memory store keeps calculations' records). */
function settledHeap() {
  for (let pass = 0; pass < 3; pass += 1) gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const store = memory.createMemoryStore();
const engine = taxkit.createTaxEngine({ store });
const cart = benchCart(3);
const start = settledHeap();
let made = 0;
const makeUpTo = async (/** @type {number} */ count) => {
  for (; made < count; made += 1) await engine.calculations.create(cart);
};
await makeUpTo(from);
const atFrom = settledHeap();
await makeUpTo(to);
const perCalculation = (settledHeap() - atFrom) / (to - from);
await makeUpTo(fill);
const heapAfterFill = settledHeap() - start;
const kept = store.stats().calculations;
process.stdout.write(`${JSON.stringify({ perCalculation, kept, heapAfterFill, fill })}\n`);
