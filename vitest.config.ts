import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The conformance suite runs only through the adapter tests that import it.
    exclude: ['**/node_modules/**', 'dist/**', 'test/conformance/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    benchmark: {
      include: ['bench/**/*.bench.ts'],
    },
  },
});
