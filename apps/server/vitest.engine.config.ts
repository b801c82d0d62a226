import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The server suite on a second PostgreSQL (CI: the machine's PostgreSQL 15 through DATABASE_URL,
 * `npm run test:server:engine`). It guards what can differ between engines: every file that runs
 * SQL on the suite's database. It leaves out what cannot: files that never reach that database
 * (plain functions, the environment parser, the in-process hub) and files that start an embedded
 * PostgreSQL of their own whatever DATABASE_URL says (the demo start, the embedded lifecycle),
 * which the default run covers.
 */
export const ENGINE_INDEPENDENT = [
  'test/env.test.ts',
  'test/lib/dates.test.ts',
  'test/lib/group-commit.test.ts',
  'test/lib/handoff.test.ts',
  'test/live/hub.test.ts',
  'test/faults/classify.test.ts',
  'test/provider-api/instant-text.test.ts',
  'test/provider-api/business-date.test.ts',
  'test/ledger-load/checks.test.ts',
  'test/simulator/demo-start.test.ts',
  'test/db/embedded-lifecycle.test.ts',
];

export default mergeConfig(base, defineConfig({ test: { exclude: ['**/node_modules/**', ...ENGINE_INDEPENDENT] } }));
