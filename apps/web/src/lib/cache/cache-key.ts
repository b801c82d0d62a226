/**
 * Storage keys of the local cache (spec §9): upper-cased and prefixed by the app title, the
 * environment and the version, e.g. `AGENT_BO__PRODUCTION__0.1.0__APP`. A new release or another
 * build mode therefore never reads a cache written by a different one; the old keys are removed
 * shortly after start (see `old-keys.ts`).
 */

/** Short app title: the first part of every key of this app. */
export const CACHE_APP_TITLE = 'AGENT_BO';

/** The web package version, set by Vite `define` (vite.config.ts); unit tests run without it. */
declare const __APP_VERSION__: string | undefined;
const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'DEV';

/** Separator between the parts of a key. */
const SEP = '__';

/** Every key this app ever wrote starts with this, whatever its environment or version. */
export const APP_KEY_PREFIX = `${CACHE_APP_TITLE}${SEP}`;

/** Keys of this build: title, environment and version. */
export const CACHE_PREFIX = `${APP_KEY_PREFIX}${import.meta.env.MODE}${SEP}${APP_VERSION}${SEP}`.toUpperCase();

export function cacheKey(name: string): string {
  return `${CACHE_PREFIX}${name.toUpperCase()}`;
}

/** The cache name of a key of this build, or undefined for any other key. */
export function cacheNameOf(key: string): string | undefined {
  return key.startsWith(CACHE_PREFIX) ? key.slice(CACHE_PREFIX.length) : undefined;
}

/** A key this app wrote under another environment or version (or the unversioned keys of the first release). */
export function isOtherBuildKey(key: string): boolean {
  return key.startsWith(APP_KEY_PREFIX) && !key.startsWith(CACHE_PREFIX);
}
