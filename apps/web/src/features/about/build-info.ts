/**
 * The web app's own build facts (vite.config.ts `define`): null where the build did not set them
 * (the unit tests).
 */
export const BUILD_INFO = {
  version: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : null,
  commit: typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : null,
  builtAt: typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : null,
};

/**
 * An instant in the reader's language, on the Gregorian calendar (Thai would count Buddhist
 * years), on the clock of `timeZone` (the site's on the page; the browser's when none is given),
 * which is named after it: `2026年12月2日 清晨7:45:02 (GMT+8)`,
 * `Dec 2, 2026, 7:45:02 AM (GMT+8)`. The text as given when it is not a date.
 */
export function formatInstant(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const tag = `${language.replace('_', '-')}-u-ca-gregory`;
  try {
    const when = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(date);
    const zone = new Intl.DateTimeFormat(tag, { timeZoneName: 'short', timeZone })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value;
    return zone ? `${when} (${zone})` : when;
  } catch {
    return date.toISOString();
  }
}
