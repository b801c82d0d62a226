import { LOCALES, zonedDateTimeToInstant, type LocalizedText } from '@agent-bo/shared';
import { AppError } from './app-error.js';

// Turning checked request input into what the database stores, the same way in every module.

/** Every locale present (stored rows have them all; this keeps an answer complete regardless). */
export function allLocales(text: Partial<LocalizedText> | null | undefined): LocalizedText {
  return Object.fromEntries(LOCALES.map((l) => [l, text?.[l] ?? ''])) as LocalizedText;
}

/** A site wall clock → instant; an impossible date (Feb 30) is a validation failure naming `field`. */
export function siteInstant(text: string, timeZone: string, field: string): Date {
  const at = zonedDateTimeToInstant(text, timeZone);
  if (!at) throw new AppError('VALIDATION_FAILED', {}, [{ path: field, message: 'dateTime.format' }]);
  return at;
}

/** `%text%` for ILIKE, with the wildcards of the text escaped (they match themselves). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
