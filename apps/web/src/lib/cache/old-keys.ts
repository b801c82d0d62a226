import { isOtherBuildKey } from './cache-key';
import { browserStorage, type StorageKind } from './web-cache';

/** Spec §9: old keys of other app versions are removed this long after start. */
export const OLD_KEY_CLEANUP_DELAY_MS = 16;

/**
 * Removes this app's keys written by another environment or version (and the unversioned
 * `AGENT_BO__*` keys of the first release) from both storages. Other apps' keys on the same
 * origin are left alone. Returns how many keys were removed.
 */
export function removeOtherBuildKeys(kinds: readonly StorageKind[] = ['local', 'session']): number {
  let removed = 0;
  for (const kind of kinds) {
    const storage = browserStorage(kind);
    if (!storage) continue;
    const stale: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key != null && isOtherBuildKey(key)) stale.push(key);
    }
    for (const key of stale) storage.removeItem(key);
    removed += stale.length;
  }
  return removed;
}
