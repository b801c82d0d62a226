import { createJSONStorage, type PersistStorage } from 'zustand/middleware';

/**
 * The one place that decides how client state is persisted. For now: plain localStorage under
 * an app-prefixed, upper-cased key. A later issue swaps in the encrypted, expiring, versioned
 * cache of the spec (§9) here without touching the stores.
 */
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

export function persistStorage<S>(): PersistStorage<S> | undefined {
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
