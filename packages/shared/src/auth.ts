import { z } from 'zod';
import { textPerLocaleSchema } from './localized-text.js';
import { PERMISSION_CODES } from './permissions.js';
import { secondFactorChallengeSchema } from './second-factor.js';

/** Account number / login id: 8 to 12 letters or digits (spec §5). */
export const ACCOUNT_NO_PATTERN = /^[A-Za-z0-9]{8,12}$/;
export const accountNoSchema = z.string().trim().regex(ACCOUNT_NO_PATTERN, { message: 'accountNo.pattern' });

/** The longest password accepted anywhere: long passphrases and password managers' output fit. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password: 8–128 characters with at least one letter and one digit. Sign-in accepts any
 * non-empty string up to the same 128 characters so that it never tells which rule a guess broke.
 * The server also refuses a password that contains the account number or the nickname, or that
 * is one of the most common passwords (apps/server/src/lib/password-policy.ts).
 */
export const newPasswordSchema = z
  .string()
  .min(8, { message: 'password.min' })
  .max(PASSWORD_MAX_LENGTH, { message: 'password.max' })
  .regex(/[A-Za-z]/, { message: 'password.letter' })
  .regex(/\d/, { message: 'password.digit' });

export const signinRequestSchema = z.strictObject({
  accountNo: accountNoSchema,
  password: z.string().min(1, { message: 'password.required' }).max(PASSWORD_MAX_LENGTH),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

export const accountIdSchema = z.number().int().positive().max(2_147_483_647);

/** User info (spec §3). Restriction flags are effective ones: own or inherited from an ancestor. */
/** What a session must do first (UserInfo.sessionStep). */
export const SESSION_STEPS = ['CHANGE_PASSWORD', 'ENROL_SECOND_FACTOR'] as const;
export type SessionStep = (typeof SESSION_STEPS)[number];

export const userInfoSchema = z.object({
  id: accountIdSchema,
  lvl: z.number().int().min(0),
  kind: z.enum(['AGENT', 'PLAYER']),
  nickName: z.string(),
  accountNo: z.string(),
  siteId: z.string(),
  isShadow: z.boolean(),
  isDisabled: z.boolean(),
  isFullDisabled: z.boolean(),
  isFullReadonly: z.boolean(),
  homePath: z.string(),
  /** Kinds for the front end's ROUTE_MAPPING mode: admin, agent, shadow or player. */
  roles: z.array(z.string()),
  /**
   * The roles (PRODUCT.md §7) the account holds: id and name in every locale. Always sent; optional
   * so that user info a client cached before roles existed still parses.
   */
  assignedRoles: z.array(z.object({ id: accountIdSchema, name: textPerLocaleSchema })).optional(),
  permission: z.object({
    permissions: z.array(z.object({ code: z.enum(PERMISSION_CODES) })),
  }),
  /**
   * What the signed-in session must do before anything else (the server refuses every other call
   * until it is done): change a password someone else chose, or enrol a required second factor.
   * Null or absent for a session that may work; only the caller's own user info carries it.
   */
  sessionStep: z.enum(SESSION_STEPS).nullable().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** A signed-in session: the bearer token, when it expires, who it is. */
export const signedInSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userInfoSchema,
});
export type SignedIn = z.infer<typeof signedInSchema>;

/** A right password of an account with a second factor: no session yet, a challenge to answer with a code. */
export const secondFactorAskedSchema = z.object({ secondFactor: secondFactorChallengeSchema });
export type SecondFactorAsked = z.infer<typeof secondFactorAskedSchema>;

/** What a sign-in answers: a session, or the second factor's challenge (`isSecondFactorAsked`). */
export const signinResponseSchema = z.union([signedInSchema, secondFactorAskedSchema]);
export type SigninResponse = z.infer<typeof signinResponseSchema>;

export function isSecondFactorAsked(response: SigninResponse): response is SecondFactorAsked {
  return 'secondFactor' in response;
}

export const userInfoRequestSchema = z.strictObject({ id: accountIdSchema.optional() });
export type UserInfoRequest = z.infer<typeof userInfoRequestSchema>;

/** Headers the web client sends on every call (spec §7). */
export const HEADER_TOKEN = 'authorization';
export const HEADER_SITE = 'x-site-id';
export const HEADER_LANGUAGE = 'accept-language';
