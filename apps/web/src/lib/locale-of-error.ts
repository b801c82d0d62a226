import { LOCALES, type Locale } from '@agent-bo/shared';

/**
 * The locale of the first localized field a form refused. Localized fields are named
 * `[field, locale]`, so an editor can switch to the tab that holds the error.
 */
export function localeOfError(errorFields: { name: (string | number)[] }[]): Locale | undefined {
  for (const { name } of errorFields) {
    const locale = LOCALES.find((l) => name[1] === l);
    if (locale) return locale;
  }
  return undefined;
}
