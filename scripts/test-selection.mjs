// Which test files a change touches: the selection behind `npm run test:changed`.
//
// Vitest's own `--changed` follows every import, dynamic ones included, and both apps have a file
// that reaches everything: the web route table lazily imports every page, and the server's app.ts
// registers every module. Through them a change to one screen or one module selected most of the
// suite. Here those registration edges are cut, and a feature's or module's tests are named by
// folder instead; everything else follows imports as Vitest would. Whole-app checks that reach a
// feature only through the app are left to the full run (`npm test`).
import picomatch from 'picomatch';
import ts from 'typescript';

/**
 * The workspaces whose Vitest suites `test:changed` runs.
 * - `tests`: where the workspace's test files live, and how they are named.
 * - `owned`: folders that own a feature or module, and the test folders they name.
 * - `registries`: files that import every owned folder only to register it (their edges into owned
 *   folders are not followed).
 * - `wholeSuite`: files outside the import graph whose change reruns the whole suite.
 */
export const WORKSPACES = [
  { dir: 'packages/shared', tests: /^src\/.*\.test\.tsx?$/ },
  { dir: 'packages/simulator', tests: /^src\/.*\.test\.tsx?$/ },
  {
    dir: 'apps/server',
    tests: /^test\/.*\.test\.ts$/,
    // A module's tests: test/<module>/ and test/<module>-<aspect>/ (test/ledger-load/).
    owned: {
      pattern: /^src\/modules\/([^/]+)\//,
      testDirs: (name) => new RegExp(`^test/${name}(-[^/]+)?/`),
    },
    registries: ['src/app.ts'],
    setup: ['test/global-setup.ts'],
  },
  {
    dir: 'apps/web',
    // The app's tests, and the build plugins' (build/__tests__).
    tests: /^(src|build)\/.*\.test\.tsx?$/,
    // A feature's tests: its own __tests__ folder, whole-app tests about it included.
    owned: {
      pattern: /^src\/features\/([^/]+)\//,
      testDirs: (name) => new RegExp(`^src/features/${name}/`),
    },
    registries: [/^src\/app\//],
    setup: ['src/test/jsdom-setup.ts'],
  },
];

/** Workspace packages, named by their sources as the Vitest configs alias them. */
export const PACKAGE_SOURCES = {
  '@agent-bo/shared': 'packages/shared/src/index.ts',
  '@agent-bo/simulator': 'packages/simulator/src/index.ts',
  '@agent-bo/simulator/database': 'packages/simulator/src/database.ts',
};

const CODE = /\.(ts|tsx|mts|mjs|js)$/;
// Changes that run no unit test: prose, and suites `test:changed` does not run (the browser suite
// needs a build; `npm run test:e2e`).
const NO_UNIT_TESTS = [/\.md$/, /^docs\//, /^e2e\//, /^bench\//, /^\.ci\//, /^\.github\//, /^LICENSE/];
// Files every workspace's suite depends on.
const ALL_WORKSPACES = [/^package(-lock)?\.json$/, /^tsconfig[^/]*\.json$/, /^scripts\/(instants|slow-first)\.mjs$/];

const matches = (patterns, file) => patterns.some((p) => (typeof p === 'string' ? p === file : p.test(file)));
const dirOf = (file) => file.slice(0, file.lastIndexOf('/') + 1);

/** The specifiers a file imports, statically or dynamically (comments and strings are not imports). */
export function importsOf(source) {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** The patterns of a file's `import.meta.glob(...)` calls (Vite's way to import many files). */
export function globsOf(source) {
  if (!source.includes('import.meta.glob')) return [];
  const patterns = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'import.meta.glob' && node.arguments.length > 0) {
      const first = node.arguments[0];
      const items = ts.isArrayLiteralExpression(first) ? first.elements : [first];
      for (const item of items) if (ts.isStringLiteralLike(item)) patterns.push(item.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('glob.ts', source, ts.ScriptTarget.Latest, true));
  return patterns;
}

/** Repository-relative form of a specifier relative to `from` ('./a/../b' → 'dir/b'). */
function join(from, specifier) {
  const parts = [];
  for (const part of (dirOf(from) + specifier).split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The files a file's globs name: its positive patterns less its negated ones ('!./x.json'). */
function globbed(from, patterns, files) {
  const include = patterns.filter((p) => !p.startsWith('!')).map((p) => join(from, p));
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => join(from, p.slice(1)));
  if (include.length === 0) return [];
  const isIncluded = picomatch(include);
  const isExcluded = exclude.length > 0 ? picomatch(exclude) : () => false;
  return files.filter((f) => isIncluded(f) && !isExcluded(f));
}

/** The repository file a specifier names, or null for a package outside the repository. */
export function resolveImport(specifier, from, exists) {
  if (specifier in PACKAGE_SOURCES) return PACKAGE_SOURCES[specifier];
  if (!specifier.startsWith('.')) return null;
  const base = join(from, specifier);
  // Sources import TypeScript files by their emitted .js name (NodeNext), or with no extension.
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  return candidates.find(exists) ?? null;
}

/**
 * The reverse import graph of the repository's code: for each file, the files that import it.
 * @param {string[]} files repository-relative paths
 * @param {(file: string) => string} read
 */
export function importersGraph(files, read) {
  const known = new Set(files);
  const exists = (f) => known.has(f);
  const importers = new Map();
  const add = (target, file) => {
    if (!importers.has(target)) importers.set(target, new Set());
    importers.get(target).add(file);
  };
  for (const file of files) {
    if (!CODE.test(file)) continue;
    const source = read(file);
    for (const specifier of importsOf(source)) {
      const target = resolveImport(specifier, file, exists);
      if (target) add(target, file);
    }
    for (const target of globbed(file, globsOf(source), files)) add(target, file);
  }
  return importers;
}

/** The workspace a repository path lies in, and the path inside it. */
function locate(file) {
  for (const ws of WORKSPACES) {
    if (file.startsWith(`${ws.dir}/`)) return { ws, local: file.slice(ws.dir.length + 1) };
  }
  return null;
}

/** An edge followed backwards from `file` to `importer`, unless it only registers an owned folder. */
function followed(importer, file) {
  const a = locate(importer);
  const b = locate(file);
  if (!a || !b || a.ws !== b.ws || !a.ws.owned || !a.ws.registries) return true;
  return !(matches(a.ws.registries, a.local) && a.ws.owned.pattern.test(b.local));
}

/**
 * The tests a change selects, per workspace directory: `{ whole: true, reason }` for the whole
 * suite, or `{ whole: false, files: [...] }` (paths relative to the workspace, sorted).
 * @param {string[]} changed repository-relative paths of changed files that still exist
 * @param {string[]} files every file of the repository
 * @param {Map<string, Set<string>>} importers from importersGraph
 */
export function selectTests(changed, files, importers) {
  const result = new Map(WORKSPACES.map((ws) => [ws.dir, { whole: false, files: new Set() }]));
  const wholeSuite = (dir, reason) => {
    const entry = result.get(dir);
    if (!entry.whole) result.set(dir, { whole: true, reason });
  };

  // Everything the changed files reach through importers, registrations cut.
  const reached = new Set();
  const queue = [];
  for (const file of changed) {
    if (matches(NO_UNIT_TESTS, file)) continue;
    if (matches(ALL_WORKSPACES, file)) {
      for (const ws of WORKSPACES) wholeSuite(ws.dir, file);
      continue;
    }
    const at = locate(file);
    if (!at) continue;
    const inGraph = importers.has(file) || CODE.test(file);
    const underSources = /^(src|test)\//.test(at.local);
    // package.json, tsconfig, vitest configs, setup files, migrations: the whole suite.
    if (!underSources || !inGraph || matches(at.ws.setup ?? [], at.local)) {
      wholeSuite(at.ws.dir, file);
      continue;
    }
    reached.add(file);
    queue.push(file);
  }
  while (queue.length > 0) {
    const file = queue.pop();
    for (const importer of importers.get(file) ?? []) {
      if (reached.has(importer) || !followed(importer, file)) continue;
      reached.add(importer);
      queue.push(importer);
    }
  }

  for (const file of reached) {
    const at = locate(file);
    if (!at) continue;
    const { ws, local } = at;
    if (ws.tests.test(local)) {
      // A test reached (through a helper, say) runs itself, not its folder.
      result.get(ws.dir).files.add(local);
      continue;
    }
    const owner = ws.owned?.pattern.exec(local);
    if (owner) {
      const dirs = ws.owned.testDirs(owner[1]);
      for (const f of files) {
        const other = locate(f);
        if (other?.ws === ws && ws.tests.test(other.local) && dirs.test(other.local)) result.get(ws.dir).files.add(other.local);
      }
    }
  }

  return new Map([...result].map(([dir, entry]) => [dir, entry.whole ? entry : { whole: false, files: [...entry.files].sort() }]));
}
