import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { DATE_TIME_PATTERN } from './logs.js';
import { pagingSchema } from './members.js';

/**
 * The shell around every screen: the lock screen's server-side password check and the
 * front-end error log that browsers report to the server for operators.
 */

// ---------------------------------------------------------------------------------------------
// Lock screen: `POST /api/manage/unlock`
// ---------------------------------------------------------------------------------------------

/**
 * Unlocking the lock screen needs the signed-in account's password, checked by the server.
 * The password is never trimmed (spec §5 trims text values, not secrets).
 */
export const unlockRequestSchema = z.strictObject({
  password: z.string().min(1, { message: 'password.required' }).max(128),
});
export type UnlockRequest = z.infer<typeof unlockRequestSchema>;

export const unlockResponseSchema = z.object({ unlocked: z.literal(true) });
export type UnlockResponse = z.infer<typeof unlockResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Front-end error log: `POST /api/manage/error_log/report`, `POST /api/manage/error_log/list`
// ---------------------------------------------------------------------------------------------

/**
 * Kinds of front-end errors (spec §3 "Error log entry"): the original's Vue errors are React
 * render errors here (caught by error boundaries); script errors (window `error`), unhandled
 * promise rejections and resource load failures (an `<img>`, `<script>` or `<link>` that failed).
 */
export const CLIENT_ERROR_TYPES = ['react', 'script', 'promise', 'resource'] as const;
export const clientErrorTypeSchema = z.enum(CLIENT_ERROR_TYPES);
export type ClientErrorType = z.infer<typeof clientErrorTypeSchema>;

/** Field limits: a report is cut to these lengths by the browser before it is sent. */
export const CLIENT_ERROR_LIMITS = {
  name: 200,
  file: 1000,
  message: 2000,
  stack: 8000,
  detail: 4000,
  url: 2000,
  /** Entries per report. */
  entries: 20,
} as const;

/**
 * Largest accepted report body in bytes (the server answers 413 above it). The field maxima
 * allow more than this in one batch, so a browser sends long entries in smaller batches.
 */
export const CLIENT_ERROR_REPORT_MAX_BYTES = 64 * 1024;

export const clientErrorEntrySchema = z.strictObject({
  type: clientErrorTypeSchema,
  name: z.string().max(CLIENT_ERROR_LIMITS.name),
  file: z.string().max(CLIENT_ERROR_LIMITS.file),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack),
  detail: z.string().max(CLIENT_ERROR_LIMITS.detail),
  /** The page URL where it happened. */
  url: z.string().max(CLIENT_ERROR_LIMITS.url),
  /** When the browser caught it: the browser's clock, written `YYYY-MM-DD HH:mm:ss` in the site's time zone. */
  time: z.string().regex(DATE_TIME_PATTERN),
});
export type ClientErrorEntry = z.infer<typeof clientErrorEntrySchema>;

/** A batch of entries from one browser. Accepted signed in or not (login screen errors count too). */
export const clientErrorReportSchema = z.strictObject({
  entries: z.array(clientErrorEntrySchema).min(1).max(CLIENT_ERROR_LIMITS.entries),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientErrorReportResponseSchema = z.object({ accepted: z.number().int() });

/** Operators' list (DEVELOPER code), newest first, this site only. */
export const clientErrorListRequestSchema = z.strictObject({
  ...pagingSchema,
  type: clientErrorTypeSchema.optional(),
  /** Substring of the message, name or URL. */
  keyword: z.string().trim().max(100).optional(),
});
export type ClientErrorListRequest = z.input<typeof clientErrorListRequestSchema>;

export const clientErrorRowSchema = z.object({
  id: z.number().int(),
  type: clientErrorTypeSchema,
  name: z.string(),
  file: z.string(),
  message: z.string(),
  stack: z.string(),
  detail: z.string(),
  url: z.string(),
  /** The reporting account, when the browser was signed in. */
  accountNo: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** Browser time of the error, as reported. */
  time: z.string(),
  /** Server time of receipt, site time zone. */
  createdAt: z.string(),
});
export type ClientErrorRow = z.infer<typeof clientErrorRowSchema>;

export const clientErrorPageSchema = pageSchema(clientErrorRowSchema);
export type ClientErrorPage = z.infer<typeof clientErrorPageSchema>;

// ---------------------------------------------------------------------------------------------
// The site's shell settings: `GET /api/manage/shell`
// ---------------------------------------------------------------------------------------------

/**
 * The WHATWG URL parser, which browsers and Node.js both have; the package builds without DOM or
 * Node typings, so its shape is declared here.
 */
declare const URL: new (input: string) => { protocol: string; username: string; password: string; origin: string };

/** An embedded page's id: the last part of its path (`/frame/<id>`). */
export const EMBEDDED_PAGE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const EMBEDDED_PAGES_MAX = 20;

/**
 * What an embedded page may show: an `https:` address, or a path of this origin (`/api/docs`).
 * Nothing else: no `http:` (mixed content, and readable on the way), no `javascript:` or
 * `data:`, no `//host` (another origin disguised as a path).
 */
export function isEmbeddableUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** The origin a page's frame loads from, for the CSP's `frame-src`: null for a path of this origin. */
export function embeddedOrigin(url: string): string | null {
  return url.startsWith('/') ? null : new URL(url).origin;
}

/** A page shown in a frame inside the layout and its tabs, as a site configures it. */
export const embeddedPageSchema = z.strictObject({
  id: z.string().regex(EMBEDDED_PAGE_ID_PATTERN),
  /** The menu's and tab's title per locale; zh_TW required, an empty one falls back to it. */
  title: z.strictObject({
    zh_TW: z.string().trim().min(1).max(40),
    en: z.string().trim().max(40).default(''),
    th: z.string().trim().max(40).default(''),
    vi: z.string().trim().max(40).default(''),
  }),
  url: z.string().max(2048).refine(isEmbeddableUrl, { message: 'url.embeddable' }),
  /** Who sees it: a permission expression (spec §5, `A||B`); none means every signed-in user. */
  permission: z.string().max(200).optional(),
});
export type EmbeddedPage = z.infer<typeof embeddedPageSchema>;

/** A site's list, ids unique. */
export const embeddedPagesSchema = z
  .array(embeddedPageSchema)
  .max(EMBEDDED_PAGES_MAX)
  .refine((pages) => new Set(pages.map((p) => p.id)).size === pages.length, { message: 'id.duplicate' });

/** What the caller's shell shows on this site: the watermark, and the embedded pages it may open. */
export const siteShellSchema = z.object({
  watermark: z.boolean(),
  embeddedPages: z.array(embeddedPageSchema.omit({ permission: true })),
});
export type SiteShell = z.infer<typeof siteShellSchema>;
