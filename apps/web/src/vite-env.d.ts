/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_PREFIX?: string;
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * Build facts, replaced by the build (vite.config.ts `define`); the unit tests define none, so
 * read each as `typeof X === 'string' ? X : …`. `__APP_VERSION__`: apps/web/package.json's
 * version; `__BUILD_COMMIT__`: the short commit (or BUILD_COMMIT, or `unknown`);
 * `__BUILD_TIME__`: when the build ran (ISO 8601).
 */
declare const __APP_VERSION__: string | undefined;
declare const __BUILD_COMMIT__: string | undefined;
declare const __BUILD_TIME__: string | undefined;

/** Every workspace's declared dependencies with the installed versions (build/dependencies.ts). */
declare module 'virtual:dependencies' {
  export interface InstalledDependency {
    name: string;
    /** The range package.json asks for. */
    range: string;
    /** The version package-lock.json installs; null when it is not in the lock file. */
    version: string | null;
  }
  export interface WorkspaceDependencies {
    name: string;
    /** The folder from the repository root (`apps/web`). */
    path: string;
    version: string | null;
    dependencies: InstalledDependency[];
    devDependencies: InstalledDependency[];
  }
  const workspaces: readonly WorkspaceDependencies[];
  export default workspaces;
}
