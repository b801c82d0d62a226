import { defineConfig } from 'vitest/config';

// Browser tests: one worker, files in sequence, against one server started by global-setup.ts.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
