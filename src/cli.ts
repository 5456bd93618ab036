#!/usr/bin/env node
/**
 * The `taxkit` executable (package.json `bin`). Wires the process to {@link main}: real streams,
 * environment, and SIGINT/SIGTERM as the shutdown of `taxkit serve` (a second signal exits at
 * once).
 *
 * @module
 */
import { main } from './cli/main.ts';

let shutdown: AbortController | undefined;

const status = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  shutdownSignal() {
    if (shutdown === undefined) {
      const controller = new AbortController();
      shutdown = controller;
      const onSignal = () => {
        if (controller.signal.aborted) process.exit(130);
        controller.abort();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
    return shutdown.signal;
  },
});
// Exit by draining the event loop rather than process.exit, so piped output is flushed.
process.exitCode = status;
