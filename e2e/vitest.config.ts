import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers.js';

// Browser tests: E2E_WORKERS workers (at least two, one per two cores on a machine with more), each running its files in sequence
// against a server of its own (support/global-setup.ts starts one per worker).
export default defineConfig({
  resolve: {
    conditions: ['source'],
    // The shared money functions are read from their TypeScript source (as in the server suite):
    // Vitest's module runner does not apply the `source` condition to workspace packages.
    alias: [{ find: /^@agent-bo\/shared$/, replacement: fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)) }],
  },
  test: {
    root: import.meta.dirname,
    // The README's pictures (screenshots/) are taken by `npm run screenshots` (E2E_README=on),
    // not by every run: they check nothing the specs do not.
    include: process.env.E2E_README === 'on' ? ['screenshots/**/*.spec.ts'] : ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // A worker's spec files share its process: each file imported Playwright and the support
    // modules again (about 30 s of a run). The support modules keep no state between files (the
    // kept sign-ins are files of the worker's server).
    isolate: false,
    maxWorkers: E2E_WORKERS,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // The page answers within a second on an idle machine; a busy CI machine can take longer.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
