/**
 * drizzle-kit's configuration: `npm run db:generate` turns `schema.ts` into a new SQL migration
 * under `migrations/`, which is committed and never edited by hand.
 *
 * @module
 */
import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads its configuration from the default export; the one default export in taxkit.
export default defineConfig({
  dialect: 'sqlite',
  schema: './adapters/sqlite/schema.ts',
  out: './adapters/sqlite/migrations',
});
