import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/**
 * The platform's catalogue of game providers (PRODUCT.md §5): code and name only. Everything a
 * site decides about a provider — its status and its merchant credentials — is the site's own
 * (`provider_merchants`); whether the site offers it is `site_providers`.
 */
export const providers = pgTable('providers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/**
 * A site's merchant account at a provider: one row per (site, provider), seeded for every site and
 * provider. Sites are tenants, so one site's admin changes only its own rows.
 */
export const providerMerchants = pgTable(
  'provider_merchants',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    providerCode: text('provider_code')
      .notNull()
      .references(() => providers.code, { onDelete: 'cascade' }),
    /** ACTIVE, or DISABLE / MAINTAIN: the provider API refuses this site's calls of the provider. */
    status: text('status', { enum: ['ACTIVE', 'DISABLE', 'MAINTAIN'] })
      .notNull()
      .default('ACTIVE'),
    /**
     * The site's shared secret for the provider's server-to-server calls (HMAC-SHA256). The
     * server needs it readable to verify signatures; null until one is issued, and then every call
     * of the provider for this site is refused.
     */
    secret: text('secret'),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.providerCode] })],
);

/** Which providers a site offers. */
export const siteProviders = pgTable(
  'site_providers',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    providerCode: text('provider_code')
      .notNull()
      .references(() => providers.code),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.providerCode] })],
);

/** Bet-limit presets of a site: min/max stake in minor units. */
export const betLimitPresets = pgTable(
  'bet_limit_presets',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    min: bigint('min', { mode: 'bigint' }).notNull(),
    max: bigint('max', { mode: 'bigint' }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.code] })],
);
