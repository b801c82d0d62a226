// Runs the date-sensitive tests at instants where dates turn over, so a date rule that only holds
// at some hours fails here rather than on somebody's machine at 23:00. A test is date-sensitive
// when it is tagged `dates`; it takes its "now" from its workspace's test clock
// (apps/server/test/clock.ts, apps/web/src/test/clock.ts), which TEST_NOW sets. The instants, the
// tag and the file detection are in scripts/instants.mjs; each workspace's
// vitest.instants.config.ts makes one Vitest project per instant, so a workspace's whole matrix is
// one run (one PostgreSQL, one set of workers).
//
//   node scripts/test-at-instants.mjs            every instant
//   node scripts/test-at-instants.mjs 2026-...Z  the given instants only
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATES_TAG, chosenInstants, dateSensitiveFiles } from './instants.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Workspaces with a test clock: where the tests run, the clock module, where test files live. */
const SUITES = [
  { cwd: 'apps/server', clock: 'test/clock.ts', dirs: ['test'] },
  { cwd: 'apps/web', clock: 'src/test/clock.ts', dirs: ['src'] },
];

const wanted = process.argv.slice(2);
const env = { ...process.env, ...(wanted.length && { TEST_INSTANTS: wanted.join(',') }) };
delete env.TEST_NOW;
const instants = wanted.length ? wanted : chosenInstants().map(([at]) => at);
let failed = 0;
for (const suite of SUITES) {
  const files = dateSensitiveFiles(join(root, suite.cwd), suite.clock, suite.dirs);
  if (files.length === 0) continue;
  console.log(`\n--- ${suite.cwd} at ${instants.join(', ')}: ${files.join(' ')}`);
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.instants.config.ts', '--tags-filter', DATES_TAG.name],
    {
      cwd: join(root, suite.cwd),
      stdio: 'inherit',
      env,
    },
  );
  if (run.status !== 0) {
    failed += 1;
    console.error(`*** ${suite.cwd} failed at one of the instants (the project name says which)`);
  }
}
process.exit(failed ? 1 : 0);
