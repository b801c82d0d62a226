import { LOCALES, type Locale } from '@agent-bo/shared';

/**
 * One of the interface's locales. The same check as the shared `localeSchema`, without zod: the
 * locale store and the app's providers run before the first render, where zod is not loaded.
 */
export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}
