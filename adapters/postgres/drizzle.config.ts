/**
 * drizzle-kit's configuration for the PostgreSQL adapter: `npm run db:generate:postgres` turns
 * `schema.ts` into a new SQL migration under `migrations/`, which is committed and never edited
 * by hand. Generating needs no database.
 *
 * @module
 */
import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads its configuration from the default export.
export default defineConfig({
  dialect: 'postgresql',
  schema: './adapters/postgres/schema.ts',
  out: './adapters/postgres/migrations',
});
