import { flushCaches } from './memory-cache';
import { OLD_KEY_CLEANUP_DELAY_MS, removeOtherBuildKeys } from './old-keys';
import { handleStorageEvent } from './tab-sync';

/**
 * Starts the cache's page-level work once per page load:
 * - the close-time flush on `beforeunload` and on `pagehide`. Mobile browsers (iOS Safari, Chrome
 *   on Android) often skip `beforeunload` when a tab is closed, swiped away or put in the
 *   back/forward cache, but fire `pagehide` reliably; the flush is idempotent, so both may run;
 * - following other tabs' storage events;
 * - the removal of other versions' keys 16 ms after start (spec §9), off the start-up path.
 */
let stop: (() => void) | undefined;

export function startCache(): void {
  if (stop || typeof window === 'undefined') return;
  const flush = () => flushCaches();
  window.addEventListener('beforeunload', flush);
  window.addEventListener('pagehide', flush);
  window.addEventListener('storage', handleStorageEvent);
  const timer = setTimeout(() => removeOtherBuildKeys(), OLD_KEY_CLEANUP_DELAY_MS);
  stop = () => {
    window.removeEventListener('beforeunload', flush);
    window.removeEventListener('pagehide', flush);
    window.removeEventListener('storage', handleStorageEvent);
    clearTimeout(timer);
    stop = undefined;
  };
}

/** Removes the listeners again (tests that load the module more than once). */
export function stopCache(): void {
  stop?.();
}
