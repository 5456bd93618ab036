import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The conformance suite runs only through the adapter tests that import it.
    exclude: ['**/node_modules/**', 'dist/**', 'test/conformance/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The medusa project installs only the Tax Module, not @medusajs/medusa: Medusa then logs, with
    // a stack, that it has no link modules to load. Nothing there uses links; the log is noise.
    onConsoleLog: (log) => !log.includes('Error initializing link modules'),
    benchmark: {
      include: ['bench/**/*.bench.ts'],
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/adapters/postgres/**', 'test/package/**', 'test/browser/**', 'test/frameworks/**'],
        },
      },
      {
        // npm pack of a copy of the checkout, installed into a new TypeScript project, and
        // npm start: a build and an npm install, about a minute.
        extends: true,
        test: { name: 'package', include: ['test/package/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 },
      },
      {
        // Chromium driven by playwright-core against a real server: about 10 s, bounded at a minute.
        extends: true,
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        // taxkit/medusa inside Medusa's Tax Module on PostgreSQL. test/frameworks/medusa has its
        // own package.json and lockfile; its globalSetup installs Medusa there (about 30 s, once).
        extends: true,
        test: {
          name: 'medusa',
          include: ['test/frameworks/medusa/**/*.test.ts'],
          globalSetup: ['test/frameworks/medusa/global-setup.ts'],
          // Medusa's module test runner calls describe/beforeAll/it as globals (it is written for jest).
          globals: true,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        // taxkit/vendure in a real Vendure server on SQLite (sql.js). test/frameworks/vendure has
        // its own package.json and lockfile; its globalSetup installs Vendure there (once).
        extends: true,
        test: {
          name: 'vendure',
          include: ['test/frameworks/vendure/**/*.test.ts'],
          globalSetup: ['test/frameworks/vendure/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Its own project so the PostgreSQL server (globalSetup) starts only when these files run.
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/adapters/postgres/**/*.test.ts'],
          globalSetup: ['test/adapters/postgres/global-setup.ts'],
        },
      },
    ],
  },
});
