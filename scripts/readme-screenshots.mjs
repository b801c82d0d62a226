// The README's screenshots: runs e2e/screenshots/readme.spec.ts (not part of the browser suite)
// against a fresh build of the app with its demo data and the demo's month of simulated bets (as
// `npm start` plays them), then copies the pictures it took (e2e/artifacts/readme-*.png) to
// docs/screenshots/, where the README shows them. `--keep` copies the ones the last run of this
// script left instead of running the spec again.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = join(root, 'e2e/artifacts');
const target = join(root, 'docs/screenshots');
const expected = ['dashboard', 'member-wizard', 'agent-report', 'phone-dark'];

if (!process.argv.includes('--keep')) {
  const run = spawnSync(process.execPath, [join(root, 'e2e/run.mjs'), 'screenshots/readme.spec.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, E2E_DEMO_TRAFFIC: 'on', E2E_README: 'on' },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
const taken = new Set(readdirSync(artifacts).filter((f) => /^readme-.+\.png$/.test(f)));
const missing = expected.filter((name) => !taken.has(`readme-${name}.png`));
if (missing.length > 0) {
  console.error(`No screenshot of ${missing.join(', ')} in ${artifacts}: run npm run screenshots first.`);
  process.exit(1);
}
mkdirSync(target, { recursive: true });
for (const name of expected) copyFileSync(join(artifacts, `readme-${name}.png`), join(target, `${name}.png`));
console.log(`Copied ${expected.length} screenshots to docs/screenshots/.`);
