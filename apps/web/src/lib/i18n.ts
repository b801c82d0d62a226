import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale as AntLocale } from 'antd/es/locale';
import { DEFAULT_LOCALE, ERROR_MESSAGES, LOCALES, type Locale } from '@agent-bo/shared';

type Tree = { [key: string]: string | Tree };

/**
 * Every `locales/<locale>/<namespace>.json`, one chunk per locale (`locales/<locale>/index.ts`)
 * loaded on demand: a page carries the messages of its locale only and fetches another's when
 * the user switches to it.
 */
const bundles = import.meta.glob<Record<string, Tree>>('../locales/*/index.ts', { import: 'default' });

/** antd's texts (pagination, pickers, modals) and dayjs's month and day names, per locale. */
const ANT_LOCALES: Record<Locale, () => Promise<{ default: AntLocale }>> = {
  zh_TW: () => import('antd/locale/zh_TW'),
  en: () => import('antd/locale/en_US'),
  th: () => import('antd/locale/th_TH'),
  vi: () => import('antd/locale/vi_VN'),
};
const DAYJS_LOCALES: Record<Locale, { name: string; load: () => Promise<unknown> }> = {
  zh_TW: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  en: { name: 'en', load: async () => undefined },
  th: { name: 'th', load: () => import('dayjs/locale/th') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
};
const antLocales = new Map<Locale, AntLocale>();
const dayjsLoaded = new Set<Locale>(['en']);

/** One locale's namespaces from its files, plus the server's error catalogue as `errors`. */
export async function loadMessages(locale: Locale): Promise<Record<string, Tree>> {
  const load = bundles[`../locales/${locale}/index.ts`];
  const files = load ? await load() : {};
  const namespaces = Object.entries(files).map(([file, tree]) => [/([^/]+)\.json$/.exec(file)?.[1] ?? file, tree] as const);
  return { ...Object.fromEntries(namespaces), errors: { ...ERROR_MESSAGES[locale] } };
}

/** Every locale's messages (the locale tests compare them). */
export async function loadResources(): Promise<Record<Locale, Record<string, Tree>>> {
  const all = await Promise.all(LOCALES.map(async (locale) => [locale, await loadMessages(locale)] as const));
  return Object.fromEntries(all) as Record<Locale, Record<string, Tree>>;
}

/** antd's locale object of `locale` once `ensureLocale` has loaded it, else undefined. */
export function antLocaleOf(locale: Locale): AntLocale | undefined {
  return antLocales.get(locale);
}

/** Loads what `locale` needs (messages, antd's and dayjs's locale) unless it is loaded already. */
export async function ensureLocale(locale: Locale): Promise<void> {
  await Promise.all([
    i18n.isInitialized && i18n.hasResourceBundle(locale, 'common')
      ? undefined
      : loadMessages(locale).then((messages) => {
          for (const [ns, tree] of Object.entries(messages)) i18n.addResourceBundle(locale, ns, tree, true, true);
        }),
    antLocales.has(locale) ? undefined : ANT_LOCALES[locale]().then((m) => void antLocales.set(locale, m.default)),
    dayjsLoaded.has(locale) ? undefined : DAYJS_LOCALES[locale].load().then(() => void dayjsLoaded.add(locale)),
  ]);
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
  'material',
  'store',
  'grid',
] as const;

/** `zh_TW` → `zh-TW`: the form used by the html `lang` attribute and `Accept-Language`. */
export function toLanguageTag(locale: Locale): string {
  return locale.replace('_', '-');
}

/**
 * Sets i18next up (once) with `locale` as its language, with whatever messages are loaded:
 * `startI18n` loads them first; the test setup loads every locale's.
 */
export function initI18n(locale: Locale): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: {},
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

/** Before the first render: the stored locale's messages, then i18next on it. */
export async function startI18n(locale: Locale): Promise<typeof i18n> {
  initI18n(locale);
  await ensureLocale(locale);
  applyLocaleSideEffects(locale);
  return i18n;
}

let wanted: Locale | null = null;

/**
 * The user picked `locale`: load it, then switch i18next, dayjs and the document language
 * together (antd's locale follows i18next's language, see app/providers.tsx). Of quick
 * successive picks, the last one wins.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  wanted = locale;
  await ensureLocale(locale);
  if (wanted === locale) applyLocaleSideEffects(locale);
}

/** Switches i18next, dayjs and the document language together, to a loaded locale. */
export function applyLocaleSideEffects(locale: Locale): void {
  if (i18n.isInitialized && i18n.language !== locale) void i18n.changeLanguage(locale);
  dayjs.locale(DAYJS_LOCALES[locale].name);
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
