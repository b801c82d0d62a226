import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/** Game providers of the platform (PRODUCT.md §5). */
export const providers = pgTable('providers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  status: text('status', { enum: ['ACTIVE', 'DISABLE', 'MAINTAIN'] })
    .notNull()
    .default('ACTIVE'),
  /**
   * Shared secret of the provider's server-to-server calls (HMAC-SHA256). The server needs it
   * readable to verify signatures; null until one is issued, and then every call is refused.
   */
  secret: text('secret'),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
});

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
