import { authCache } from './auth-cache-type';
import { localCache, type WebCache } from './web-cache';

/**
 * The memory layer over the web caches (spec §9): a cache is read from storage once (when its
 * store hydrates at start) and then served from memory; changes go to memory and are written
 * back when the tab closes (`flushCaches`). Entries marked `immediate` (token, lock info) are
 * written at once instead, and the close-time flush never writes them: another tab may have
 * changed them since, and this tab's copy would overwrite the newer value.
 */
export interface CacheOptions {
  /** `common` caches live in localStorage; `auth` caches where `permissionCacheType` says. */
  area: 'common' | 'auth';
  immediate: boolean;
  /** Lifetime in seconds when written; default 7 days. */
  lifetimeSeconds?: number;
}

interface MemoryEntry {
  /** undefined: removed here, to be removed from storage at the flush. */
  value: unknown;
  options: CacheOptions;
  /** JSON of an immediate entry's value, to skip writes that change nothing (and the storage events they would fire). */
  json: string | undefined;
}

const memory = new Map<string, MemoryEntry>();
/** Options of every cache name seen so far, so the auth entries can be moved between storages. */
const known = new Map<string, CacheOptions>();

const upper = (name: string) => name.toUpperCase();

export function cacheOf(options: Pick<CacheOptions, 'area'>): WebCache {
  return options.area === 'auth' ? authCache() : localCache;
}

export function knownCaches(): ReadonlyMap<string, CacheOptions> {
  return known;
}

export function readCached<T>(name: string, options: CacheOptions): T | null {
  const id = upper(name);
  known.set(id, options);
  const held = memory.get(id);
  if (held) return (held.value ?? null) as T | null;
  const value = cacheOf(options).get<T>(id);
  if (value !== null) memory.set(id, { value, options, json: options.immediate ? JSON.stringify(value) : undefined });
  return value;
}

export function writeCached(name: string, value: unknown, options: CacheOptions): void {
  const id = upper(name);
  known.set(id, options);
  if (!options.immediate) {
    memory.set(id, { value, options, json: undefined });
    return;
  }
  const json = JSON.stringify(value);
  const held = memory.get(id);
  memory.set(id, { value, options, json });
  const cache = cacheOf(options);
  // An unchanged value already in storage is not written again: each write would fire a storage
  // event in the other tabs for nothing (the sealed text differs every time).
  if (held?.json === json && cache.readRaw(id) !== null) return;
  cache.set(id, value, options.lifetimeSeconds);
}

export function removeCached(name: string, options: CacheOptions): void {
  const id = upper(name);
  known.set(id, options);
  memory.set(id, { value: undefined, options, json: undefined });
  if (options.immediate) cacheOf(options).remove(id);
}

/** Writes the held caches to storage, except the immediate ones (tab close). */
export function flushCaches(): void {
  for (const [id, entry] of memory) {
    if (entry.options.immediate) continue;
    const cache = cacheOf(entry.options);
    if (entry.value === undefined) cache.remove(id);
    else cache.set(id, entry.value, entry.options.lifetimeSeconds);
  }
}

/** Whether this tab holds a copy of the cache (read from storage or written here). */
export function isCacheHeld(name: string): boolean {
  return memory.has(upper(name));
}

/** Forgets this tab's copy of one cache (or of all): the next read takes it from storage. */
export function dropCached(name?: string): void {
  if (name === undefined) memory.clear();
  else memory.delete(upper(name));
}
