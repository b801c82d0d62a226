import { cacheKey } from './cache-key';
import { openText, sealText } from './cipher';

/**
 * The web-storage wrapper of spec §9: one value per key, stored sealed (see `cipher.ts`) as
 * `{ value, time, expire }` (milliseconds since the epoch; expire = time + lifetime). An expired,
 * tampered or unreadable value reads as missing and is removed on the way.
 */

/** Cache lifetime of spec §9: 7 days. */
export const DEFAULT_LIFETIME_SECONDS = 604800;

export interface CacheEntry<T> {
  value: T;
  time: number;
  expire: number;
}

export type StorageKind = 'local' | 'session';

/** The browser storage, or undefined where it is disabled (private mode, sandboxed iframe). */
export function browserStorage(kind: StorageKind): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function isEntry(x: unknown): x is CacheEntry<unknown> {
  if (!x || typeof x !== 'object') return false;
  const e = x as Record<string, unknown>;
  return 'value' in e && typeof e.time === 'number' && typeof e.expire === 'number';
}

export interface WebCache {
  readonly kind: StorageKind;
  set<T>(name: string, value: T, lifetimeSeconds?: number): void;
  get<T>(name: string): T | null;
  /** The whole stored entry (value, time, expire), or null. */
  getEntry<T>(name: string): CacheEntry<T> | null;
  remove(name: string): void;
  /** The sealed text as stored, to move an entry between storages unchanged (its expiry too). */
  readRaw(name: string): string | null;
  writeRaw(name: string, raw: string): void;
}

export function createWebCache(kind: StorageKind): WebCache {
  const storage = () => browserStorage(kind);

  const write = (key: string, text: string) => {
    try {
      storage()?.setItem(key, text);
    } catch {
      // quota exceeded: the value stays in memory for this page load
    }
  };

  const getEntry = <T>(name: string): CacheEntry<T> | null => {
    const key = cacheKey(name);
    const raw = storage()?.getItem(key);
    if (raw == null) return null;
    const plain = openText(raw);
    let entry: unknown = null;
    try {
      entry = plain == null ? null : JSON.parse(plain);
    } catch {
      entry = null;
    }
    if (!isEntry(entry) || entry.expire <= Date.now()) {
      storage()?.removeItem(key);
      return null;
    }
    return entry as CacheEntry<T>;
  };

  return {
    kind,
    set(name, value, lifetimeSeconds = DEFAULT_LIFETIME_SECONDS) {
      const time = Date.now();
      const entry: CacheEntry<typeof value> = { value, time, expire: time + lifetimeSeconds * 1000 };
      write(cacheKey(name), sealText(JSON.stringify(entry)));
    },
    get<T>(name: string) {
      return getEntry<T>(name)?.value ?? null;
    },
    getEntry,
    remove: (name) => storage()?.removeItem(cacheKey(name)),
    readRaw: (name) => storage()?.getItem(cacheKey(name)) ?? null,
    writeRaw: (name, raw) => write(cacheKey(name), raw),
  };
}

/** The two caches of this app. */
export const localCache = createWebCache('local');
export const sessionCache = createWebCache('session');
