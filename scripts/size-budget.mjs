#!/usr/bin/env node
/**
 * The web build's size budget: what the login page downloads, and what each route adds on top of
 * the signed-in shell, compressed as the server sends them (brotli; gzip shown next to it). Reads
 * Vite's manifest (apps/web/dist/.vite/manifest.json), follows static imports (what the browser
 * must load before the code runs) from each root, and sums the precompressed files' sizes.
 * Exits 1 when a figure is over its budget.
 *
 *   node scripts/size-budget.mjs [--dist=apps/web/dist] [--json]
 *
 * - login: the page /login is sent as (its prerendered copy of index.html), the entry and its static imports, the login page, the default locale's
 *   login messages and antd locale (loaded before the first render).
 * - signed-in layout: what the layout adds, with the rest of the default locale's messages and
 *   dayjs (loaded with it).
 * - route: a page's chunk and its static imports, minus what the login page and the signed-in
 *   layout already loaded (the page's own cost when it is opened after sign-in).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Brotli bytes. A route's page: 150 kB. Login: 250 kB, the aim (it was 622 kB before the layout,
 * the other locales and the unused antd components left it, 314 kB before the feedback holders,
 * the antd language menu, zod, dayjs and the signed-in pages' messages did; see
 * docs/PERFORMANCE.md).
 */
