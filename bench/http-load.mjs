// Load test of the bundled server: POST /tax/calculations over loopback with autocannon.
//
//   npm run build && node bench/http-load.mjs [--duration 10] [--connections 32] [--path ping]
//
// The server runs in this process on 127.0.0.1 (from dist/, as `taxkit serve` runs it, with the
// memory store); autocannon runs in a worker thread so both share the machine the way a client
// and a server on one host do. Prints requests per second and latency percentiles.
import autocannon from 'autocannon';
import { benchCart } from './cart.mjs';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const dist = new URL('../dist/src/', import.meta.url);
if (!existsSync(new URL('http/index.js', dist))) {
  console.error('bench/http-load.mjs runs against dist/: run `npm run build` first.');
  process.exit(1);
}
const { createTaxEngine } = await import(new URL('index.js', dist).href);
const { startServer, generateAccountKeys } = await import(new URL('http/index.js', dist).href);

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    pipelining: { type: 'string', default: '1' },
    path: { type: 'string', default: 'calculations' },
  },
});
const duration = Math.min(Number(values.duration), 60);
const keys = generateAccountKeys();
const engine = createTaxEngine();
const server = await startServer({
  engine,
  host: '127.0.0.1',
  port: 0,
  accounts: [{ id: 'bench', keys }],
  pingRateLimit: false,
});

const body = JSON.stringify(benchCart(3));
const ping = values.path === 'ping';
const target = {
  url: `${server.url}${ping ? '/tax/ping' : '/tax/calculations'}`,
  method: ping ? 'GET' : 'POST',
  headers: {
    authorization: `Bearer ${keys.secretTest}`,
    'x-api-version': '2026-03-01',
    ...(ping ? {} : { 'content-type': 'application/json' }),
  },
  ...(ping ? {} : { body }),
};

// Warm up the JIT and the store before measuring.
await autocannon({ ...target, connections: 8, duration: 2 });
// How busy the server's event loop was: near 1 means the server, not the client, set the pace.
const loopBefore = performance.eventLoopUtilization();
const result = await autocannon({
  ...target,
  connections: Number(values.connections),
  pipelining: Number(values.pipelining),
  duration,
  workers: 1,
});
const loop = performance.eventLoopUtilization(loopBefore);
await server.close();
await engine.close();

const { requests, latency } = result;
console.log(
  `${target.method} ${new URL(target.url).pathname}: ${duration} s, ${values.connections} connections, 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}`,
);
console.log(`requests/s  mean ${requests.average.toFixed(0)}  p50 ${requests.p50}  min ${requests.min}`);
console.log(`latency ms  p50 ${latency.p50}  p90 ${latency.p90}  p99 ${latency.p99}  max ${latency.max}`);
console.log(`server event loop busy ${(loop.utilization * 100).toFixed(0)} %`);
if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
