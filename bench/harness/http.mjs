// HTTP measurement: servers run in child processes (one core for the server, one for the load
// generator on a 2-core machine), autocannon drives them from this process.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * @typedef {object} ServerProcess
 * @property {string} url
 * @property {number | undefined} pid
 * @property {() => Promise<void>} stop
 */

/**
 * Starts `node <args>` and resolves once it prints "listening on <url>".
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<ServerProcess>}
 */
export function startServerProcess(args, env = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const failed = (/** @type {unknown} */ reason) =>
      reject(new Error(`${args.join(' ')}: ${String(reason)}\n${output}`));
    child.once('error', failed);
    child.once('exit', (code) => failed(`exited with ${code}`));
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match === null) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      child.removeAllListeners('exit');
      resolve({
        url: /** @type {string} */ (match[1]),
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
          }),
      });
    });
  });
}

/**
 * @typedef {object} LoadResult
 * @property {number} rate successful (2xx) requests per second
 * @property {number} p50 latency, milliseconds
 * @property {number} p99
 * @property {number} failures non-2xx answers and socket errors
 * @property {number} answered successful (2xx) requests
 */

/**
 * Runs one autocannon load: `duration` seconds, or `amount` requests when given.
 * @param {import('autocannon').Options} options
 * @returns {Promise<LoadResult>}
 */
export async function load(options) {
  // autocannon notices that a run of a fixed `amount` is over only at its next sample tick,
  // once a second by default, so such a run lasted a whole number of seconds whatever the
  // server did (2,000 requests answered in 0.4 s counted as 2,000 in 1.01 s). Ticking every
  // 10 ms makes the duration the run's own.
  const result = await autocannon(options.amount === undefined ? options : { sampleInt: 10, ...options });
  return {
    rate: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    answered: result['2xx'],
  };
}

/**
 * Sends one request and returns the response body (for setup: a calculation to record).
 * @param {string} url
 * @param {RequestInit} init
 * @returns {Promise<any>}
 */
export async function request(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}