export const BUDGET = { login: 250 * 1024, route: 150 * 1024 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`bad argument ${a}`);
    return [m[1], m[2] ?? 'true'];
  }),
);
const dist = path.resolve(root, args.dist ?? 'apps/web/dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`size-budget: ${path.relative(root, manifestFile)} missing: build the web app first (npm run build -w @agent-bo/web)`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** Compressed sizes of one built file: the .br/.gz the server sends, or computed when absent. */
function sizes(file) {
  const full = path.join(dist, file);
  const raw = statSync(full).size;
  const compressed = (ext, make) => (existsSync(full + ext) ? statSync(full + ext).size : Math.min(raw, make(readFileSync(full)).length));
  return {
    raw,
    br: compressed('.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gz: compressed('.gz', (b) => gzipSync(b, { level: 9 })),
  };
}

/** The files a chunk needs before it runs: itself, its css, and its static imports, recursively. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size-budget: ${key} is not in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const keys = Object.keys(manifest);
const find = (re, what) => {
  const found = keys.filter((k) => re.test(k));
  if (found.length === 0) throw new Error(`size-budget: no manifest entry for ${what} (${re})`);
  return found;
};
const entry = keys.filter((k) => manifest[k].isEntry);
// Loaded before the first render: the default locale's login messages and antd's locale for it.
const defaultLocale = keys.filter((k) => manifest[k].isDynamicEntry && /locales[\\/]zh_TW[\\/]boot|antd[\\/].*locale[\\/]zh_TW/.test(k));
find(/locales[\\/]zh_TW[\\/]boot\./, "zh_TW's login messages");
// Loaded with the signed-in layout (app/app.tsx): the rest of the default locale's messages, dayjs
// and its names of months and days.
const restOfLocale = keys.filter(
  (k) =>
    manifest[k].isDynamicEntry && /locales[\\/]zh_TW[\\/]rest|dayjs[\\/]locale[\\/]zh-tw|node_modules[\\/]dayjs[\\/]dayjs\.min/.test(k),
);
// The page /login is sent as: the default look's prerendered copy of index.html (apps/web/build/
// prerender-login.mjs), or index.html in a build without it.
const loginHtml = existsSync(path.join(dist, 'login', 'zh_TW.light.html')) ? 'login/zh_TW.light.html' : 'index.html';
const login = new Set([
  ...closure([...entry, ...defaultLocale, ...find(/features\/auth\/routes\/login-page\./, 'the login page')]),
  loginHtml,
]);
// The layout is its own chunk once it loads lazily; a build that bundles it with the entry has none.
const layout = keys.filter((k) => /app\/layouts\/basic-layout\./.test(k));
const shell = new Set([...login, ...closure([...layout, ...restOfLocale])]);

const sum = (files) => {
  const total = { raw: 0, br: 0, gz: 0, files: files.size };
  for (const f of files) {
    const s = sizes(f);
    total.raw += s.raw;
    total.br += s.br;
    total.gz += s.gz;
  }
  return total;
};

const rows = [{ name: 'login', kind: 'login', ...sum(login), budget: BUDGET.login }];
const shellOnly = new Set([...shell].filter((f) => !login.has(f)));
rows.push({ name: 'signed-in layout', kind: 'layout', ...sum(shellOnly), budget: null });
for (const key of keys.filter((k) => manifest[k].isDynamicEntry && /features\/[^/]+\/routes\//.test(k) && !/login-page\./.test(k)).sort()) {
  const own = new Set([...closure([key])].filter((f) => !shell.has(f)));
  rows.push({ name: key.replace(/^src\/features\//, '').replace(/\.tsx?$/, ''), kind: 'route', ...sum(own), budget: BUDGET.route, own });
}

// Loaded after a page is on screen (charts, the editor, another locale): not in any budget above,
// shown for the record.
for (const key of keys.filter((k) => manifest[k].isDynamicEntry && !/features\/[^/]+\/routes\/|app\/layouts\//.test(k)).sort()) {
  const own = new Set([...closure([key])].filter((f) => !shell.has(f)));
  if (/locales[\\/](?!zh_TW)|antd[\\/].*locale[\\/](?!zh_TW)|dayjs[\\/]locale/.test(key)) continue;
  if (own.size === 0) continue;
  rows.push({ name: `later: ${key.replace(/^src\//, '').replace(/^.*node_modules\//, '')}`, kind: 'deferred', ...sum(own), budget: null });
}

// Charts belong to the dashboard and load after it: no page may need them before it runs.
const problems = [];
const echartsFiles = new Set(keys.filter((k) => /node_modules\/(echarts|zrender)\//.test(k)).map((k) => manifest[k].file));
const chartsEntry = keys.find((k) => /features\/dashboard\/charts\/echarts\./.test(k));
if (chartsEntry) echartsFiles.add(manifest[chartsEntry].file);
for (const r of rows.filter((row) => row.kind !== 'deferred'))
  for (const f of r.own ?? []) if (echartsFiles.has(f)) problems.push(`${r.name} loads the charts (${f}) before it runs`);
for (const f of shell) if (echartsFiles.has(f)) problems.push(`the login page or the layout loads the charts (${f})`);
// Only the default locale's messages load with the login page.
for (const key of keys.filter((k) => /locales[\\/](en|th|vi)[\\/]/.test(k)))
  if (login.has(manifest[key].file)) problems.push(`the login page loads ${key}`);

const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
const over = rows.filter((r) => r.budget !== null && r.br > r.budget);
if (args.json)
  console.log(
    JSON.stringify(
      { dist: path.relative(root, dist), budget: BUDGET, rows: rows.map((r) => ({ ...r, own: undefined })), problems },
      null,
      2,
    ),
  );
else {
  const pad = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'what'.padEnd(pad)}  files        raw     gzip   brotli   budget (brotli)`);
  for (const r of rows)
    console.log(
      `${r.name.padEnd(pad)}  ${String(r.files).padStart(5)}  ${kB(r.raw).padStart(9)}  ${kB(r.gz).padStart(7)}  ${kB(r.br).padStart(7)}   ${r.budget === null ? '-' : kB(r.budget)}${r.budget !== null && r.br > r.budget ? '  OVER' : ''}`,
    );
}
if (args.files) {
  for (const [name, files] of [
    ['login', login],
    ['signed-in layout', shellOnly],
  ]) {
    console.log(`\n${name}:`);
    for (const f of [...files].map((f) => ({ f, ...sizes(f) })).sort((a, b) => b.br - a.br))
      console.log(`  ${kB(f.br).padStart(9)}  ${f.f}`);
  }
}
for (const p of problems) console.error(`size-budget: ${p}`);
if (over.length > 0 || problems.length > 0) {
  if (over.length > 0) console.error(`size-budget: over budget: ${over.map((r) => `${r.name} ${kB(r.br)} > ${kB(r.budget)}`).join(', ')}`);
  process.exit(1);
}
