// Turns measured rows into the table `npm run bench` prints and bench/RESULTS.md holds.
import { cpus, loadavg, release, totalmem, type } from 'node:os';

/**
 * @typedef {object} Side
 * @property {string} label
 * @property {number} [median] units per second
 * @property {number} [spread]
 * @property {number} [p50] milliseconds
 * @property {number} [p99]
 * @property {number} [value] a measured amount that is not a rate (bytes)
 * @property {string} [unit]
 */

/**
 * @typedef {object} Row
 * @property {string} measure
 * @property {Side} subject
 * @property {Side} [floor]
 * @property {number[]} [ratios]
 * @property {number} [ratio]
 * @property {{ ratio?: number, absolute?: number, maxBytes?: number, maxMs?: number, orientation?: true }} target `orientation`: a
 *   row that explains another (a ceiling), with no target of its own and no verdict
 * @property {string} [note]
 */

/** @param {number} rate */
function formatRate(rate) {
  if (rate >= 1e6) return `${(rate / 1e6).toFixed(1)}M/s`;
  if (rate >= 1e4) return `${(rate / 1e3).toFixed(0)}k/s`;
  if (rate >= 1e3) return `${(rate / 1e3).toFixed(1)}k/s`;
  return `${rate.toFixed(0)}/s`;
}

/** @param {number} ms */
function formatLatency(ms) {
  if (!Number.isFinite(ms)) return '–';
  if (ms >= 1) return `${ms.toFixed(ms >= 10 ? 0 : 1)} ms`;
  if (ms >= 0.001) return `${(ms * 1000).toFixed(ms >= 0.01 ? 0 : 1)} µs`;
  return `${(ms * 1e6).toFixed(0)} ns`;
}

/** @param {Side | undefined} side */
function formatSide(side) {
  if (side === undefined) return '–';
  if (side.value !== undefined)
    return `${side.label}: **${Math.round(side.value).toLocaleString('en')} ${side.unit ?? ''}**`;
  const { median = Number.NaN, spread = 0, p50 = Number.NaN, p99 = Number.NaN } = side;
  return `${side.label}: **${formatRate(median)}** ±${(spread * 50).toFixed(0)} %, p50 ${formatLatency(p50)}, p99 ${formatLatency(p99)}`;
}

/** @param {Row} row */
function hasTarget(row) {
  return row.target.orientation !== true;
}

/** @param {Row} row */
export function verdict(row) {
  const { target } = row;
  if (target.ratio !== undefined) return (row.ratio ?? 0) >= target.ratio;
  if (target.absolute !== undefined) return (row.subject.median ?? 0) >= target.absolute;
  if (target.maxBytes !== undefined) return (row.subject.value ?? Number.POSITIVE_INFINITY) <= target.maxBytes;
  if (target.maxMs !== undefined) return (row.subject.value ?? Number.POSITIVE_INFINITY) <= target.maxMs;
  return false;
}

/** @param {Row} row */
function formatTarget(row) {
  const { target } = row;
  if (target.ratio !== undefined) return `≥ ${target.ratio}`;
  if (target.absolute !== undefined) return `≥ ${formatRate(target.absolute)} (absolute)`;
  if (target.maxBytes !== undefined) return `≤ ${target.maxBytes.toLocaleString('en')} bytes, bounded`;
  if (target.maxMs !== undefined) return `≤ ${target.maxMs.toLocaleString('en')} ms`;
  return target.orientation ? 'orientation' : '–';
}

/** @param {Row} row */
function formatRatio(row) {
  if (row.ratio === undefined || row.ratios === undefined) return '–';
  const low = Math.min(...row.ratios);
  const high = Math.max(...row.ratios);
  return `**${row.ratio.toFixed(2)}** (${low.toFixed(2)}–${high.toFixed(2)})`;
}

/**
 * The results table in Markdown: one row per measure, the floor beside it.
 * @param {readonly Row[]} rows
 */
export function formatTable(rows) {
  const lines = [
    '| measure | taxkit | floor, same run | ratio (per-round range) | target | met |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const note = row.note === undefined ? '' : ` (${row.note})`;
    lines.push(
      `| ${row.measure} | ${formatSide(row.subject)}${note} | ${formatSide(row.floor)} | ${formatRatio(row)} | ${formatTarget(row)} | ${hasTarget(row) ? (verdict(row) ? 'yes' : '**no**') : '–'} |`,
    );
  }
  return lines.join('\n');
}

/** The machine and the moment, for the top of RESULTS.md. */
export function describeMachine() {
  const cpuList = cpus();
  const model = cpuList[0]?.model.trim() ?? 'unknown CPU';
  return {
    machine: `${cpuList.length} × ${model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${type()} ${release()}`,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: loadavg()
      .map((value) => value.toFixed(2))
      .join(' / '),
  };
}

/**
 * The whole RESULTS.md.
 * @param {{ rows: readonly Row[], settings: string, started: ReturnType<typeof describeMachine>, finishedLoad: string }} input
 */
export function formatResults({ rows, settings, started, finishedLoad }) {
  const targeted = rows.filter(hasTarget);
  const met = targeted.filter(verdict).length;
  return `# Benchmark results

Written by \`npm run bench\` (\`bench/run-bench.mjs\`); do not edit by hand.

- **Machine:** ${started.machine}
- **Node:** ${started.node}
- **Date:** ${started.date}
- **Load average (1/5/15 min):** ${started.load} at the start, ${finishedLoad} at the end
- **Settings:** ${settings}
- **Targets met:** ${met} of ${targeted.length}

Every measure runs beside its floor in the same process and the same rounds, alternating which
goes first. Throughputs are the median of the rounds, ± half the spread between the fastest
and the slowest round; the ratio is the median of the per-round ratios. p50 and p99 are per
operation (per lookup for batched lookups; per request for HTTP, as autocannon saw them).
Floors are code in \`bench/floors/\`: a bare \`node:http\` server answering taxkit's response
bytes, a raw better-sqlite3 INSERT in WAL + FULL, a store that discards calculations, and
\`maxmind.open\` on the same GeoIP file. On a shared machine absolute figures move by tens of
percent between runs; compare ratios. Rows marked _orientation_ have no target of their own: a
ceiling is the bare server made to do only the work no server answering the request can skip
(parse the body, the engine's own in-process time as busy CPU, serialize the answer), so the
row above it can be read against what the work alone allows on this machine.

${formatTable(rows)}
`;
}
