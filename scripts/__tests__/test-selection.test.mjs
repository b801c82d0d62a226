// The selection behind `npm run test:changed` (scripts/test-selection.mjs), on small made-up trees
// and on this repository. Run by `npm run test:scripts` (node's test runner).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { globsOf, importersGraph, importsOf, resolveImport, selectTests } from '../test-selection.mjs';

/** A made-up repository: path → source. */
function select(tree, changed) {
  const files = Object.keys(tree);
  const selection = selectTests(
    changed,
    files,
    importersGraph(files, (f) => tree[f]),
  );
  return Object.fromEntries([...selection].map(([dir, entry]) => [dir, entry.whole ? 'whole' : entry.files]));
}

const none = { 'packages/shared': [], 'packages/simulator': [], 'apps/server': [], 'apps/web': [] };

const web = {
  'apps/web/src/app/pages.tsx': "export const Store = lazy(() => import('../features/store/store-page'));",
  'apps/web/src/app/app.tsx': "import { Store } from './pages';\nimport { Spin } from '../components/spin';",
  'apps/web/src/test/app-harness.tsx': "export const start = () => import('../app/app');",
  'apps/web/src/test/jsdom-setup.ts': "await import('../lib/i18n');",
  'apps/web/src/app/__tests__/shell.test.tsx': "import { start } from '../../test/app-harness';",
  'apps/web/src/features/store/store-page.tsx': "import { label } from '../../lib/label';\nimport { Grid } from './grid';",
  'apps/web/src/features/store/grid.tsx': 'export const Grid = 1;',
  'apps/web/src/features/store/__tests__/store-page.test.tsx': "import { start } from '../../../test/app-harness';",
  'apps/web/src/features/store/__tests__/grid.test.tsx': "import { Grid } from '../grid';",
  'apps/web/src/features/log/log-page.tsx': "import { label } from '../../lib/label';",
  'apps/web/src/features/log/__tests__/log-page.test.tsx': "import { LogPage } from '../log-page';",
  'apps/web/src/features/bet/bet-page.tsx': 'export const BetPage = 1;',
  'apps/web/src/features/bet/__tests__/bet-page.test.tsx': "import { BetPage } from '../bet-page';",
  'apps/web/src/lib/label.ts': "export const label = 'x';",
  'apps/web/src/lib/__tests__/label.test.ts': "import { label } from '../label';",
  'apps/web/src/lib/i18n.ts': "const bundles = import.meta.glob('../locales/*/{boot,rest}.ts');",
  'apps/web/src/locales/en/rest.ts': "export default import.meta.glob(['./*.json', '!./login.json'], { eager: true });",
  'apps/web/src/locales/en/boot.ts': "export default import.meta.glob(['./login.json'], { eager: true });",
  'apps/web/src/locales/en/store.json': '{}',
  'apps/web/src/locales/en/login.json': '{}',
  'apps/web/src/components/spin.tsx': 'export const Spin = 1;',
  'apps/web/src/lib/__tests__/i18n.test.ts': "import { t } from '../i18n';",
  'apps/web/vitest.config.ts': 'export default {};',
  'apps/web/package.json': '{}',
};

