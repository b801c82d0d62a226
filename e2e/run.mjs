// Runs the browser suite. It needs Debian's Chromium (apt-get install -y chromium) or
// CHROMIUM_PATH; on a machine without it the suite is skipped with a notice, except in CI,
// where a missing browser is a failure. Debian's chromium-headless-shell (the same Chromium
// build in the old headless mode, without the browser's own user interface) is preferred when
// installed: the suite runs 20-30 % faster on it (docs/DECISIONS.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
if (!existsSync(chromium)) {
  const notice = `Browser tests need Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`;
  if (process.env.CI) {
    console.error(`${notice} CI requires them.`);
    process.exit(1);
  }
  console.warn(`\n*** SKIPPED the end-to-end suite: ${notice}\n`);
  process.exit(0);
}
// A run of one spec file needs one server, not one per worker (support/workers.ts).
const specs = process.argv.slice(2).filter((arg) => arg.endsWith('.spec.ts'));
const env = {
  ...process.env,
  CHROMIUM_PATH: chromium,
  ...(specs.length === 1 && !process.env.E2E_WORKERS && { E2E_WORKERS: '1' }),
};
const result = spawnSync(
  process.execPath,
  [join(here, '../node_modules/vitest/vitest.mjs'), 'run', '--config', join(here, 'vitest.config.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: join(here, '..'),
    env,
  },
);
process.exit(result.status ?? 1);
