import { z } from 'zod';

/**
 * A site's sign-in security settings (issue 33), set by the site's admin: whether every staff
 * account must sign in with a second factor, and how long a password someone else chose (a
 * hand-off at creation or a reset) works before its first use.
 */
export const HANDOFF_PASSWORD_HOURS = { min: 1, max: 720, default: 72 } as const;

export const siteSecuritySchema = z.object({
  twoFactorRequired: z.boolean(),
  handoffPasswordHours: z.number().int().min(HANDOFF_PASSWORD_HOURS.min).max(HANDOFF_PASSWORD_HOURS.max),
});
export type SiteSecurity = z.infer<typeof siteSecuritySchema>;
export const siteSecuritySaveRequestSchema = siteSecuritySchema.strict();
