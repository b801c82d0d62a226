import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// @agent-bo/shared is read from its TypeScript source, so tests never depend on a prior build
// (an alias: Vitest's module runner does not apply the `source` condition to workspace packages).
const sharedSource = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@agent-bo/shared': sharedSource } },
  // The statistical tests draw hundreds of thousands of outcomes: seconds on a busy machine.
  test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
