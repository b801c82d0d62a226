import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import workspaces from 'virtual:dependencies';
import { buildCommit } from '../build-info';
import { installedVersion, listDependencies, type PackageLock } from '../dependencies';

const LOCK: PackageLock = {
  packages: {
    '': { version: undefined },
    'apps/web': { version: '0.2.0' },
    'packages/shared': { version: '0.1.5' },
    'node_modules/react': { version: '19.3.1' },
    'node_modules/vite': { version: '7.0.0' },
    // npm nested the web app's own copy: it wins over the hoisted one for the web app only
    'apps/web/node_modules/vite': { version: '8.3.8' },
    'node_modules/zod': { version: '4.6.7' },
    'node_modules/@agent-bo/shared': { resolved: 'packages/shared', link: true },
    'node_modules/@types/react': { version: '19.3.0' },
  },
};

describe('listDependencies', () => {
  it('lists each workspace’s production and development dependencies apart, sorted, with the versions the lock installs', () => {
    const list = listDependencies(LOCK, [
      {
        path: 'apps/web',
        manifest: {
          name: '@agent-bo/web',
          version: '0.2.0',
          dependencies: { react: '^19.3.1', '@agent-bo/shared': '*' },
          devDependencies: { vite: '^8.3.8', '@types/react': '^19.3.0' },
        },
      },
      { path: 'apps/server', manifest: { name: '@agent-bo/server', version: '0.1.0', devDependencies: { vite: '^7.0.0' } } },
      { path: 'packages/shared', manifest: { name: '@agent-bo/shared', version: '0.1.5', dependencies: { zod: '^4.6.7' } } },
    ]);
    expect(list).toEqual([
      {
        name: '@agent-bo/web',
        path: 'apps/web',
        version: '0.2.0',
        dependencies: [
          { name: '@agent-bo/shared', range: '*', version: '0.1.5' },
          { name: 'react', range: '^19.3.1', version: '19.3.1' },
        ],
        devDependencies: [
          { name: '@types/react', range: '^19.3.0', version: '19.3.0' },
          { name: 'vite', range: '^8.3.8', version: '8.3.8' },
        ],
      },
      {
        name: '@agent-bo/server',
        path: 'apps/server',
        version: '0.1.0',
        dependencies: [],
        devDependencies: [{ name: 'vite', range: '^7.0.0', version: '7.0.0' }],
      },
      {
        name: '@agent-bo/shared',
        path: 'packages/shared',
        version: '0.1.5',
        dependencies: [{ name: 'zod', range: '^4.6.7', version: '4.6.7' }],
        devDependencies: [],
      },
    ]);
  });

  it('says null for what the lock does not have, and names a nameless workspace by its folder', () => {
    expect(installedVersion(LOCK, 'apps/web', 'left-pad')).toBeNull();
    expect(installedVersion({}, 'apps/web', 'react')).toBeNull();
    expect(installedVersion({ packages: { 'node_modules/x': { link: true, resolved: 'gone' } } }, 'apps/web', 'x')).toBeNull();
    const [only] = listDependencies(LOCK, [{ path: 'tools/x', manifest: { dependencies: { 'left-pad': '^1.0.0' } } }]);
    expect(only).toEqual({
      name: 'tools/x',
      path: 'tools/x',
      version: null,
      dependencies: [{ name: 'left-pad', range: '^1.0.0', version: null }],
      devDependencies: [],
    });
  });
});

describe('virtual:dependencies', () => {
  const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
  const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

  it('is the real list: the web app first, then the other workspaces, each with what its package.json declares', () => {
    const rootManifest = read('package.json') as { workspaces: string[] };
    expect(workspaces.map((w) => w.path)).toEqual(['apps/web', ...rootManifest.workspaces.filter((w) => w !== 'apps/web')]);
    const web = workspaces[0]!;
    const manifest = read('apps/web/package.json') as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(web.name).toBe('@agent-bo/web');
    expect(web.dependencies.map((d) => d.name)).toEqual(Object.keys(manifest.dependencies).sort());
    expect(web.devDependencies.map((d) => d.name)).toEqual(Object.keys(manifest.devDependencies).sort());
    const lock = read('package-lock.json') as PackageLock;
    expect(web.dependencies.find((d) => d.name === 'react')?.version).toBe(lock.packages?.['node_modules/react']?.version);
    // Every declared dependency is installed, the workspace links included.
    for (const w of workspaces)
      for (const d of [...w.dependencies, ...w.devDependencies]) expect(d.version, `${w.name} ${d.name}`).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('buildCommit', () => {
  it('is the short commit of the repository', () => {
    expect(buildCommit(import.meta.dirname, {})).toMatch(/^[0-9a-f]{4,64}$/);
  });

  it('outside a repository: BUILD_COMMIT, else unknown, never a failure', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'build-commit-'));
    try {
      expect(buildCommit(outside, { BUILD_COMMIT: ' abc1234 ' })).toBe('abc1234');
      expect(buildCommit(outside, {})).toBe('unknown');
      expect(buildCommit(path.join(outside, 'missing'), { BUILD_COMMIT: '' })).toBe('unknown');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
