import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { DATES_TAG } from '../../scripts/instants.mjs';
import { dependencies } from './build/dependencies';

/**
 * The on-disk module cache keys a file by its content, but a locale's `rest.ts` is an
 * `import.meta.glob` of its folder's JSON files: a namespace added later would be missing from
 * the cached transform. Its key also holds the folder's file list.
 */
function localeGlobCacheKey(): Plugin {
  return {
    name: 'locale-glob-cache-key',
    configureVitest({ experimental_defineCacheKeyGenerator }) {
      experimental_defineCacheKeyGenerator(({ id, sourceCode }) => {
        if (!/[\\/]locales[\\/][^\\/]+[\\/]rest\.ts$/.test(id)) return undefined;
        const files = readdirSync(path.dirname(id)).filter((f) => f.endsWith('.json'));
        return `${sourceCode}\n${files.sort().join(',')}`;
      });
    },
  };
}

export default defineConfig({
  // `virtual:dependencies` (the About page's list), from the real lock and package files.
  plugins: [dependencies(), localeGlobCacheKey()],
  resolve: {
    conditions: ['source'],
    // In Node, `antd` resolves to its CommonJS build (lib/), while the app's deep imports name the
    // ES one (`antd/es/input/Input`, `antd/es/app/context`): two copies whose React contexts do
    // not meet (App.useApp() would not see the app's feedback provider). Tests use lib/ for both,
    // as the build uses es/ for both.
    //
    // @agent-bo/shared is named by its source file, as in the server suite: reached through its
    // package (node_modules/@agent-bo/shared), it would be a dependency to Vitest, outside the
    // module graph it transforms and watches, and a watched run would not rerun the web tests
    // that use a changed shared function.
    alias: [
      { find: /^antd\/es\//, replacement: 'antd/lib/' },
      { find: /^@agent-bo\/shared$/, replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)) },
      {
        find: /^@agent-bo\/shared\/error-messages\/(.*)$/,
        replacement: fileURLToPath(new URL('../../packages/shared/src/error-messages/$1.ts', import.meta.url)),
      },
    ],
  },
  test: {
    environment: 'jsdom',
    // Files share their worker's process and jsdom: a process per file spent more time importing
    // antd and React than running tests. src/test/jsdom-setup.ts gives each file fresh app
    // modules, empty storages and no listeners of the file before. Vitest's default for a run is
    // one worker less than the cores, which on a two-core machine is one.
    isolate: false,
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content and the config; `virtual:dependencies` by the list it generates, a locale's
    // rest.ts also by its folder's files) and shared
    // by every run and project: the date matrix's eight projects reuse what this suite transformed.
    experimental: { fsModuleCache: true },
    maxWorkers: Math.max(2, availableParallelism()),
    // Whole-app tests boot the app in jsdom; on a shared two-core machine that alone can pass 5 s.
    testTimeout: 20_000,
    setupFiles: ['src/test/jsdom-setup.ts'],
    // `npm run coverage`: lines and branches of the workspace's own sources (v8), in coverage/.
    coverage: { provider: 'v8', include: ['src/**'], reporter: ['text-summary', 'json-summary'] },
    // Tests whose subject is a date; the date matrix runs them at eight instants (scripts/instants.mjs).
    tags: [DATES_TAG],
    include: ['src/**/*.test.{ts,tsx}', 'src/**/__tests__/**/*.test.{ts,tsx}', 'build/__tests__/**/*.test.ts'],
  },
});
