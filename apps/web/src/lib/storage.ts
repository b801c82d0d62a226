import { createJSONStorage, type PersistStorage } from 'zustand/middleware';

/**
 * The one place that decides how client state is persisted (spec §9 storage layer). Stores
 * choose only what kind of data they hold:
 *
 * - `area: 'common'` (default): ordinary caches (project config, locale, tabs, table settings),
 *   kept in localStorage;
 * - `area: 'auth'`: session-related caches (token, role list, permission codes, menus, user-info
 *   update time), kept in localStorage or sessionStorage as the project config's
 *   `permissionCacheType` says;
 * - `immediate: true`: written to storage at once (token, lock info); other caches are written
 *   when the tab closes.
 *
 * For now: plain localStorage under an app-prefixed, upper-cased key.
 */
export interface PersistOptions {
  area?: 'common' | 'auth';
  immediate?: boolean;
}

export const STORAGE_PREFIX = 'AGENT_BO__';

export function storageKey(name: string): string {
  return `${STORAGE_PREFIX}${name.toUpperCase()}`;
}

function backend(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed iframe)
  }
}

export function persistStorage<S>(_options: PersistOptions = {}): PersistStorage<S> | undefined {
  return createJSONStorage<S>(() => ({
    getItem: (name) => backend()?.getItem(storageKey(name)) ?? null,
    setItem: (name, value) => {
      try {
        backend()?.setItem(storageKey(name), value);
      } catch {
        // quota exceeded: state stays in memory for this session
      }
    },
    removeItem: (name) => backend()?.removeItem(storageKey(name)),
  }));
}
