import { localCache, sessionCache, type WebCache } from './web-cache';

/**
 * Where the `auth` area lives (spec §3 `permissionCacheType`): localStorage (LOCAL, default) or
 * sessionStorage (SESSION). The project config holding the setting is a store that itself
 * persists through this layer, so the layer cannot import it; instead the app store tells the
 * layer (see `withAuthCacheType` in `lib/storage.ts`), and the layer remembers the type under its
 * own key, so that at a cold start the stores that hydrate before the app store already read the
 * auth entries from the right storage.
 */
export type AuthCacheType = 'LOCAL' | 'SESSION';

/** Own key of the layer (in localStorage): the auth area's current storage. */
export const AUTH_CACHE_TYPE_NAME = 'AUTH_CACHE_TYPE';

let current: AuthCacheType | undefined;

export function normaliseAuthCacheType(value: unknown): AuthCacheType {
  return value === 'SESSION' ? 'SESSION' : 'LOCAL';
}

export function authCacheType(): AuthCacheType {
  current ??= normaliseAuthCacheType(localCache.get(AUTH_CACHE_TYPE_NAME));
  return current;
}

export function authCache(): WebCache {
  return authCacheType() === 'SESSION' ? sessionCache : localCache;
}

/** Records `type` without moving anything (another tab changed it and has moved the entries already). */
export function adoptAuthCacheType(type: AuthCacheType): void {
  current = type;
}

/** Records `type` as the current one, here and in storage. */
export function recordAuthCacheType(type: AuthCacheType): void {
  current = type;
  localCache.set(AUTH_CACHE_TYPE_NAME, type);
}

/** Forget the remembered type (tests; the next read takes it from storage again). */
export function forgetAuthCacheType(): void {
  current = undefined;
}
