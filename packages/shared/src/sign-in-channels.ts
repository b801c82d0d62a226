import { z } from 'zod';
import { accountIdSchema, accountNoSchema, newPasswordSchema } from './auth.js';
import { pageSchema } from './envelope.js';
import { pagingSchema } from './members.js';

/**
 * The sign-in area's other ways in (issue 33): one-time codes to a proved phone number or e-mail
 * address, "forgot password" up the tree or by code, and the demo's outbox of sent messages.
 *
 * Every request that names an account answers the same whether or not the account exists, has a
 * contact, or may sign in (`accepted: true`); only the code's owner can tell.
 */

/** A phone number in international form: `+`, the country code and the number, 8–15 digits in all. */
export const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, { message: 'phone.pattern' });
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'email.pattern' }))
  .transform((v) => v.toLowerCase());

export const CONTACT_CHANNELS = ['sms', 'email'] as const;
export const contactChannelSchema = z.enum(CONTACT_CHANNELS);
export type ContactChannel = z.infer<typeof contactChannelSchema>;

/** One-time codes: six digits, valid five minutes, used once, burned after five wrong tries. */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_SECONDS = 5 * 60;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
export const oneTimeCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'code.pattern' });

/** Who asks for a sign-in code: an account number or a proved phone number. */
export const signinIdentifierSchema = z.union([accountNoSchema, phoneSchema], { message: 'identifier.pattern' });

export const codeSendRequestSchema = z.strictObject({ identifier: signinIdentifierSchema });
export type CodeSendRequest = z.infer<typeof codeSendRequestSchema>;
export const codeSigninRequestSchema = z.strictObject({ identifier: signinIdentifierSchema, code: oneTimeCodeSchema });
export type CodeSigninRequest = z.infer<typeof codeSigninRequestSchema>;

/** The answer of every request that must not say whether the account exists. */
export const acceptedResponseSchema = z.object({ accepted: z.literal(true) });
export type AcceptedResponse = z.infer<typeof acceptedResponseSchema>;

/** How a forgotten password is to be recovered: a request to the upper agent, or a code to a proved contact. */
export const RECOVERY_WAYS = ['UPPER', 'sms', 'email'] as const;
export const forgotPasswordRequestSchema = z.strictObject({ accountNo: accountNoSchema, via: z.enum(RECOVERY_WAYS) });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const resetByCodeRequestSchema = z.strictObject({
  accountNo: accountNoSchema,
  code: oneTimeCodeSchema,
  password: newPasswordSchema,
});
export type ResetByCodeRequest = z.infer<typeof resetByCodeRequestSchema>;

// ---- the caller's own contacts -----------------------------------------------------------------

export const contactSchema = z.object({ channel: contactChannelSchema, destination: z.string(), verifiedAt: z.string() });
export type Contact = z.infer<typeof contactSchema>;
export const contactStartRequestSchema = z.discriminatedUnion('channel', [
  z.strictObject({ channel: z.literal('sms'), destination: phoneSchema }),
  z.strictObject({ channel: z.literal('email'), destination: emailSchema }),
]);
export type ContactStartRequest = z.input<typeof contactStartRequestSchema>;
export const contactConfirmRequestSchema = z.strictObject({ channel: contactChannelSchema, code: oneTimeCodeSchema });
export type ContactConfirmRequest = z.infer<typeof contactConfirmRequestSchema>;
export const contactRemoveRequestSchema = z.strictObject({ channel: contactChannelSchema });

// ---- reset requests, as the upper agent sees them ----------------------------------------------

export const resetRequestSchema = z.object({
  id: accountIdSchema,
  accountId: accountIdSchema,
  accountNo: z.string(),
  nickName: z.string(),
  isShadow: z.boolean(),
  /** Asked first and last (site time), how many times, and from which address. */
  createdAt: z.string(),
  lastAskedAt: z.string(),
  asks: z.number().int().min(1),
  ip: z.string().nullable(),
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;
export const resetRequestListSchema = z.object({ total: z.number().int().min(0), list: z.array(resetRequestSchema) });
export type ResetRequestList = z.infer<typeof resetRequestListSchema>;
export const resetRequestDismissSchema = z.strictObject({ id: accountIdSchema });

// ---- the outbox (the demo's message driver) ----------------------------------------------------

export const outboxListRequestSchema = z.strictObject({ ...pagingSchema });
export const outboxMessageSchema = z.object({
  id: accountIdSchema,
  channel: contactChannelSchema,
  destination: z.string(),
  accountNo: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxPageSchema = pageSchema(outboxMessageSchema);
