import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { default as Dayjs } from 'dayjs';
import type { Locale as AntLocale } from 'antd/es/locale';
import { DEFAULT_LOCALE, LOCALES, type ErrorCatalogue, type Locale, type LocalizedText } from '@agent-bo/shared';
import type { TFunction } from 'i18next';

type Tree = { [key: string]: string | Tree };

/**
 * Every `locales/<locale>/<namespace>.json`, two chunks per locale loaded on demand: a page carries
 * the messages of its locale only and fetches another's when the user switches to it. The first
 * chunk (`boot.ts`, the `BOOT_NAMESPACES`) is what the login page shows and loads before the first
 * render; the rest (`rest.ts`) loads with the signed-in layout (app/app.tsx).
 */
const bundles = import.meta.glob<Record<string, Tree>>('../locales/*/{boot,rest}.ts', { import: 'default' });
type Part = 'boot' | 'rest';

/** The namespaces in `locales/<locale>/boot.ts`: the login page's, the API client's and the crash screen's. */
export const BOOT_NAMESPACES = ['common', 'errorLog', 'http', 'login', 'routes', 'validation'] as const;

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
/** dayjs itself, once loaded: only the signed-in pages use it, so the login page does not wait for it. */
let dayjs: typeof Dayjs | null = null;
/** The locale last applied (`applyLocaleSideEffects`), for dayjs when it arrives later. */
let applied: Locale | null = null;

/**
 * The server's error catalogue in each locale (the API client's messages when the server sent
 * none): a chunk per locale, fetched beside the locale's boot chunk, so the login page carries one
 * locale's messages rather than all four.
 */
const ERROR_CATALOGUES: Record<Locale, () => Promise<ErrorCatalogue>> = {
  zh_TW: () => import('@agent-bo/shared/error-messages/zh_TW').then((m) => m.zh_TW),
  en: () => import('@agent-bo/shared/error-messages/en').then((m) => m.en),
  th: () => import('@agent-bo/shared/error-messages/th').then((m) => m.th),
  vi: () => import('@agent-bo/shared/error-messages/vi').then((m) => m.vi),
};

/** One part of a locale's namespaces from its files; the boot part adds the server's error catalogue as `errors`. */
async function loadPart(locale: Locale, part: Part): Promise<Record<string, Tree>> {
  const load = bundles[`../locales/${locale}/${part}.ts`];
  const [files, errors] = await Promise.all([load ? load() : {}, part === 'boot' ? ERROR_CATALOGUES[locale]() : null]);
  const namespaces = Object.entries(files).map(([file, tree]) => [/([^/]+)\.json$/.exec(file)?.[1] ?? file, tree] as const);
  return { ...Object.fromEntries(namespaces), ...(errors ? { errors: { ...errors } } : {}) };
}

/** One locale's namespaces from its files, plus the server's error catalogue as `errors`. */
export async function loadMessages(locale: Locale): Promise<Record<string, Tree>> {
  const [boot, rest] = await Promise.all([loadPart(locale, 'boot'), loadPart(locale, 'rest')]);
  return { ...boot, ...rest };
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

const partsLoaded = new Map<string, Promise<void>>();

/** Adds one part of `locale`'s messages to i18next, once (a failed load is tried again next time). */
function ensurePart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}/${part}`;
  let loading = partsLoaded.get(key);
  if (!loading) {
    loading = loadPart(locale, part).then(
      (messages) => {
        for (const [ns, tree] of Object.entries(messages)) i18n.addResourceBundle(locale, ns, tree, true, true);
      },
      (error: unknown) => {
        partsLoaded.delete(key);
        throw error;
      },
    );
    partsLoaded.set(key, loading);
  }
  return loading;
}

function ensureAntLocale(locale: Locale): Promise<void> | undefined {
  return antLocales.has(locale) ? undefined : ANT_LOCALES[locale]().then((m) => void antLocales.set(locale, m.default));
}

/** dayjs and its names of months and days for `locale`; switches dayjs to the applied locale once there. */
async function ensureDayjs(locale: Locale): Promise<void> {
  const [module] = await Promise.all([
    dayjs ? undefined : import('dayjs'),
    dayjsLoaded.has(locale) ? undefined : DAYJS_LOCALES[locale].load().then(() => void dayjsLoaded.add(locale)),
  ]);
  dayjs ??= module?.default ?? null;
  if (applied && dayjsLoaded.has(applied)) dayjs?.locale(DAYJS_LOCALES[applied].name);
}

/** Loads everything `locale` needs (all its messages, antd's and dayjs's locale) unless it is loaded already. */
export async function ensureLocale(locale: Locale): Promise<void> {
  await Promise.all([ensurePart(locale, 'boot'), ensurePart(locale, 'rest'), ensureAntLocale(locale), ensureDayjs(locale)]);
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
  'addressList',
  'contacts',
  'outbox',
  'twoFactor',
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
  'about',
  'frame',
  'newVersion',
  'recovery',
  'sessions',
  'siteSecurity',
  'passwordChange',
  'qrSignIn',
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

/**
 * Before the first render: what the login page shows of the stored locale (its boot messages and
 * antd's locale), then i18next on it. The rest (`ensureLocale`) loads with the signed-in layout.
 */
export async function startI18n(locale: Locale): Promise<typeof i18n> {
  initI18n(locale);
  await Promise.all([ensurePart(locale, 'boot'), ensureAntLocale(locale)]);
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

/** Switches i18next, dayjs (once loaded) and the document language together, to a loaded locale. */
export function applyLocaleSideEffects(locale: Locale): void {
  applied = locale;
  if (i18n.isInitialized && i18n.language !== locale) void i18n.changeLanguage(locale);
  if (dayjsLoaded.has(locale)) dayjs?.locale(DAYJS_LOCALES[locale].name);
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguageTag(locale);
}

/**
 * Route titles are stored as `routes.<name>` (shared MENU's titleKey); they live in the
 * `routes` namespace.
 */
export function routeTitleKey(titleKey: string): string {
  return titleKey.startsWith('routes.') ? `routes:${titleKey.slice('routes.'.length)}` : titleKey;
}

/**
 * A route's title in the language in use: its own title in that locale (zh_TW when that one
 * is empty) when the route has one, else its title key's translation.
 */
export function routeTitle(meta: { titleKey: string; title?: LocalizedText }, t: TFunction): string {
  if (meta.title) return meta.title[i18n.language as Locale] || meta.title.zh_TW;
  return t(routeTitleKey(meta.titleKey));
}

export { i18n };
