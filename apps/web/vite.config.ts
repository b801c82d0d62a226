import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCommit } from './build/build-info';
import { buildStamp } from './build/build-stamp';
import { dependencies } from './build/dependencies';
import { precompress } from './build/precompress';
import { pureDeclarations } from './build/pure-declarations';

// The web package version: part of every local-cache key (lib/cache/cache-key.ts), so a new
// release starts with fresh caches and removes the old ones.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
// The About page's build facts: the commit (git, else BUILD_COMMIT, else `unknown`) and when the build ran.
const commit = buildCommit(fileURLToPath(new URL('.', import.meta.url)));
const builtAt = new Date().toISOString();

// `source` makes @agent-bo/shared resolve to its TypeScript source, so the web build never
// depends on a prior build of the shared package.
export default defineConfig({
  // pureDeclarations: what the login page imports from @agent-bo/shared (locales, the menu, error
  // names) no longer brings every schema of those modules, and zod with them (build/pure-declarations.ts).
  // dependencies: `virtual:dependencies`, the workspaces' dependency list the About page shows (build/dependencies.ts).
  plugins: [
    react(),
    pureDeclarations(/[\\/]packages[\\/]shared[\\/]src[\\/](?!.*\.test\.)[^\\/]+\.ts$/),
    dependencies(),
    buildStamp({ version, commit, builtAt }),
    precompress(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_COMMIT__: JSON.stringify(commit),
    __BUILD_TIME__: JSON.stringify(builtAt),
  },
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The check that counts is scripts/size-budget.mjs (run after the build); the one chunk over
    // Vite's 500 kB warning is the charts, which load after the dashboard is on screen.
    chunkSizeWarningLimit: 600,
    // The sizes that count (raw, gzip, brotli, against each page's budget) are printed by
    // scripts/size-budget.mjs; Vite's own gzip column would compress every chunk a second time.
    reportCompressedSize: false,
    // scripts/size-budget.mjs follows the import graph of the login page and of each route in it.
    manifest: true,
    rolldownOptions: {
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        // React is one long-lived chunk every page needs. Everything else (antd's components,
        // the editor, drag and drop, charts) is split by who imports it, so the login page
        // carries only the components it renders and a route only what it adds.
        //
        // The app's own small modules the login page loads anyway (its stores, its API and i18n
        // set-up, the sign-in form) are one chunk: split by who imports them they were a score of
        // files of a few hundred bytes, each compressed on its own, and every new page that
        // shared a few of them split them further (1.8 kB more brotli on the login page). Only
        // the named modules: their dependencies are split as before, so nothing a later page
        // needs moves into the login page.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'signin',
              includeDependenciesRecursively: false,
              test: /src[\\/](stores[\\/](user-store|app-store|locale-store|permission-store|site-shell-store|signin-password|apply-signin|session)|features[\\/]error-log[\\/]error-log-store|lib[\\/](auth-api|login-snapshot|zod-rule|i18n|api|storage|breakpoints)|hooks[\\/](use-signed-in|use-reduced-motion|use-appearance)|components[\\/](public-page|signin-form)|config[\\/](routes|theme))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
