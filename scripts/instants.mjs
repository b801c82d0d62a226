// The instants where dates turn over, and which test files are date-sensitive. Read by each
// workspace's vitest.instants.config.ts (one Vitest project per instant, so the date matrix is one
// run per workspace) and by scripts/test-at-instants.mjs.
//
// A test is date-sensitive when it takes its "now" from its workspace's test clock
// (apps/server/test/clock.ts, apps/web/src/test/clock.ts): TEST_NOW sets that clock.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** tw_web and tw_mc keep Asia/Taipei, ph_mc Asia/Manila: both UTC+8, so business days turn at 04:00 UTC. */
export const INSTANTS = [
  ['2026-11-24T03:59:59Z', 'a second before noon in Asia/Taipei and Asia/Manila (the business day turns)'],
  ['2026-11-24T04:00:00Z', 'noon in Asia/Taipei and Asia/Manila'],
  ['2026-11-29T15:59:59Z', 'Sunday 23:59:59 in Asia/Taipei'],
  ['2026-11-30T04:00:00Z', 'Monday noon in Asia/Taipei: a new business week'],
  ['2026-11-30T15:59:59Z', 'the last second of November in Asia/Taipei'],
  ['2026-12-01T04:00:00Z', 'the first business day of December'],
  ['2026-12-31T15:59:59Z', 'the last second of the year in Asia/Taipei'],
  ['2027-01-01T04:00:00Z', 'the first business day of the year'],
];

/** The instants to run at: TEST_INSTANTS (comma-separated) when set, every one above otherwise. */
export function chosenInstants() {
  const wanted = process.env.TEST_INSTANTS?.split(',').filter(Boolean);
  return wanted?.length ? wanted.map((at) => [at, 'given']) : INSTANTS;
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * The test files under `dirs` of the workspace at `base` that import its clock module `clock`
 * (paths relative to `base`).
 */
export function dateSensitiveFiles(base, clock, dirs) {
  const clockPath = join(base, clock).replace(/\.ts$/, '');
  if (!existsSync(`${clockPath}.ts`)) return [];
  return dirs
    .flatMap((d) => testFiles(join(base, d)))
    .filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)].some(
        (m) => join(dirname(file), m[1]).replace(/\.js$/, '') === clockPath,
      ),
    )
    .map((file) => relative(base, file));
}

/**
 * The date matrix's Vitest config for a workspace: its date-sensitive files once per chosen
 * instant, each instant a project with its own TEST_NOW. The projects take the suite's settings
 * (`base`) but not its `include`, which Vitest's `extends` would add to theirs.
 */
export function instantsConfig(base, files) {
  const { include: _everyFile, ...settings } = base.test ?? {};
  return {
    test: {
      projects: chosenInstants().map(([at]) => ({
        resolve: base.resolve,
        test: { ...settings, name: `at ${at}`, include: files, env: { TEST_NOW: at } },
      })),
    },
  };
}
