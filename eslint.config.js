import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import serverImportX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import webImportX from 'eslint-plugin-import-x';

// ---- The server's layers (docs/ARCHITECTURE.md, "The server"): cli/server → app → modules → plugins → core → db/lib → config/env.
const SERVER = './apps/server/src';
const serverModules = readdirSync(new URL(SERVER + '/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverAbove = (...layers) => layers.map((l) => `${SERVER}/${l}`);
const serverZones = [
  {
    target: [`${SERVER}/env.ts`, `${SERVER}/config.ts`],
    from: serverAbove('db', 'lib', 'core', 'modules', 'plugins', 'cli', 'app.ts', 'server.ts'),
    message: 'env.ts and config.ts are the bottom layer.',
  },
  {
    target: [`${SERVER}/db`, `${SERVER}/lib`],
    from: serverAbove('core', 'modules', 'plugins', 'cli', 'app.ts', 'server.ts'),
    message: 'db and lib sit below core and the modules.',
  },
  {
    target: `${SERVER}/core`,
    from: serverAbove('modules', 'plugins', 'cli', 'app.ts', 'server.ts'),
    message: 'core sits below the modules: move what core needs into core.',
  },
  {
    target: `${SERVER}/modules`,
    from: serverAbove('cli', 'app.ts', 'server.ts'),
    message: 'Modules never import the composition above them.',
  },
  {
    // A module's HTTP edge is its routes.ts, or its routes/ folder when the routes are split by concern.
    target: [`${SERVER}/modules/*/!(routes).ts`, `${SERVER}/modules/*/!(routes)/**/*.ts`],
    from: `${SERVER}/plugins`,
    message: "Only a module's routes.ts or routes/ (its HTTP edge) uses the plugins' request helpers; services stay free of Fastify.",
  },
  {
    target: `${SERVER}/plugins`,
    from: serverAbove('modules', 'cli', 'app.ts', 'server.ts'),
    message: 'Plugins sit below the modules and the composition: what a plugin and a module both need belongs in core.',
  },
  ...serverModules.map((name) => ({
    target: `${SERVER}/modules/${name}`,
    from: `${SERVER}/modules`,
    except: [`./${name}`, ...serverModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: 'Another module is used through its index.ts only; what several modules share belongs in core.',
  })),
];

const WEB = './apps/web/src';

/**
 * The web app's import zones. Each feature may import itself and the layers below, never another
 * feature (one zone per folder of features/, so a new feature is covered without editing this);
 * nothing below app/ imports app/ or a feature; the layers under the features only import
 * downwards: hooks → stores → config → components → lib. Tests sit in their layer's folders and
 * follow the same rules; only the whole-app harness (src/test/) and main.tsx may import anything.
 */
function webLayerZones() {
  const dir = (name) => `${WEB}/${name}`;
  const features = readdirSync(new URL(dir('features'), import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const below = (layers, message) => ({ target: layers.map(dir), message });
  return [
    ...features.map(({ name }) => ({
      target: dir(`features/${name}`),
      from: dir('features'),
      except: [`./${name}`],
      message: 'A feature never imports another feature: move what both need to hooks/, stores/, config/, components/ or lib/.',
    })),
    {
      ...below(['features', 'hooks', 'stores', 'config', 'components', 'lib'], 'app/ is the composition root: only main.tsx imports it.'),
      from: dir('app'),
    },
    { ...below(['hooks', 'stores', 'config', 'components', 'lib'], 'Only app/ (and main.tsx) import features.'), from: dir('features') },
    {
      ...below(['stores', 'config', 'components', 'lib'], 'hooks/ is imported by the features and app/ only.'),
      from: dir('hooks'),
    },
    { ...below(['config', 'components', 'lib'], 'stores/ is imported by hooks/, the features and app/ only.'), from: dir('stores') },
    { ...below(['components', 'lib'], 'config/ is imported by stores/, hooks/, the features and app/ only.'), from: dir('config') },
    { ...below(['lib'], 'lib/ holds no React components and imports none.'), from: dir('components') },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': webImportX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
      // no-cycle follows imports only into files it parses.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never reaches into server or database code (ARCHITECTURE.md convention 3).
      'no-restricted-imports': ['error', { patterns: ['@agent-bo/server', '**/apps/server/**', 'pg', 'drizzle-orm', 'drizzle-orm/*'] }],
      // Layers only point down (docs/ARCHITECTURE.md, "The web app"): app → features → hooks →
      // stores → config → components → lib → @agent-bo/shared, and no feature imports another.
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webLayerZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@agent-bo/*', 'node:*'] }],
    },
  },
  {
    // The simulator is a provider's side of the provider API: HTTP only, never server code (the server may import it).
    files: ['packages/simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@agent-bo/server', '@agent-bo/server/*', '**/apps/server/**', '@agent-bo/web', '**/apps/web/**'] },
      ],
    },
  },
  {
    // The server's layers and module boundaries (docs/ARCHITECTURE.md, "The server"), and no import cycles.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': serverImportX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
      // no-cycle follows imports only into files it parses.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One way to open a transaction: core/tx.ts's inTransaction, which runs it again after a
    // deadlock or a serialization failure. (The seeds in db/ run once, at start, below core.)
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/core/tx.ts', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open transactions with inTransaction() from core/tx.ts (it retries deadlocks and serialization failures).',
        },
      ],
    },
  },
);
