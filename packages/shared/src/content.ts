import { z } from 'zod';
import { CONTENT_TYPES, PUBLISH_STATUSES } from './enums.js';
import { LOCALES, type Locale } from './locales.js';
import { textPerLocaleSchema } from './localized-text.js';
import { DATE_TIME_PATTERN } from './logs.js';
import { pagingSchema } from './members.js';

/**
 * Site content (PRODUCT.md §6, `/announcement`): activities, announcements and broadcasts.
 *
 * - Title and body are kept per locale. zh_TW is required; an empty other locale falls back to
 *   zh_TW wherever the item is shown (`localized`).
 * - A BROADCAST is one line of plain text per locale: its `title` is the line and its body is
 *   always empty (the server refuses a broadcast with a body).
 * - Bodies of activities and announcements are HTML from the rich-text editor; the server
 *   sanitizes them on save with an allow-list, so what is stored is what may be shown.
 * - Times are `YYYY-MM-DD HH:mm:ss` in the site's time zone, as everywhere on the back office.
 * - Saves carry the `version` they read; a stale one is refused (CONTENT_VERSION_STALE), so two
 *   editors never silently overwrite each other.
 */
export const CONTENT_TITLE_MAX = 100;
export const BROADCAST_TEXT_MAX = 200;
/** Sanitized HTML of one locale's body (checked after sanitizing, on the server). */
export const CONTENT_BODY_MAX = 20_000;
/**
 * What a body may be before sanitizing: pasted HTML carries styles and attributes the sanitizer
 * drops, so the raw limit is looser and the stored one is checked on what remains.
 */
export const CONTENT_BODY_INPUT_MAX = 100_000;
/** At most this many ids in one delete or pop-up list. */
export const CONTENT_IDS_MAX = 100;

export const contentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof contentTypeSchema>;
export const publishStatusSchema = z.enum(PUBLISH_STATUSES);
export type PublishStatus = z.infer<typeof publishStatusSchema>;

/** Text per locale: zh_TW required (checked by the save schema), the others may be empty. */
export type LocalizedText = Record<Locale, string>;
export const localizedTextSchema = (max: number) =>
  z.strictObject({
    zh_TW: z.string().trim().max(max).default(''),
    en: z.string().trim().max(max).default(''),
    th: z.string().trim().max(max).default(''),
    vi: z.string().trim().max(max).default(''),
  });

export const dateTimeSchema = z.string().trim().regex(DATE_TIME_PATTERN, { message: 'dateTime.format' });
/** An uploaded image: the SHA-256 of its bytes, lower-case hex (see `uploadedImageSchema`). */
export const imageIdSchema = z.string().regex(/^[0-9a-f]{64}$/, { message: 'image.id' });
const idSchema = z.number().int().min(1).max(2_147_483_647);

export const CONTENT_SORT_FIELDS = ['sort', 'startAt', 'endAt', 'updatedAt', 'popOrder'] as const;

