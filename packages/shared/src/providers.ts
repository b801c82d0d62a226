import { z } from 'zod';
import { ENTITY_STATUSES } from './enums.js';
import { providerCodeSchema } from './members.js';
import { businessDateSchema } from './report.js';

/**
 * Provider management (`/provider/index`, PRODUCT.md §5). Providers are platform-wide: one status
 * and one shared secret for every site; each site decides which providers it offers.
 *
 * - list: callers holding PROVIDER_MAINTAIN or SITE_PROVIDER.
 * - change_status, rotate_secret and change_endpoint: PROVIDER_MAINTAIN; set_site_offering:
 *   SITE_PROVIDER. These reach beyond any agent's subtree, so only a site's admin (level 0, not a
 *   shadow, not restricted) may use them; an agent holding the code reads the list only.
 *   `abilities` in the list answer says what the caller may do.
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
  /**
   * Base URL of the provider's API for this site's merchant account (null: none, and pull-backs are
   * refused). Answered only to callers who may maintain the provider (`abilities.maintain`).
   */
  endpoint: z.string().nullable().optional(),
});
export type ProviderRow = z.infer<typeof providerRowSchema>;

export const providerAbilitiesSchema = z.object({
  /** May change the status and rotate the secret (PROVIDER_MAINTAIN, site admin). */
  maintain: z.boolean(),
  /** May switch this site's offering (SITE_PROVIDER, site admin). */
  offer: z.boolean(),
  /** May read the daily reconciliation (PROVIDER_MAINTAIN, the site admin or its shadows: every player's money). */
  reconcile: z.boolean(),
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

// ---- the provider's endpoint for this site --------------------------------------------------

/** Longest endpoint a site may set. */
export const PROVIDER_ENDPOINT_MAX = 500;

/** The parse itself (host, port) is zod's URL check, which uses the platform's URL parser. */
const httpUrlSchema = z.url({ protocol: /^https?$/ });

/**
 * The base URL of a provider's API for one site (`{endpoint}/wallet/pull_back`, `/report`): an
 * absolute http or https URL with a host, at most 500 characters, no user name or password in it
 * (the merchant's credential is the shared secret, sent as a signature), no query and no fragment
 * (paths are appended to it). Surrounding spaces are trimmed; an empty string, like null, clears
 * the endpoint. Messages are keys of the web app's `validation` namespace.
 */
export const providerEndpointSchema = z
  .string()
  .trim()
  .max(PROVIDER_ENDPOINT_MAX, 'providerEndpoint.max')
  .refine((v) => v === '' || /^https?:\/\/[^/?#]/i.test(v), 'providerEndpoint.scheme')
  .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(v), 'providerEndpoint.credentials')
  .refine((v) => !/[?#]/.test(v), 'providerEndpoint.query')
  .refine((v) => v === '' || (!/[\s\\]/.test(v) && httpUrlSchema.safeParse(v).success), 'providerEndpoint.format')
  .nullable();

/** `POST /api/manage/provider/change_endpoint`: this site's endpoint at the provider; '' or null clears it. */
export const providerEndpointRequestSchema = z.strictObject({ code: providerCodeSchema, endpoint: providerEndpointSchema });
export type ProviderEndpointRequest = z.input<typeof providerEndpointRequestSchema>;

// ---- reconciliation: our transfers against the provider's, per business day -------------------

/**
 * `POST /api/manage/provider/reconciliation` (PROVIDER_MAINTAIN; the site's admin and its shadows:
 * it shows every player of the site): one provider, one business day of the site (noon to noon in
 * the site's time zone). The platform's transfers with the provider are matched by transaction id
 * against what the provider reports (a signed call to its endpoint); every transfer that is not on
 * both sides with the same player and amount is listed. Also listed whatever the day: transfers
 * held for reconciliation (a transfer_in above the player's position, credited to nobody) and
 * pull-backs the provider has not confirmed yet.
 */
export const reconciliationRequestSchema = z.strictObject({
  code: providerCodeSchema,
  /** Business date `YYYY-MM-DD` of the site. */
  date: businessDateSchema,
});
export type ReconciliationRequest = z.input<typeof reconciliationRequestSchema>;

export const RECONCILIATION_DIFFERENCES = ['MISSING_AT_PROVIDER', 'MISSING_AT_PLATFORM', 'AMOUNT', 'PLAYER', 'HELD'] as const;
export type ReconciliationDifference = (typeof RECONCILIATION_DIFFERENCES)[number];

const transferTypeSchema = z.enum(['TRANSFER_OUT', 'TRANSFER_IN', 'PULL_BACK']);

const sideTotalsSchema = z.object({
  count: z.number().int().nonnegative(),
  /** Sums per type, money strings. */
  out: z.string(),
  in: z.string(),
  pullBack: z.string(),
});

export const reconciliationSchema = z.object({
  code: z.string(),
  date: z.string(),
  /** The day's bounds, `YYYY-MM-DD HH:mm:ss` in the site's time zone: [from, to). */
  from: z.string(),
  to: z.string(),
  ours: sideTotalsSchema,
  /** null when the provider could not be asked (no endpoint, unreachable, an unsigned answer). */
  theirs: sideTotalsSchema.nullable(),
  /** Why `theirs` is null: an error name of the catalogue. */
  providerError: z.string().nullable(),
  differences: z.array(
    z.object({
      transactionId: z.string(),
      type: transferTypeSchema,
      difference: z.enum(RECONCILIATION_DIFFERENCES),
      playerAccountNo: z.string(),
      /** The platform's amount (null: not on our side), the provider's (null: not on theirs). */
      ours: z.string().nullable(),
      theirs: z.string().nullable(),
      /** Site time, `YYYY-MM-DD HH:mm:ss`. */
      at: z.string(),
    }),
  ),
  /** Transfers held for reconciliation (any day): never credited automatically. */
  held: z.array(
    z.object({
      transactionId: z.string(),
      playerAccountNo: z.string(),
      amount: z.string(),
      /** The player's position when it arrived. */
      position: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Pull-backs the provider has not confirmed (any day): nothing was paid; a resend with the same key retries. */
  pending: z.array(
    z.object({
      transactionId: z.string(),
      playerAccountNo: z.string(),
      amount: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
