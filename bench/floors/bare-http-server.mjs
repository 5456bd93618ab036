// The HTTP floor: bare `node:http` answering every request with one fixed JSON body (read from
// the file named by argv[2], so it can be byte for byte what taxkit answers). It reads the
// request body, as any real handler must, and does nothing else.
//
//   node bench/floors/bare-http-server.mjs body.json   → prints "listening on http://127.0.0.1:PORT"
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2] ?? '/dev/null');
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Length': String(body.length),
};

const server = createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(200, headers);
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
