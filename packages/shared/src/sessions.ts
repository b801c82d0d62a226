import { z } from 'zod';
import { accountIdSchema } from './auth.js';
import { pageSchema } from './envelope.js';
import { pagingSchema } from './members.js';

/**
 * Open sessions and the sign-in history (issue 33): the caller's own ("my sessions" in the user
 * menu) and, for an upper agent, those of an account inside its subtree (the member screen).
 */

/** Whose sessions or history: the caller's own when `accountId` is absent. */
const whoseSchema = { accountId: accountIdSchema.optional() };

export const sessionListRequestSchema = z.strictObject(whoseSchema);
export const openSessionSchema = z.object({
  id: accountIdSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.enum(['PASSWORD', 'CODE', 'QR']),
  createdAt: z.string(),
  /** The session's last request (written at most once a minute); null before its first. */
  lastSeenAt: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type OpenSession = z.infer<typeof openSessionSchema>;
export const sessionListSchema = z.array(openSessionSchema);

export const sessionEndRequestSchema = z.strictObject({ id: accountIdSchema });
/** Ends every open session of the account but the caller's current one (the caller's own when `accountId` is absent). */
export const sessionEndAllRequestSchema = z.strictObject(whoseSchema);
export const sessionsEndedSchema = z.object({ ended: z.number().int().min(0) });

/**
 * The outcome of one sign-in attempt at an existing account. Attempts at account numbers that do
 * not exist have no account to file them under; the sign-in throttle still counts them.
 */
export const SIGN_IN_RESULTS = [
  'OK',
  'BAD_PASSWORD',
  'BAD_CODE',
  'BAD_SECOND_FACTOR',
  'SECOND_FACTOR_ASKED',
  'LOCKED',
  'DISABLED',
  'ADDRESS_REFUSED',
  'PASSWORD_EXPIRED',
  'QR_DENIED',
] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

export const signInHistoryRequestSchema = z.strictObject({ ...whoseSchema, ...pagingSchema });
export const signInEventSchema = z.object({
  id: accountIdSchema,
  createdAt: z.string(),
  method: z.enum(['PASSWORD', 'CODE', 'QR']),
  secondFactor: z.enum(['TOTP', 'RECOVERY']).nullable(),
  result: z.enum(SIGN_IN_RESULTS),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;
export const signInHistoryPageSchema = pageSchema(signInEventSchema);
