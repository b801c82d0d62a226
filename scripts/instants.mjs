// The instants where dates turn over, and which tests are date-sensitive. Read by each
// workspace's vitest.instants.config.ts (one Vitest project per instant, so the date matrix is one
// run per workspace) and by scripts/test-at-instants.mjs.
//
// Every test that reads "now" takes it from its workspace's test clock (apps/server/test/clock.ts,
// apps/web/src/test/clock.ts), a fixed instant unless TEST_NOW says otherwise, so no test depends
// on the hour it runs at. A test whose subject is a date (today's business day, this week, a
// window that opens or closes) is tagged `dates`: in the server suite the whole file with a
// `// @module-tag dates` line (its data is seeded around the clock once per file), in the web
// suite one test written with `itAtEachInstant` (apps/web/src/test/clock.ts), which tags it. The
// matrix runs those tests, and only those, at each instant below.
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

/** The tag of date-sensitive tests, as each workspace's vitest.config.ts defines it. */
export const DATES_TAG = {
  name: 'dates',
  description: 'its subject is a date: also runs at every instant of the date matrix (scripts/instants.mjs)',
};

const TAGGED = /@module-tag dates\b|tags: \[[^\]]*'dates'|\bitAtEachInstant\(/;

/**
 * The test files under `dirs` of the workspace at `base` that hold tests tagged `dates` (paths
 * relative to `base`). Each must take its "now" from the clock module `clock`, or TEST_NOW would
 * not reach it and the matrix would run it at the same instant eight times.
 */
export function dateSensitiveFiles(base, clock, dirs) {
  const clockPath = join(base, clock).replace(/\.ts$/, '');
  if (!existsSync(`${clockPath}.ts`)) return [];
  const tagged = dirs
    .flatMap((d) => testFiles(join(base, d)))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    .filter(({ text }) => TAGGED.test(text));
  for (const { file, text } of tagged) {
    const usesClock = [...text.matchAll(/from '(\.[^']*)'/g)].some((m) => join(dirname(file), m[1]).replace(/\.js$/, '') === clockPath);
    if (!usesClock) throw new Error(`${relative(base, file)} has tests tagged dates but does not import ${clock}`);
  }
  return tagged.map(({ file }) => relative(base, file));
}

/**
 * The date matrix's Vitest config for a workspace: its date-sensitive files once per chosen
 * instant, each instant a project with its own TEST_NOW (run with `--tags-filter dates`, which
 * Vitest takes from the command line only, so that only their tagged tests run). The projects take
 * the suite's settings (`base`) but not its `include`, which Vitest's `extends` would add to theirs.
 */
export function instantsConfig(base, files) {
  const { include: _everyFile, ...settings } = base.test ?? {};
  return {
    test: {
      tags: [DATES_TAG],
      projects: chosenInstants().map(([at]) => ({
        resolve: base.resolve,
        test: { ...settings, name: `at ${at}`, include: files, env: { TEST_NOW: at } },
      })),
    },
  };
}

/**
 * The date matrix's Vitest config for a workspace whose date tests loop over the instants
 * themselves (the web suite's `itAtEachInstant`): one project, the chosen instants in
 * `TEST_INSTANTS`, so each file loads once rather than once per instant.
 */
export function instantsInOneRunConfig(base, files) {
  const { include: _everyFile, ...settings } = base.test ?? {};
  const instants = chosenInstants().map(([at]) => at);
  return {
    resolve: base.resolve,
    plugins: base.plugins,
    test: { ...settings, tags: [DATES_TAG], include: files, env: { TEST_INSTANTS: instants.join(',') } },
  };
}
