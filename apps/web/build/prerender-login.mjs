// Paints the login page before any JavaScript runs (issue 16, "a light first load").
//
// After `vite build`, this renders the app's own login page (`src/app/login-snapshot.tsx`) in
// Node, once per locale and theme, and writes a copy of dist/index.html for each into
// dist/login/<locale>.<light|dark>.html (with .br and .gz), holding the page's markup in
// `#login-snapshot` and antd's CSS for it inline. The server sends the copy the `bo_appearance`
// cookie names for GET /login (apps/server/src/plugins/web.ts); `src/lib/login-snapshot.ts` hands
// over to the app when it starts.
//
// Usage: node build/prerender-login.mjs [--dist=dist]
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PurgeCSS } from 'purgecss';
import { createServer } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distArg = process.argv.find((a) => a.startsWith('--dist='));
const dist = path.resolve(webRoot, distArg ? distArg.slice('--dist='.length) : 'dist');

/**
 * The app's modules run here as they would in a browser before the first render, so the few
 * browser objects they touch at start (the storage layer's listeners and its two storages) must
 * exist. There is no `document`: antd then renders for the server and collects its CSS in the
 * cache `renderLoginSnapshot` extracts, instead of writing style tags into a page.
 */
function installBrowserStandIns() {
  const memoryStorage = () => {
    const items = new Map();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, String(value)),
      removeItem: (key) => void items.delete(key),
      clear: () => items.clear(),
      key: (i) => [...items.keys()][i] ?? null,
      get length() {
        return items.size;
      },
    };
  };
  const listeners = { addEventListener() {}, removeEventListener() {} };
  globalThis.localStorage = memoryStorage();
  globalThis.sessionStorage = memoryStorage();
  globalThis.window = Object.assign(globalThis.window ?? {}, listeners, {
    location: { pathname: '/login', search: '', hash: '', href: 'http://localhost/login', origin: 'http://localhost' },
    localStorage: globalThis.localStorage,
    sessionStorage: globalThis.sessionStorage,
  });
}

/**
 * antd's CSS for the components the page uses is mostly rules for markup it does not have (the
 * form's grid alone brings every column width at every breakpoint): only the rules that can match
 * the snapshot's markup are kept. The app's own styles still come from its stylesheet.
 */
async function usedCss(html, css) {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: 'html' }],
    css: [{ raw: css }],
    // Each component declares every CSS variable of its theme; only those some kept rule reads stay.
    variables: true,
    keyframes: false,
    fontFace: false,
  });
  return result.css;
}

/**
 * The snapshot is a picture of the form until the app takes over, never a form of its own:
 * - its button does not submit (a native submit would put the password in the URL of a GET), and
 *   a form with two fields and no submit button has no implicit submission on Enter either;
 * - its test ids are renamed, so a test (or the app) finds one element per id, the app's.
 */
function inert(html) {
  const out = html.replace(/\btype="submit"/g, 'type="button"').replace(/\bdata-testid="/g, 'data-snapshot-testid="');
  if (/type="submit"|data-testid=/.test(out)) throw new Error('prerender-login: the snapshot still has a submit button or a test id');
  return out;
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** index.html with the snapshot: the document's language and theme, antd's CSS, the markup. */
function withSnapshot(indexHtml, { lang, dark, html, css }) {
  const htmlTag = `<html lang="${escapeAttr(lang)}"${dark ? ' class="dark" style="color-scheme: dark"' : ' style="color-scheme: light"'}>`;
  const out = indexHtml
    .replace(/<html[^>]*>/, htmlTag)
    .replace('</head>', `  <style data-login-snapshot>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="login-snapshot" class="login-snapshot">${html}</div>\n    <div id="root"></div>`);
  if (!out.includes('id="login-snapshot"') || !out.includes('data-login-snapshot')) {
    throw new Error('prerender-login: index.html no longer has the <div id="root"></div> and </head> this script fills in');
  }
  return out;
}

installBrowserStandIns();
// React and antd as the production build has them: the same class names (`css-<hash>`, not
// antd's development ones) and React's production server renderer.
process.env.NODE_ENV = 'production';
const server = await createServer({
  root: webRoot,
  mode: 'production',
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  // antd and its parts ship ES modules Node cannot load on their own; Vite transforms them.
  ssr: { noExternal: [/^antd(\/|$)/, /^@ant-design\//, /^rc-/, /^@rc-component\//, /^@emotion\//] },
  optimizeDeps: { noDiscovery: true, include: [] },
  // Their ES builds (`module`), as the browser build uses, not the CommonJS `main`.
  // antd's `antd/locale/*` entry points are CommonJS; their ES modules are the same locales.
  resolve: { alias: [{ find: /^antd\/locale\/(.*)$/, replacement: 'antd/es/locale/$1' }] },
  environments: { ssr: { resolve: { mainFields: ['module', 'main'], conditions: ['source', 'module', 'import', 'default'] } } },
});
try {
  const { renderLoginSnapshot } = await server.ssrLoadModule('/src/app/login-snapshot.tsx');
  const { compressFile } = await server.ssrLoadModule('/build/precompress.ts');
  const { LOCALES, appearanceCookieValue } = await server.ssrLoadModule('@agent-bo/shared');
  const indexHtml = await readFile(path.join(dist, 'index.html'), 'utf8');
  const outDir = path.join(dist, 'login');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const written = [];
  for (const locale of LOCALES) {
    for (const dark of [false, true]) {
      const rendered = await renderLoginSnapshot(locale, dark);
      const html = inert(rendered.html);
      const allCss = rendered.css;
      const css = await usedCss(html, allCss);
      // Named by the cookie value the server reads (apps/server/src/plugins/web.ts).
      const file = path.join(outDir, `${appearanceCookieValue({ locale, dark })}.html`);
      await writeFile(file, withSnapshot(indexHtml, { lang: locale.replace('_', '-'), dark, html, css }));
      await compressFile(file);
      written.push(
        `${path.relative(dist, file)} ${(html.length / 1024).toFixed(1)} kB markup, ${(css.length / 1024).toFixed(1)} kB css (of ${(allCss.length / 1024).toFixed(1)})`,
      );
    }
  }
  console.log(`prerender-login: ${written.length} login snapshots\n  ${written.join('\n  ')}`);
} finally {
  await server.close();
}
