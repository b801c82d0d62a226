import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
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
    /**
     * Base URL of the provider's API for this merchant: the platform's own calls to the provider
     * (a staff pull-back, the reconciliation report) go there. Null: none configured, and a
     * pull-back is refused before anything happens.
     */
    endpoint: text('endpoint'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.providerCode] })],
);

/**
 * A staff pull-back of a player's credit from a provider (OPERATION_TRANSFER): a signed call to the
 * provider, completed only when the provider confirms. PENDING until then — the amount is reserved
 * against the player's position, nothing is paid; a resend with the same key calls again with the
 * same `transaction_id` (the provider's idempotency). COMPLETED carries the ledger transaction
 * (TRANSFER_IN, house → player) and the answer; REFUSED the error name. (site, operator, key) is
 * unique: the key binds to its first outcome.
 */
export const providerPullbacks = pgTable(
  'provider_pullbacks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    siteId: text('site_id').notNull(),
    providerCode: text('provider_code').notNull(),
    /** Our id of the pull-back, sent to the provider: its idempotency key there. */
    transactionId: text('transaction_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => accounts.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => accounts.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    memo: text('memo'),
    status: text('status', { enum: ['PENDING', 'COMPLETED', 'REFUSED'] }).notNull(),
    refusal: text('refusal'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_pullbacks_key_uq').on(t.siteId, t.operatorId, t.idempotencyKey),
    uniqueIndex('provider_pullbacks_tx_uq').on(t.siteId, t.transactionId),
    index('provider_pullbacks_pending_idx')
      .on(t.playerId, t.providerCode)
      .where(sql`${t.status} = 'PENDING'`),
    index('provider_pullbacks_site_created_idx').on(t.siteId, t.providerCode, t.createdAt),
    check('provider_pullbacks_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A provider's transfer_in above the player's outstanding position: stored, credited to nobody,
 * listed for staff with PROVIDER_MAINTAIN in the reconciliation. The ledger's system key of the
 * transfer binds the id (a replay answers HELD again).
 */
export const providerHeldTransfers = pgTable(
  'provider_held_transfers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    siteId: text('site_id').notNull(),
    providerCode: text('provider_code').notNull(),
    transactionId: text('transaction_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The player's position (what may come home) when the transfer arrived. */
    position: bigint('position', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_held_transfers_tx_uq').on(t.siteId, t.providerCode, t.transactionId),
    index('provider_held_transfers_site_created_idx').on(t.siteId, t.providerCode, t.createdAt),
  ],
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
