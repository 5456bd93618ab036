// Small statistics over benchmark rounds: medians, spread and latency percentiles.

/**
 * The median of `values` (the mean of the middle two for an even count).
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * How far the rounds lie apart: (max − min) / median, as a fraction. 0.1 means the fastest and
 * the slowest round differ by 10 % of the median.
 * @param {readonly number[]} values
 * @returns {number}
 */
export function spread(values) {
  if (values.length < 2) return 0;
  return (Math.max(...values) - Math.min(...values)) / median(values);
}

/**
 * The `q` quantile (0..1) of latencies by the nearest-rank rule.
 * @param {Float64Array} sorted ascending
 * @param {number} q
 * @returns {number}
 */
export function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

/**
 * Collects per-operation latencies (milliseconds) across rounds without unbounded growth: past
 * `capacity` it keeps a uniform sample (reservoir sampling), which leaves p50 and p99 unbiased.
 */
export class LatencySample {
  /** @param {number} [capacity] */
  constructor(capacity = 200_000) {
    this.values = new Float64Array(capacity);
    this.size = 0;
    this.seen = 0;
  }

  /** @param {number} milliseconds */
  add(milliseconds) {
    this.seen += 1;
    if (this.size < this.values.length) {
      this.values[this.size++] = milliseconds;
      return;
    }
    const slot = Math.floor(Math.random() * this.seen);
    if (slot < this.values.length) this.values[slot] = milliseconds;
  }

  /** @returns {{ p50: number, p99: number }} milliseconds */
  percentiles() {
    const sorted = this.values.slice(0, this.size).sort();
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
  }
}
