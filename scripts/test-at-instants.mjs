// Runs the date-sensitive tests at instants where dates turn over, so a test that only passes at
// some hours fails here rather than on somebody's machine at 23:00. A test is date-sensitive when
// it takes its "now" from its workspace's test clock (apps/server/test/clock.ts,
// apps/web/src/test/clock.ts): TEST_NOW sets that clock.
//
//   node scripts/test-at-instants.mjs            every instant below
//   node scripts/test-at-instants.mjs 2026-...Z  the given instants only
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** tw_web and tw_mc keep Asia/Taipei, ph_mc Asia/Manila: both UTC+8, so business days turn at 04:00 UTC. */
const INSTANTS = [
  ['2026-11-24T03:59:59Z', 'a second before noon in Asia/Taipei and Asia/Manila (the business day turns)'],
  ['2026-11-24T04:00:00Z', 'noon in Asia/Taipei and Asia/Manila'],
  ['2026-11-29T15:59:59Z', 'Sunday 23:59:59 in Asia/Taipei'],
  ['2026-11-30T04:00:00Z', 'Monday noon in Asia/Taipei: a new business week'],
  ['2026-11-30T15:59:59Z', 'the last second of November in Asia/Taipei'],
  ['2026-12-01T04:00:00Z', 'the first business day of December'],
  ['2026-12-31T15:59:59Z', 'the last second of the year in Asia/Taipei'],
  ['2027-01-01T04:00:00Z', 'the first business day of the year'],
];

/** Workspaces with a test clock: where the tests run, the clock module, where test files live. */
const SUITES = [
  { cwd: 'apps/server', clock: 'test/clock.ts', dirs: ['test'] },
  { cwd: 'apps/web', clock: 'src/test/clock.ts', dirs: ['src'] },
];

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The test files that import the suite's clock module. */
function dateSensitive(suite) {
  const base = join(root, suite.cwd);
  const clock = join(base, suite.clock).replace(/\.ts$/, '');
  if (!existsSync(`${clock}.ts`)) return [];
  return suite.dirs
    .flatMap((d) => testFiles(join(base, d)))
    .filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)].some((m) => join(dirname(file), m[1]).replace(/\.js$/, '') === clock),
    )
    .map((file) => relative(base, file));
}

const wanted = process.argv.slice(2);
const instants = wanted.length ? wanted.map((at) => [at, 'given']) : INSTANTS;
let failed = 0;
for (const suite of SUITES) {
  const files = dateSensitive(suite);
  if (files.length === 0) continue;
  for (const [at, why] of instants) {
    console.log(`\n--- ${suite.cwd} at ${at} (${why}): ${files.join(' ')}`);
    const run = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...files], {
      cwd: join(root, suite.cwd),
      stdio: 'inherit',
      env: { ...process.env, TEST_NOW: at },
    });
    if (run.status !== 0) {
      failed += 1;
      console.error(`*** ${suite.cwd} failed at ${at}`);
    }
  }
}
process.exit(failed ? 1 : 0);
