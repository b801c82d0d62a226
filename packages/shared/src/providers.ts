import { z } from 'zod';
import { ENTITY_STATUSES } from './enums.js';
import { providerCodeSchema } from './members.js';

/**
 * Provider management (`/provider/index`, PRODUCT.md §5). Providers are platform-wide: one status
 * and one shared secret for every site; each site decides which providers it offers.
 *
 * - list: callers holding PROVIDER_MAINTAIN or SITE_PROVIDER.
 * - change_status and rotate_secret: PROVIDER_MAINTAIN; set_site_offering: SITE_PROVIDER. These
 *   reach beyond any agent's subtree, so only a site's admin (level 0, not a shadow, not
 *   restricted) may use them; an agent holding the code reads the list only. `abilities` in the
 *   list answer says what the caller may do.
 *
 * The secret itself is answered once, by rotate_secret; the list says only whether one is set
 * and when it was last rotated.
 */

export const PROVIDER_STATUSES = ENTITY_STATUSES;
export const providerStatusSchema = z.enum(ENTITY_STATUSES);
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

/** Bytes of a generated secret (answered as 64 hex characters). */
export const PROVIDER_SECRET_BYTES = 32;

/** The list takes no filters: an empty body or `{}`. */
export const providerListRequestSchema = z.strictObject({}).nullish();

export const providerRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  status: providerStatusSchema,
  /** This site (the caller's) offers the provider. */
  offered: z.boolean(),
  /** A shared secret is set (without one every signed call is refused). */
  secretSet: z.boolean(),
  /** When the secret was last set, `YYYY-MM-DD HH:mm:ss` in the site's time zone. */
  secretRotatedAt: z.string().nullable(),
  /** Players in the caller's subtree (the admin: the whole site) with the provider enabled. */
  enabledPlayers: z.number().int().nonnegative(),
});
export type ProviderRow = z.infer<typeof providerRowSchema>;

export const providerAbilitiesSchema = z.object({
  /** May change the status and rotate the secret (PROVIDER_MAINTAIN, site admin). */
  maintain: z.boolean(),
  /** May switch this site's offering (SITE_PROVIDER, site admin). */
  offer: z.boolean(),
});
export type ProviderAbilities = z.infer<typeof providerAbilitiesSchema>;

export const providerListSchema = z.object({
  providers: z.array(providerRowSchema),
  abilities: providerAbilitiesSchema,
});
export type ProviderList = z.infer<typeof providerListSchema>;

export const providerStatusRequestSchema = z.strictObject({ code: providerCodeSchema, status: providerStatusSchema });
export type ProviderStatusRequest = z.input<typeof providerStatusRequestSchema>;

export const providerOfferingRequestSchema = z.strictObject({ code: providerCodeSchema, offered: z.boolean() });
export type ProviderOfferingRequest = z.input<typeof providerOfferingRequestSchema>;

export const providerCodeRequestSchema = z.strictObject({ code: providerCodeSchema });
export type ProviderCodeRequest = z.input<typeof providerCodeRequestSchema>;

/** The new secret, answered once: it is never shown again (the list says only that one is set). */
export const providerSecretSchema = z.object({
  code: z.string(),
  secret: z.string().regex(/^[0-9a-f]{64}$/),
  secretRotatedAt: z.string(),
});
export type ProviderSecret = z.infer<typeof providerSecretSchema>;
