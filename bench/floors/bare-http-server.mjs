// The HTTP floor: bare `node:http` answering every request with one fixed JSON body (read from
// the file named by argv[2], so it can be byte for byte what taxkit answers). It reads the
// request body, as any real handler must, and does nothing else.
//
// With argv[3], it is instead the ceiling of any server that answers the same request: per
// request it does only the work such a server cannot skip, on the event loop: JSON.parse of the
// request body, that many microseconds of busy CPU (the engine's own in-process time, measured
// by the caller), and JSON.stringify of the answer, and it writes its answers the way taxkit
// does, together at the end of the event-loop turn. No routing, no keys, no versions. How far it
// falls below the bare floor is how much of the gap that work alone explains on this machine.
//
//   node bench/floors/bare-http-server.mjs body.json [engineMicroseconds]
//   → prints "listening on http://127.0.0.1:PORT"
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

const body = readFileSync(process.argv[2] ?? '/dev/null');
const engineMs = process.argv[3] === undefined ? undefined : Number(process.argv[3]) / 1000;
const answer = engineMs === undefined ? undefined : JSON.parse(body.toString('utf8'));
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Length': String(body.length),
};
let sink = 0;

const server = createServer((request, response) => {
  /** @type {Buffer[]} */
  const chunks = [];
  request.on('data', (chunk) => {
    if (answer !== undefined) chunks.push(chunk);
  });
  request.on('end', () => {
    if (engineMs === undefined) {
      response.writeHead(200, headers);
      response.end(body);
      return;
    }
    sink += Object.keys(JSON.parse(Buffer.concat(chunks).toString('utf8'))).length;
    const until = performance.now() + engineMs;
    while (performance.now() < until);
    const text = JSON.stringify(answer);
    // Written at the end of the turn with the others ready in it, as taxkit writes them: one
    // wake-up of a loopback client per turn instead of one per answer.
    if (ready.length === 0) setImmediate(writeReady);
    ready.push(response, text);
  });
});
/** Ceiling mode: answers waiting for the end of the turn, as (response, text) pairs. */
let ready = [];
function writeReady() {
  const batch = ready;
  ready = [];
  for (let index = 0; index < batch.length; index += 2) {
    batch[index].writeHead(200, headers);
    batch[index].end(batch[index + 1]);
  }
}
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(sink < 0 ? 1 : 0)));
