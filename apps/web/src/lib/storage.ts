import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { setAuthCacheType } from './cache/auth-area';
import { readCached, removeCached, writeCached, type CacheOptions } from './cache/memory-cache';
import { startCache } from './cache/start';

/**
 * The one place that decides how client state is persisted (spec §9 storage layer; the parts
 * are in `lib/cache/`). Stores choose only what kind of data they hold:
 *
 * - `area: 'common'` (default): ordinary caches (project config, locale, tabs, table settings),
 *   kept in localStorage;
 * - `area: 'auth'`: session-related caches (token, role list, permission codes, menus, user-info
 *   update time), kept in localStorage or sessionStorage as the project config's
 *   `permissionCacheType` says;
 * - `immediate: true`: written to storage at once (token, lock info); other caches are held in
 *   memory and written when the tab closes.
 *
 * Every value is stored sealed as `{ value, time, expire }` (7-day lifetime unless
 * `lifetimeSeconds` says otherwise) under an upper-cased key prefixed by app title, environment
 * and version (`AGENT_BO__PRODUCTION__0.1.0__APP`). Stores that should follow changes made in
 * other tabs register with `syncWithOtherTabs(store)`.
 */
export interface PersistOptions {
  area?: 'common' | 'auth';
  immediate?: boolean;
  /** Lifetime of the stored value in seconds; default 7 days (604800). */
  lifetimeSeconds?: number;
}

export function persistStorage<S>(options: PersistOptions = {}): PersistStorage<S> {
  startCache();
  const cacheOptions: CacheOptions = {
    area: options.area ?? 'common',
    immediate: options.immediate ?? false,
    lifetimeSeconds: options.lifetimeSeconds,
  };
  return {
    getItem: (name) => readCached<StorageValue<S>>(name, cacheOptions),
    setItem: (name, value) => writeCached(name, value, cacheOptions),
    removeItem: (name) => removeCached(name, cacheOptions),
  };
}

/**
 * For the store holding the project config: tells the storage layer the `permissionCacheType`
 * whenever the config is loaded or saved, so the auth area follows it (entries are moved when it
 * changes). The layer cannot import the store (the store imports the layer), hence this wrapper.
 */
export function withAuthCacheType<S>(pick: (state: S) => unknown, storage: PersistStorage<S>): PersistStorage<S> {
  const observe = (value: StorageValue<S> | null) => {
    if (value) setAuthCacheType(pick(value.state));
    return value;
  };
  return {
    getItem: (name) => {
      const value = storage.getItem(name);
      return value && 'then' in value ? value.then(observe) : observe(value);
    },
    setItem: (name, value) => {
      observe(value);
      return storage.setItem(name, value);
    },
    removeItem: (name) => storage.removeItem(name),
  };
}

export { syncWithOtherTabs } from './cache/tab-sync';
export { flushCaches } from './cache/memory-cache';
export { cacheKey, CACHE_PREFIX } from './cache/cache-key';
export { DEFAULT_LIFETIME_SECONDS } from './cache/web-cache';
