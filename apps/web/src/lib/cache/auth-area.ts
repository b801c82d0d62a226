import { authCacheType, normaliseAuthCacheType, recordAuthCacheType } from './auth-cache-type';
import { isCacheHeld } from './memory-cache';
import { authCacheNames, reloadCaches } from './tab-sync';
import { localCache, sessionCache } from './web-cache';

/**
 * Switches the auth area to `type` (project config `permissionCacheType`): moves the stored auth
 * entries (token, roles, codes, menus, user-info time) to the other storage unchanged — their
 * expiry too — and rehydrates their stores from there. Nothing happens when the type is the
 * current one. Returns whether it changed.
 */
export function setAuthCacheType(next: unknown): boolean {
  const type = normaliseAuthCacheType(next);
  const previous = authCacheType();
  if (type === previous) return false;
  const from = previous === 'SESSION' ? sessionCache : localCache;
  const to = type === 'SESSION' ? sessionCache : localCache;
  const names = authCacheNames();
  for (const id of names) {
    const raw = from.readRaw(id);
    if (raw === null) continue;
    to.writeRaw(id, raw);
    from.remove(id);
  }
  recordAuthCacheType(type);
  // A store that found nothing when it hydrated (a cold start that had not learnt the type yet)
  // reads again from the right storage. Held copies stay: they are newer than storage and the
  // close-time flush writes them to the new storage.
  reloadCaches(names.filter((id) => !isCacheHeld(id)));
  return true;
}
