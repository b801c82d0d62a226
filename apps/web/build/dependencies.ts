import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The virtual module the About page imports: every workspace's declared dependencies with the installed versions. */
export const DEPENDENCIES_MODULE = 'virtual:dependencies';
const RESOLVED_ID = `\0${DEPENDENCIES_MODULE}`;

/** The parts of a package.json this reads. */
export interface PackageManifest {
  name?: string;
  version?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The parts of package-lock.json (lockfileVersion 2 or 3) this reads. */
export interface PackageLock {
  packages?: Record<string, { version?: string; resolved?: string; link?: boolean }>;
}

/** One declared dependency: its name, the range package.json asks for and the version the lock file installs (null: not in it). */
export interface InstalledDependency {
  name: string;
  range: string;
  version: string | null;
}

/** A workspace package and what it declares, each list sorted by name. */
export interface WorkspaceDependencies {
  /** The package's name (`@agent-bo/web`). */
  name: string;
  /** Its folder from the repository root (`apps/web`). */
  path: string;
  version: string | null;
  dependencies: InstalledDependency[];
  devDependencies: InstalledDependency[];
}

/**
 * The version the lock file installs for `name` as seen from the workspace at `workspace`: its own
 * nested copy (`apps/web/node_modules/vite`) when npm put one there, else the hoisted one
 * (`node_modules/vite`). A workspace package is a link in the lock file: its version is the
 * linked folder's.
 */
export function installedVersion(lock: PackageLock, workspace: string, name: string): string | null {
  const packages = lock.packages ?? {};
  const entry = packages[`${workspace}/node_modules/${name}`] ?? packages[`node_modules/${name}`];
  if (!entry) return null;
  if (entry.link && entry.resolved) return packages[entry.resolved]?.version ?? null;
  return entry.version ?? null;
}

/**
 * Every workspace package's `dependencies` and `devDependencies` with their installed versions,
 * in the order given. Pure: the plugin reads the files, the tests hand in objects.
 */
export function listDependencies(
  lock: PackageLock,
  workspaces: readonly { path: string; manifest: PackageManifest }[],
): WorkspaceDependencies[] {
  const list = (workspace: string, declared: Record<string, string> | undefined): InstalledDependency[] =>
    Object.entries(declared ?? {})
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, range]) => ({ name, range, version: installedVersion(lock, workspace, name) }));
  return workspaces.map(({ path: folder, manifest }) => ({
    name: manifest.name ?? folder,
    path: folder,
    version: manifest.version ?? null,
    dependencies: list(folder, manifest.dependencies),
    devDependencies: list(folder, manifest.devDependencies),
  }));
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * `virtual:dependencies`: the list of `listDependencies` for the workspaces the root package.json
 * names (explicit folders, no globs; the web app's own first), read from the root's package-lock.json and each workspace's package.json when the module
 * is loaded (at build time; in the dev server and the tests, again when those files change). Only
 * the About page imports it, so the list is part of that page's chunk and nothing else's.
 */
export function dependencies(options: { root?: string } = {}): Plugin {
  let root = options.root;
  let app = '';
  return {
    name: 'agent-bo:dependencies',
    configResolved(config) {
      // apps/web → the repository root, where package-lock.json and the workspaces list are.
      root ??= path.resolve(config.root, '..', '..');
      app = path.relative(root, config.root).split(path.sep).join('/');
    },
    resolveId(id) {
      return id === DEPENDENCIES_MODULE ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const at = root ?? process.cwd();
      const rootManifest = path.join(at, 'package.json');
      const lockFile = path.join(at, 'package-lock.json');
      // This app first, then the other workspaces in the root's order.
      const listed = readJson<PackageManifest>(rootManifest).workspaces ?? [];
      const folders = [...listed.filter((folder) => folder === app), ...listed.filter((folder) => folder !== app)];
      const manifests = folders.map((folder) => ({ path: folder, file: path.join(at, folder, 'package.json') }));
      for (const file of [rootManifest, lockFile, ...manifests.map((m) => m.file)]) this.addWatchFile(file);
      const list = listDependencies(
        readJson<PackageLock>(lockFile),
        manifests.map((m) => ({ path: m.path, manifest: readJson<PackageManifest>(m.file) })),
      );
      // A JSON string parsed once is quicker to start than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(list))});\n`;
    },
  };
}
