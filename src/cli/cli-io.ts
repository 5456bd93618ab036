/**
 * Everything a CLI command touches of the outside world, so `main` runs in-process in tests
 * with fake streams, environment and shutdown, and from the bin with the real ones.
 */
export interface CliIo {
  readonly stdin: AsyncIterable<string | Uint8Array>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Relative paths (`--db`, `.taxkit/`) are resolved against this directory. */
  readonly cwd: string;
  /**
   * Arms the shutdown trigger and returns its signal; `serve` stops gracefully when it aborts.
   * The bin wires SIGINT and SIGTERM to it only when called, so Ctrl-C still simply kills
   * `taxkit calc` while it waits for input.
   */
  readonly shutdownSignal: () => AbortSignal;
  /** Told the base URL once `serve` listens (tests use it to find a port-0 server). */
  readonly onListening?: (url: string) => void;
}
