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
