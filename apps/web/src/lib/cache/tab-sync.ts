import { adoptAuthCacheType, AUTH_CACHE_TYPE_NAME, normaliseAuthCacheType } from './auth-cache-type';
import { cacheNameOf } from './cache-key';
import { dropCached, knownCaches } from './memory-cache';
import { browserStorage, localCache } from './web-cache';

/**
 * Storage events from other tabs (spec §9 "storage events from other tabs clear caches"). When
 * another tab writes or removes one of this build's keys, this tab drops its memory copy — so its
 * close-time flush cannot overwrite the newer value — and rehydrates the stores persisted under
 * that key, so e.g. a sign-out or a settings change in one tab shows in the others.
 *
 * No loops: a rehydrate reads storage and sets the store's state without writing back (zustand
 * `persist` writes only after a version migration), and immediate writes that change nothing
 * are skipped by the memory layer, so a rehydrate fires no event of its own.
 */
export interface SyncedStore {
  persist: { getOptions: () => { name?: string }; rehydrate: () => Promise<void> | void };
}

const stores = new Map<string, Set<SyncedStore>>();

/** Registers a persisted store to be rehydrated when another tab changes its cache. */
export function syncWithOtherTabs<T extends SyncedStore>(store: T): T {
  const name = store.persist.getOptions().name;
  if (!name) return store;
  const id = name.toUpperCase();
  const set = stores.get(id) ?? new Set();
  set.add(store);
  stores.set(id, set);
  return store;
}

/** Drops the memory copy of the named caches (all when omitted) and rehydrates their stores. */
export function reloadCaches(names?: Iterable<string>): void {
  const ids = names ? [...names].map((n) => n.toUpperCase()) : [...stores.keys()];
  if (!names) dropCached();
  for (const id of ids) {
    dropCached(id);
    for (const store of stores.get(id) ?? []) void store.persist.rehydrate();
  }
}

export function authCacheNames(): string[] {
  return [...knownCaches()].filter(([, o]) => o.area === 'auth').map(([id]) => id);
}

/** The other tab moved the auth entries already; this tab only follows the new type. */
function adoptStoredAuthCacheType(): void {
  adoptAuthCacheType(normaliseAuthCacheType(localCache.get(AUTH_CACHE_TYPE_NAME)));
}

export function handleStorageEvent(event: StorageEvent): void {
  const local = browserStorage('local');
  const session = browserStorage('session');
  if (event.storageArea && event.storageArea !== local && event.storageArea !== session) return;
  if (event.key === null) {
    // storage.clear() in another tab
    adoptStoredAuthCacheType();
    reloadCaches();
    return;
  }
  const id = cacheNameOf(event.key);
  if (id === undefined) return;
  if (id === AUTH_CACHE_TYPE_NAME) {
    adoptStoredAuthCacheType();
    reloadCaches(authCacheNames());
    return;
  }
  reloadCaches([id]);
}
