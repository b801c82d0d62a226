import { createApiClient } from './api-client';
import { currentSiteId } from './site';
import { TOAST_SECONDS } from './feedback';

/** API prefix; `VITE_API_PREFIX` overrides the default `/api` (spec §7: from configuration). */
export const API_PREFIX: string = import.meta.env.VITE_API_PREFIX ?? '/api';
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '';

/**
 * The app's client. Session, locale, messages and sign-out are wired in by `app/setup-api.ts`
 * at start-up so that this module does not depend on the stores.
 */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  prefix: API_PREFIX,
  timeoutMs: 60_000,
  toastSeconds: TOAST_SECONDS,
  getToken: () => null,
  getSiteId: () => currentSiteId(),
  getLanguage: () => 'zh-TW',
  translate: (key) => key,
  notify: () => undefined,
  onUnauthorized: () => undefined,
  getRouteKey: () => (typeof location === 'undefined' ? '' : location.pathname),
});

/** Drops empty strings and undefined values so optional filters are simply absent (requests are strict). */
export function compact<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;
}
