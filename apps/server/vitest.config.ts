import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Resolve @agent-bo/shared to its TypeScript source (the `source` export condition).
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // One PostgreSQL (embedded, or DATABASE_URL) and one migrated, seeded template per run.
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
