import { DEFAULT_LOCALE, LOCALES, type Locale } from '@agent-bo/shared';

/** A text kept per locale, as the forms and the API hold names, titles and descriptions. */
export type LocalizedText = Partial<Record<Locale, string>>;

/** A localized text with every locale present (missing ones empty), trimmed: what a form sends. */
export function completeTexts(record: LocalizedText | undefined): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, (record?.[l] ?? '').trim()])) as Record<Locale, string>;
}

/** The text to show in `locale`, falling back to zh_TW, then to `fallback`. */
export function textIn(record: LocalizedText, locale: Locale, fallback = ''): string {
  return record[locale] || record[DEFAULT_LOCALE] || fallback;
}
