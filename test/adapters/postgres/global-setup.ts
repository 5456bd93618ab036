/**
 * vitest `globalSetup` of the `postgres` project: one PostgreSQL server for the whole run,
 * started before the first PostgreSQL test file and stopped after the last. Test files get
 * its address through `inject('postgresAdminUrl')` and make a database of their own
 * ({@link createTestDatabase} in `test-database.ts`).
 *
 * @module
 */
import type { TestProject } from 'vitest/node';
import { keepFailingExitCode } from '../../helpers/keep-failing-exit-code.ts';
import { startPostgres } from './start-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the run's server, on its `postgres` maintenance database. */
    postgresAdminUrl: string;
  }
}

keepFailingExitCode();

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Nothing of a test run needs to survive a power cut; what the tests check survives the
  // kill of a client process and a clean restart of the server, which fsync does not change.
  const server = await startPostgres({ durable: false });
  project.provide('postgresAdminUrl', server.urlOf('postgres'));
  return () => server.destroy();
}
