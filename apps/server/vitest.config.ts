import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// @agent-bo/shared is read from its TypeScript source, so tests never depend on a prior build.
// An alias (not the `source` export condition) because Vitest's server-side module runner does
// not apply custom resolve conditions to workspace packages.
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@agent-bo/shared': sharedSource } },
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
