import { z } from 'zod';

/**
 * The second factor (issue 33): an RFC 6238 authenticator code (30-second steps, six digits) or one
 * of ten single-use recovery codes, asked for after a right password when the account has one.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between the password and the second factor lasts, and how many wrong codes it takes. */
export const SIGN_IN_CHALLENGE_TTL_SECONDS = 5 * 60;
export const SIGN_IN_CHALLENGE_MAX_ATTEMPTS = 5;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'code.pattern' });

/**
 * A recovery code as shown (`abcde-fghjk`), forgiving case, spaces and dashes; the server
 * normalises it before hashing.
 */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{8,22}[A-Za-z0-9]$/;

/** Either an authenticator code or a recovery code. */
export const secondFactorCodeSchema = z.union([totpCodeSchema, z.string().trim().regex(RECOVERY_CODE_PATTERN)], {
  message: 'code.secondFactor',
});

/** The sign-in answer of an account with a second factor: no session yet, a challenge to answer. */
export const secondFactorChallengeSchema = z.object({
  /** Opaque, single use; sent back with the code. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

export const secondFactorSigninRequestSchema = z.strictObject({
  challenge: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  code: secondFactorCodeSchema,
});
export type SecondFactorSigninRequest = z.infer<typeof secondFactorSigninRequestSchema>;

// ---- the caller's own enrolment ----------------------------------------------------------------

export const secondFactorStatusSchema = z.object({
  /** Enabled: sign-in asks for a code. */
  enrolled: z.boolean(),
  /** The site or one of the account's roles requires a second factor. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** A started enrolment: what an authenticator app needs (QR code of `uri`, or `secret` typed in). */
export const secondFactorStartSchema = z.object({
  uri: z.string(),
  /** Base32, for manual entry. */
  secret: z.string(),
});
export type SecondFactorStart = z.infer<typeof secondFactorStartSchema>;

export const secondFactorConfirmRequestSchema = z.strictObject({ code: totpCodeSchema });
export type SecondFactorConfirmRequest = z.infer<typeof secondFactorConfirmRequestSchema>;

/** Shown once, at enrolment; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const secondFactorDisableRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type SecondFactorDisableRequest = z.infer<typeof secondFactorDisableRequestSchema>;
