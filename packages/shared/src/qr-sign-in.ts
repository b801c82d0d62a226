import { z } from 'zod';
import { signedInSchema } from './auth.js';

/**
 * QR sign-in (issue 33): the login page asks for a short-lived code and shows it as a QR image
 * (a link to the app's approval page); a device signed in as some account opens the link, sees
 * the asking browser and address, and approves with a fresh confirmation or denies; the login
 * page, waiting on a long poll, is signed in at once.
 */

/** How long one QR code may be approved. The login page asks for a new one a little before. */
export const QR_SIGN_IN_TTL_SECONDS = 120;
/** How long one wait request is held open at most before the page asks again. */
export const QR_WAIT_SECONDS = 25;
/** The app's page a QR code opens (the code in the `t` query parameter). */
export const QR_APPROVE_PATH = '/qr';

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

export const qrStartResponseSchema = z.object({
  /** In the QR image: lets a signed-in device approve or deny, never sign in. */
  token: tokenSchema,
  /** Kept by the asking page only: exchanges an approval for a session. */
  waitToken: tokenSchema,
  /** Seconds until the code expires. */
  expiresIn: z.number().int().positive(),
});
export type QrStartResponse = z.infer<typeof qrStartResponseSchema>;

export const qrWaitRequestSchema = z.strictObject({ waitToken: tokenSchema });
export const qrWaitResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('PENDING') }),
  z.object({ status: z.literal('DENIED') }),
  z.object({ status: z.literal('APPROVED'), signedIn: signedInSchema }),
]);
export type QrWaitResponse = z.infer<typeof qrWaitResponseSchema>;

export const qrShowRequestSchema = z.strictObject({ token: tokenSchema });
export const qrRequestSchema = z.object({
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  /** What the approving account confirms with: its password, or its second factor when it has one. */
  confirmWith: z.enum(['PASSWORD', 'SECOND_FACTOR']),
});
export type QrRequest = z.infer<typeof qrRequestSchema>;

export const qrDecideRequestSchema = z.strictObject({
  token: tokenSchema,
  approve: z.boolean(),
  /** The fresh confirmation of an approval: the password, or a second-factor code. */
  password: z.string().max(128).optional(),
  code: z.string().max(32).optional(),
});
export type QrDecideRequest = z.infer<typeof qrDecideRequestSchema>;
