import { z } from 'zod';

/** Locales of the interface; zh_TW is the default and the fallback (spec §9). */
export const LOCALES = ['zh_TW', 'en', 'th', 'vi'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'zh_TW';

/**
 * The cookie in which the web app mirrors its stored locale and theme, `<locale>.<light|dark>`,
 * or `custom` for a look the build has no prerendered login page of: the server reads it to
 * send /login in that look (docs/DECISIONS.md, "The login page is painted from the HTML").
 */
export const APPEARANCE_COOKIE = 'bo_appearance';
export type Appearance = { locale: Locale; dark: boolean } | 'custom';
export function appearanceCookieValue(appearance: Appearance): string {
  return appearance === 'custom' ? 'custom' : `${appearance.locale}.${appearance.dark ? 'dark' : 'light'}`;
}

/** Picker labels, each in its own language. */
export const LOCALE_LABELS: Record<Locale, string> = {
  zh_TW: '繁體中文',
  en: 'English',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

/** Maps an `Accept-Language`-style value (zh-TW, en-US, th, vi-VN…) to one of our locales. */
export function normalizeLocale(value: string | undefined | null): Locale {
  if (!value) return DEFAULT_LOCALE;
  const v = value.trim().replace('-', '_');
  const exact = LOCALES.find((l) => l.toLowerCase() === v.toLowerCase());
  if (exact) return exact;
  const lang = v.slice(0, 2).toLowerCase();
  if (lang === 'zh') return 'zh_TW';
  return LOCALES.find((l) => l === lang) ?? DEFAULT_LOCALE;
}
