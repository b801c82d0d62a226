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
    // The page answers within a second on an idle machine; a busy CI machine can take longer.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