const server = {
  'apps/server/src/app.ts':
    "import { store } from './modules/store/index.js';\nimport { ledger } from './modules/ledger/index.js';\nimport { auth } from './plugins/auth.js';",
  'apps/server/src/plugins/auth.ts': "import { access } from '../core/access.js';",
  'apps/server/src/core/access.ts': 'export const access = 1;',
  'apps/server/src/modules/store/index.ts': "export * from './orders.js';",
  'apps/server/src/modules/store/orders.ts': "import { ledger } from '../ledger/index.js';",
  'apps/server/src/modules/ledger/index.ts': "export * from './service.js';",
  'apps/server/src/modules/ledger/service.ts': "import { money } from '@agent-bo/shared';",
  'apps/server/test/helpers.ts': "import { buildApp } from '../src/app.js';",
  'apps/server/test/global-setup.ts': "import { migrate } from '../src/db/migrate.js';",
  'apps/server/src/db/migrate.ts': 'export const migrate = 1;',
  'apps/server/drizzle/0001_init.sql': 'create table t ();',
  'apps/server/test/store/orders.test.ts': "import { useTestApp } from '../helpers.js';",
  'apps/server/test/ledger/service.test.ts': "import { useTestApp } from '../helpers.js';",
  'apps/server/test/ledger-load/crash.test.ts': "import { useTestApp } from '../helpers.js';",
  'apps/server/test/members/credit.test.ts':
    "import { useTestApp } from '../helpers.js';\nimport { transfer } from '../../src/modules/ledger/service.js';",
  'apps/server/test/lib/pure.test.ts': "import { x } from '../../src/lib/pure.js';",
  'apps/server/src/lib/pure.ts': 'export const x = 1;',
  'packages/shared/src/index.ts': "export * from './money.js';",
  'packages/shared/src/money.ts': 'export const money = 1;',
  'packages/shared/src/money.test.ts': "import { money } from './money.js';",
};

describe('reading imports', () => {
  it('finds static, re-exported and dynamic imports, not those in comments or strings', () => {
    const source = [
      "import a from './a.js';",
      "import type { B } from './b';",
      "export * from './c.js';",
      "const d = await import('./d');",
      "// import './e';",
      'const s = "import(\'./f\')";',
    ].join('\n');
    assert.deepEqual(importsOf(source), ['./a.js', './b', './c.js', './d']);
  });

  it('reads the patterns of import.meta.glob, one or many', () => {
    assert.deepEqual(globsOf("import.meta.glob<X>(['./*.json', '!./a.json'], { eager: true });\nimport.meta.glob('./b/*.ts');"), [
      './*.json',
      '!./a.json',
      './b/*.ts',
    ]);
    assert.deepEqual(globsOf("const x = 'no globs here';"), []);
  });

  it('resolves emitted .js names, folders and workspace packages to files, and packages outside to nothing', () => {
    const files = new Set(['apps/server/src/core/a.ts', 'apps/web/src/lib/b.tsx', 'apps/web/src/lib/c/index.ts']);
    const exists = (f) => files.has(f);
    assert.equal(resolveImport('../core/a.js', 'apps/server/src/modules/x.ts', exists), 'apps/server/src/core/a.ts');
    assert.equal(resolveImport('./b', 'apps/web/src/lib/z.ts', exists), 'apps/web/src/lib/b.tsx');
    assert.equal(resolveImport('./c', 'apps/web/src/lib/z.ts', exists), 'apps/web/src/lib/c/index.ts');
    assert.equal(resolveImport('@agent-bo/shared', 'apps/web/src/lib/z.ts', exists), 'packages/shared/src/index.ts');
    assert.equal(resolveImport('react', 'apps/web/src/lib/z.ts', exists), null);
    assert.equal(resolveImport('./missing', 'apps/web/src/lib/z.ts', exists), null);
  });
});

