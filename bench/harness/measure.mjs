// In-process measurement: runs an operation (synchronous or async) over rounds, interleaving a
// subject with its floor so both see the same machine, and keeps per-operation latencies.
import { performance } from 'node:perf_hooks';
import { LatencySample, median, spread } from './stats.mjs';

/**
 * @typedef {object} Contender
 * @property {string} label
 * @property {() => unknown} run one operation; may return a promise
 * @property {number} [units] units of work per operation (a batch of lookups): rates are per unit
 * @property {number} [opsPerRound] run exactly this many operations per round instead of a time slice
 * @property {(count: number) => unknown} [beforeRound] untimed preparation (count = opsPerRound)
 */

/**
 * @typedef {object} Measured
 * @property {string} label
 * @property {number[]} rates units per second, one per round
 * @property {number} median
 * @property {number} spread
 * @property {number} p50 milliseconds per operation (per unit when `units` > 1)
 * @property {number} p99
 */

/**
 * Times `contender` for one round: `ms` milliseconds, or `opsPerRound` operations.
 * @param {Contender} contender
 * @param {number} ms
 * @param {LatencySample} latencies
 * @returns {Promise<number>} units per second
 */
async function timeRound(contender, ms, latencies) {
  const units = contender.units ?? 1;
  const count = contender.opsPerRound;
  if (count !== undefined) await contender.beforeRound?.(count);
  const start = performance.now();
  const end = start + ms;
  let now = start;
  let ops = 0;
  while (count === undefined ? now < end : ops < count) {
    const before = now;
    const result = contender.run();
    if (result !== undefined && typeof (/** @type {any} */ (result).then) === 'function') await result;
    now = performance.now();
    latencies.add((now - before) / units);
    ops += 1;
  }
  return (ops * units) / ((now - start) / 1000);
}

/**
 * Measures `subject` against `floor`, in alternating order over `rounds` rounds after a warm-up.
 * The ratio is the median of the per-round ratios: a slow moment of the machine hits both
 * sides of the same round.
 *
 * @param {{ subject: Contender, floor: Contender, rounds: number, ms: number, warmupMs?: number }} options
 * @returns {Promise<{ subject: Measured, floor: Measured, ratios: number[], ratio: number }>}
 */
export async function compare({ subject, floor, rounds, ms, warmupMs = ms / 2 }) {
  const sides = [subject, floor].map((contender) => ({ contender, rates: [], latencies: new LatencySample() }));
  for (const side of sides) await timeRound(side.contender, warmupMs, new LatencySample(1_000));
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) side.rates.push(await timeRound(side.contender, ms, side.latencies));
  }
  const [subjectSide, floorSide] = sides.map(({ contender, rates, latencies }) => ({
    label: contender.label,
    rates,
    median: median(rates),
    spread: spread(rates),
    ...latencies.percentiles(),
  }));
  const ratios = subjectSide.rates.map((rate, index) => rate / floorSide.rates[index]);
  return { subject: subjectSide, floor: floorSide, ratios, ratio: median(ratios) };
}

/**
 * One measured round of `contender` on its own, with that round's latencies.
 * @param {Contender} contender
 * @param {number} ms
 * @returns {Promise<{ rate: number, p50: number, p99: number }>}
 */
export async function runRound(contender, ms) {
  const latencies = new LatencySample();
  const rate = await timeRound(contender, ms, latencies);
  return { rate, ...latencies.percentiles() };
}

/**
 * Measures one contender alone (a row with an absolute target).
 * @param {{ subject: Contender, rounds: number, ms: number, warmupMs?: number }} options
 * @returns {Promise<Measured>}
 */
export async function measureAlone({ subject, rounds, ms, warmupMs = ms / 2 }) {
  const latencies = new LatencySample();
  await timeRound(subject, warmupMs, new LatencySample(1_000));
  const rates = [];
  for (let round = 0; round < rounds; round += 1) rates.push(await timeRound(subject, ms, latencies));
  return { label: subject.label, rates, median: median(rates), spread: spread(rates), ...latencies.percentiles() };
}

/**
 * @typedef {object} RoundContender
 * @property {string} label
 * @property {() => Promise<{ rate: number, p50: number, p99: number }>} round one measured round
 */

/**
 * Like {@link compare}, for contenders that measure a whole round themselves (HTTP loads, where
 * the load generator reports the latencies). p50 and p99 are the medians of the rounds' own.
 *
 * @param {{ subject: RoundContender, floor: RoundContender, rounds: number }} options
 * @returns {Promise<{ subject: Measured, floor: Measured, ratios: number[], ratio: number }>}
 */
export async function compareRounds({ subject, floor, rounds }) {
  /** @type {{ contender: RoundContender, results: { rate: number, p50: number, p99: number }[] }[]} */
  const sides = [subject, floor].map((contender) => ({ contender, results: [] }));
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) side.results.push(await side.contender.round());
  }
  const [subjectSide, floorSide] = sides.map(({ contender, results }) => {
    const rates = results.map((result) => result.rate);
    return {
      label: contender.label,
      rates,
      median: median(rates),
      spread: spread(rates),
      p50: median(results.map((result) => result.p50)),
      p99: median(results.map((result) => result.p99)),
    };
  });
  const ratios = subjectSide.rates.map((rate, index) => rate / floorSide.rates[index]);
  return { subject: subjectSide, floor: floorSide, ratios, ratio: median(ratios) };
}
