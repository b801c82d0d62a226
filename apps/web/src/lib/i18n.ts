import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/th';
import 'dayjs/locale/vi';
import 'dayjs/locale/en';
import { DEFAULT_LOCALE, ERROR_MESSAGES, LOCALES, type Locale } from '@agent-bo/shared';

type Tree = { [key: string]: string | Tree };

/** Every `locales/<locale>/<namespace>.json`, bundled; plus the server's error catalogue as `errors`. */
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<Locale, Record<string, Tree>> {
  const resources = Object.fromEntries(LOCALES.map((l) => [l, {} as Record<string, Tree>])) as Record<Locale, Record<string, Tree>>;
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, locale, ns] = match as unknown as [string, Locale, string];
    if (resources[locale]) resources[locale][ns] = content;
  }
  for (const locale of LOCALES) resources[locale].errors = { ...ERROR_MESSAGES[locale] };
  return resources;
}

export const NAMESPACES = [
  'common',
  'routes',
  'login',
  'validation',
  'dashboard',
  'http',
  'exception',
  'errors',
  'member',
  'register',
  'log',
  'tabs',
  'settings',
  'lock',
  'search',
  'errorLog',
  'report',
  'bet',
  'provider',
  'announcement',
  'pops',
  'marquee',
  'permission',
] as const;

/** `zh_TW` → `zh-TW`: the form used by the html `lang` attribute and `Accept-Language`. */
export function toLanguageTag(locale: Locale): string {
  return locale.replace('_', '-');
}

const DAYJS_LOCALES: Record<Locale, string> = { zh_TW: 'zh-tw', en: 'en', th: 'th', vi: 'vi' };

export function initI18n(locale: Locale): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: buildResources(),
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  applyLocaleSideEffects(locale);
  return i18n;
}

/** Switches i18next, dayjs and the document language together. */
export function applyLocaleSideEffects(locale: Locale): void {
  if (i18n.isInitialized && i18n.language !== locale) void i18n.changeLanguage(locale);
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguageTag(locale);
}

/**
 * Route titles are stored as `routes.<name>` (shared MENU's titleKey); they live in the
 * `routes` namespace.
 */
export function routeTitleKey(titleKey: string): string {
  return titleKey.startsWith('routes.') ? `routes:${titleKey.slice('routes.'.length)}` : titleKey;
}

export { i18n };
