// `npm run test:changed`: runs the unit and server tests that the working tree's changes touch
// (scripts/test-selection.mjs says which), workspace by workspace.
//
//   npm run test:changed                      changes not yet committed, new files included
//   npm run test:changed -- --since main      and those committed since main
//   npm run test:changed -- --list [files…]   print the selection (for the named files) and stop
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importersGraph, selectTests } from './test-selection.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const git = (...args) => {
  const out = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr.trim()}`);
  return out.stdout.split('\n').filter(Boolean);
};

const args = process.argv.slice(2);
const listOnly = args.includes('--list');
const sinceAt = args.indexOf('--since');
const since = sinceAt >= 0 ? args[sinceAt + 1] : null;
const named = args.filter((a, i) => !a.startsWith('--') && (sinceAt < 0 || i !== sinceAt + 1));

const changed =
  named.length > 0
    ? named
    : [
        ...git('diff', '--name-only', 'HEAD'),
        ...git('ls-files', '--others', '--exclude-standard'),
        ...(since ? git('diff', '--name-only', `${since}...HEAD`) : []),
      ];
// A deleted file changes nothing by itself; the files that imported it changed with it.
const present = [...new Set(changed)].filter((f) => existsSync(`${root}/${f}`));

const files = [...git('ls-files'), ...git('ls-files', '--others', '--exclude-standard')].filter((f) => existsSync(`${root}/${f}`));
const importers = importersGraph(files, (f) => readFileSync(`${root}/${f}`, 'utf8'));
const selection = selectTests(present, files, importers);

const scriptsChanged = present.some((f) => f.startsWith('scripts/'));
let failed = false;
if (present.length === 0) console.log('test:changed: no changed files');
if (scriptsChanged) {
  console.log('test:changed: scripts — npm run test:scripts');
  if (!listOnly && spawnSync('npm', ['run', 'test:scripts'], { cwd: root, stdio: 'inherit' }).status !== 0) failed = true;
}
for (const [dir, entry] of selection) {
  if (!entry.whole && entry.files.length === 0) continue;
  const what = entry.whole ? `the whole suite (${entry.reason} changed)` : `${entry.files.length} test file(s)`;
  console.log(`test:changed: ${dir} — ${what}`);
  if (!entry.whole) for (const f of entry.files) console.log(`  ${f}`);
  if (listOnly) continue;
  const run = spawnSync('npx', ['vitest', 'run', ...(entry.whole ? [] : entry.files)], { cwd: `${root}/${dir}`, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
