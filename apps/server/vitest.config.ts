import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { DATES_TAG } from '../../scripts/instants.mjs';
import { slowFirst } from '../../scripts/slow-first.mjs';

// @agent-bo/shared and @agent-bo/simulator are read from their TypeScript sources, so tests never
// depend on a prior build. Aliases (not the `source` export condition) because Vitest's server-side
// module runner does not apply custom resolve conditions to workspace packages.
const source = (file: string) => fileURLToPath(new URL(`../../packages/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@agent-bo\/shared$/, replacement: source('shared/src/index.ts') },
      { find: /^@agent-bo\/simulator$/, replacement: source('simulator/src/index.ts') },
      { find: /^@agent-bo\/simulator\/database$/, replacement: source('simulator/src/database.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // One PostgreSQL (embedded, or DATABASE_URL) and one migrated, seeded template per run.
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's process (and its loaded modules): a process per file spent 90 s
    // of a run importing the app again. Each file still has its own database (useTestApp) and its
    // own app instance; nothing a file changes lives in a module.
    isolate: false,
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content and the config) and shared by every run and project: the date matrix's
    // eight projects and the PostgreSQL 15 run reuse what this suite transformed.
    experimental: { fsModuleCache: true },
    testTimeout: 30_000,
    // `npm run coverage`: lines and branches of the workspace's own sources (v8), in coverage/.
    coverage: { provider: 'v8', include: ['src/**'], reporter: ['text-summary', 'json-summary'] },
    // Tests whose subject is a date; the date matrix runs them at eight instants (scripts/instants.mjs).
    tags: [DATES_TAG],
    hookTimeout: 120_000,
    // The files that take tens of seconds start first, so neither worker ends the run alone.
    sequence: {
      sequencer: slowFirst([
        'test/simulator/demo-start.test.ts',
        'test/db/embedded-lifecycle.test.ts',
        'test/ledger-load/crash.test.ts',
        'test/faults/db-faults.test.ts',
        'test/app/shutdown.test.ts',
        'test/ledger-load/concurrency.test.ts',
      ]),
    },
  },
});