export const contentListRequestSchema = z.strictObject({
  ...pagingSchema,
  type: contentTypeSchema.optional(),
  status: publishStatusSchema.optional(),
  /** Matches any locale's title, case-insensitively. */
  title: z.string().trim().max(CONTENT_TITLE_MAX).optional(),
  /** Items whose start–end overlaps this range. */
  start: dateTimeSchema.optional(),
  end: dateTimeSchema.optional(),
  /** Only activities chosen as pop-ups. */
  popsOnly: z.boolean().optional(),
  sortBy: z.enum(CONTENT_SORT_FIELDS).default('sort'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ContentListRequest = z.input<typeof contentListRequestSchema>;

export const contentItemSchema = z.object({
  id: z.number().int(),
  type: contentTypeSchema,
  title: textPerLocaleSchema,
  body: textPerLocaleSchema,
  imageId: z.string().nullable(),
  /** Where the image is served, or null without one. */
  imageUrl: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  status: publishStatusSchema,
  sort: z.number().int(),
  /** Position in the pop-up list (0 first), or null when the item is not a pop-up. */
  popOrder: z.number().int().nullable(),
  version: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentListSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(contentItemSchema),
});
export type ContentList = z.infer<typeof contentListSchema>;

/**
 * Create (no `id`) or update (`id` and the `version` read). Cross-field rules (zh_TW title,
 * end after start, a broadcast has no body and no image) are refinements, so a bad save is a
 * VALIDATION_FAILED envelope naming the field.
 */
export const contentSaveRequestSchema = z
  .strictObject({
    id: idSchema.optional(),
    version: z.number().int().min(1).optional(),
    type: contentTypeSchema,
    // A broadcast's title is its one line, up to BROADCAST_TEXT_MAX; other titles are checked
    // against CONTENT_TITLE_MAX below.
    title: localizedTextSchema(Math.max(CONTENT_TITLE_MAX, BROADCAST_TEXT_MAX)),
    body: localizedTextSchema(CONTENT_BODY_INPUT_MAX).optional(),
    imageId: imageIdSchema.nullable().optional(),
    startAt: dateTimeSchema,
    endAt: dateTimeSchema,
    status: publishStatusSchema,
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.title.zh_TW === '') ctx.addIssue({ code: 'custom', path: ['title', 'zh_TW'], message: 'content.titleRequired' });
    if (value.endAt <= value.startAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'content.endBeforeStart' });
    if (value.id !== undefined && value.version === undefined) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'content.versionRequired' });
    }
    if (value.type !== 'BROADCAST') {
      for (const locale of LOCALES) {
        if (value.title[locale].length > CONTENT_TITLE_MAX) {
          ctx.addIssue({ code: 'custom', path: ['title', locale], message: 'content.titleTooLong' });
        }
      }
    }
    if (value.type === 'BROADCAST') {
      for (const locale of LOCALES) {
        if (value.title[locale].length > BROADCAST_TEXT_MAX) {
          ctx.addIssue({ code: 'custom', path: ['title', locale], message: 'content.broadcastTooLong' });
        }
        if (/[\r\n]/.test(value.title[locale])) ctx.addIssue({ code: 'custom', path: ['title', locale], message: 'content.oneLine' });
      }
      if (value.body && LOCALES.some((l) => value.body?.[l])) {
        ctx.addIssue({ code: 'custom', path: ['body'], message: 'content.broadcastNoBody' });
      }
      if (value.imageId) ctx.addIssue({ code: 'custom', path: ['imageId'], message: 'content.broadcastNoImage' });
    }
  });
export type ContentSaveRequest = z.input<typeof contentSaveRequestSchema>;
export const contentSaveResultSchema = z.object({ id: z.number().int(), version: z.number().int() });
export type ContentSaveResult = z.infer<typeof contentSaveResultSchema>;

export const contentIdsRequestSchema = z.strictObject({ ids: z.array(idSchema).min(1).max(CONTENT_IDS_MAX) });
export type ContentIdsRequest = z.input<typeof contentIdsRequestSchema>;
/** The ordered pop-up list (empty clears it). */
export const contentPopsRequestSchema = z.strictObject({ ids: z.array(idSchema).max(CONTENT_IDS_MAX) });
export type ContentPopsRequest = z.input<typeof contentPopsRequestSchema>;

/** One item as shown to a reader: one language, with the zh_TW fallback applied. */
export const shownContentSchema = z.object({
  id: z.number().int(),
  type: contentTypeSchema,
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  sort: z.number().int(),
});
export type ShownContent = z.infer<typeof shownContentSchema>;

/** `activity/pops`: the pop-ups current now, in pop-up order, in the caller's language. */
export const contentPopsSchema = z.array(shownContentSchema);

/**
 * A published broadcast as the live stream sends it: every locale (the header picks the user's
 * language, which can change without reconnecting) and its window as ISO instants, so the
 * client can drop it the moment it ends.
 */
export const liveBroadcastSchema = z.object({
  id: z.number().int(),
  text: textPerLocaleSchema,
  startAt: z.string(),
  endAt: z.string(),
  sort: z.number().int(),
});
export type LiveBroadcast = z.infer<typeof liveBroadcastSchema>;

/** The text of `text` in `locale`, falling back to zh_TW when that locale is empty. */
export function localized(text: Partial<Record<Locale, string>>, locale: Locale): string {
  return text[locale] || text.zh_TW || '';
}

/** An uploaded image (`upload/image`), addressed by the SHA-256 of its bytes. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  mime: z.enum(IMAGE_MIME_TYPES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Where an image is served: public (the game client shows it), immutable, cached for a year. */
export const imageUrl = (id: string) => `/api/files/${id}`;