describe('the web app', () => {
  it("runs a feature's own tests, whole-app ones included, and not the shell's that reach it only through the route table", () => {
    assert.deepEqual(select(web, ['apps/web/src/features/store/grid.tsx']), {
      ...none,
      'apps/web': ['src/features/store/__tests__/grid.test.tsx', 'src/features/store/__tests__/store-page.test.tsx'],
    });
  });

  it('runs, for a shared module, its own tests and those of every feature using it', () => {
    assert.deepEqual(select(web, ['apps/web/src/lib/label.ts']), {
      ...none,
      'apps/web': [
        'src/features/log/__tests__/log-page.test.tsx',
        'src/features/store/__tests__/grid.test.tsx',
        'src/features/store/__tests__/store-page.test.tsx',
        'src/lib/__tests__/label.test.ts',
      ],
    });
  });

  it('runs the whole-app tests for a change to the shell, through the harness that imports it lazily', () => {
    assert.deepEqual(select(web, ['apps/web/src/components/spin.tsx']), {
      ...none,
      'apps/web': ['src/app/__tests__/shell.test.tsx', 'src/features/store/__tests__/store-page.test.tsx'],
    });
  });

  it('follows a locale file through the globs that read it, negations honoured', () => {
    const store = select(web, ['apps/web/src/locales/en/store.json'])['apps/web'];
    const login = select(web, ['apps/web/src/locales/en/login.json'])['apps/web'];
    assert.deepEqual(store, ['src/lib/__tests__/i18n.test.ts']);
    assert.deepEqual(login, ['src/lib/__tests__/i18n.test.ts']);
    // rest.ts excludes login.json: only boot.ts reads it.
    const graph = importersGraph(Object.keys(web), (f) => web[f]);
    assert.deepEqual([...graph.get('apps/web/src/locales/en/login.json')], ['apps/web/src/locales/en/boot.ts']);
    assert.deepEqual([...graph.get('apps/web/src/locales/en/store.json')], ['apps/web/src/locales/en/rest.ts']);
  });

  it('runs a changed test file itself, and nothing for a feature without tests', () => {
    assert.deepEqual(select(web, ['apps/web/src/features/bet/__tests__/bet-page.test.tsx']), {
      ...none,
      'apps/web': ['src/features/bet/__tests__/bet-page.test.tsx'],
    });
  });

  it('runs the whole suite for its configuration, its package and its setup file', () => {
    for (const file of ['apps/web/vitest.config.ts', 'apps/web/package.json', 'apps/web/src/test/jsdom-setup.ts']) {
      assert.deepEqual(select(web, [file]), { ...none, 'apps/web': 'whole' }, file);
    }
  });
});

describe('the server', () => {
  it("runs a module's test folders (test/<module>/, test/<module>-*/) and tests importing its files", () => {
    assert.deepEqual(select(server, ['apps/server/src/modules/ledger/service.ts']), {
      ...none,
      'apps/server': [
        'test/ledger-load/crash.test.ts',
        'test/ledger/service.test.ts',
        'test/members/credit.test.ts',
        'test/store/orders.test.ts',
      ],
    });
    assert.deepEqual(select(server, ['apps/server/src/modules/store/orders.ts']), {
      ...none,
      'apps/server': ['test/store/orders.test.ts'],
    });
  });

  it('runs every test reaching the app for a change below the modules that the app uses itself (a plugin, core)', () => {
    assert.deepEqual(select(server, ['apps/server/src/core/access.ts'])['apps/server'], [
      'test/ledger-load/crash.test.ts',
      'test/ledger/service.test.ts',
      'test/members/credit.test.ts',
      'test/store/orders.test.ts',
    ]);
  });

  it('runs the whole suite for a migration or the global setup', () => {
    for (const file of ['apps/server/drizzle/0001_init.sql', 'apps/server/test/global-setup.ts']) {
      assert.deepEqual(select(server, [file]), { ...none, 'apps/server': 'whole' }, file);
    }
  });

  it("follows a shared package change into the package's tests and the server's", () => {
    const selection = select(server, ['packages/shared/src/money.ts']);
    assert.deepEqual(selection['packages/shared'], ['src/money.test.ts']);
    assert.ok(selection['apps/server'].includes('test/members/credit.test.ts'));
  });
});

describe('the repository', () => {
  it('runs every workspace whole for the lockfile, and nothing for prose or the browser suite', () => {
    assert.deepEqual(select(server, ['package-lock.json']), {
      'packages/shared': 'whole',
      'packages/simulator': 'whole',
      'apps/server': 'whole',
      'apps/web': 'whole',
    });
    assert.deepEqual(select(server, ['docs/DECISIONS.md', 'e2e/store.spec.ts', 'README.md']), none);
  });

  it("selects, for a real screen of this repository, that feature's tests only", () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    const graph = importersGraph(files, (f) => readFileSync(`${root}/${f}`, 'utf8'));
    const screen = files.find((f) => f.startsWith('apps/web/src/features/store/') && f.endsWith('.tsx') && !f.includes('__tests__'));
    const selected = selectTests([screen], files, graph).get('apps/web');
    assert.equal(selected.whole, false);
    assert.ok(selected.files.length > 0, 'the store feature has tests');
    for (const file of selected.files) assert.match(file, /^src\/features\/store\//);
  });
});
