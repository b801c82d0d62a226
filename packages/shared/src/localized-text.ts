import { z } from 'zod';

/**
 * One text per locale: all four keys, nothing else. A strict object rather than a record keyed by
 * the locales (which validates the same) so that the API description names the four properties.
 * Its own module, not locales.ts: the login page's bundle takes locales.ts and must not carry zod's
 * object schemas (scripts/size-budget.mjs).
 */
export const textPerLocaleSchema = z.strictObject({ zh_TW: z.string(), en: z.string(), th: z.string(), vi: z.string() });
