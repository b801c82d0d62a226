import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { POINTS_ENTRY_TYPES, PUBLISH_STATUSES, STORE_CATEGORY_STATUSES, STORE_ORDER_STATUSES, type LocalizedText } from '@agent-bo/shared';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

/**
 * The points store (PRODUCT.md §6; shared/store.ts says what each field means). Points are whole
 * numbers in their own ledger, apart from credit: an account per player whose balance equals the
 * sum of its entries and never goes below zero, entries that are never changed.
 */

/** The site's points rate: points per 100.00 of valid bet (integers only). */
export const storeSettings = pgTable(
  'store_settings',
  {
    siteId: text('site_id')
      .primaryKey()
      .references(() => sites.id),
    pointsPer100: integer('points_per_100').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('store_settings_rate_range', sql`${t.pointsPer100} between 0 and 1000000`)],
);

/**
 * A player's points. `debt` is what a downward correction (a resettled bet earning less after
 * the points were spent) could not take because the balance was too low: later earnings pay it
 * first, so balance − debt always equals what the rules give, and the balance is never negative.
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => accounts.id),
    siteId: text('site_id').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    debt: bigint('debt', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('points_accounts_nonnegative', sql`${t.balance} >= 0 and ${t.debt} >= 0`)],
);

/**
 * Every change of a player's points (append-only by trigger). A bet's entries name the bet
 * (provider, provider bet id, the version row); a store entry names the order. `balanceAfter`
 * chains each player's entries in id order.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    siteId: text('site_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => pointsAccounts.playerId),
    type: text('type', { enum: POINTS_ENTRY_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    providerCode: text('provider_code'),
    providerBetId: text('provider_bet_id'),
    /** The bet version row whose state this entry settles (GetByValidBet). */
    betRowId: bigint('bet_row_id', { mode: 'bigint' }),
    /** The bet's status that row had when the entry was written (Settled or Canceled). */
    betStatus: text('bet_status'),
    orderId: integer('order_id').references(() => storeOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_entries_player_idx').on(t.playerId, t.id),
    index('points_entries_site_created_idx').on(t.siteId, t.createdAt),
    // One entry per state of a bet version and one per order and type: a replay of either
    // cannot write a second one.
    uniqueIndex('points_entries_bet_state_uq')
      .on(t.betRowId, t.betStatus)
      .where(sql`${t.betRowId} is not null`),
    uniqueIndex('points_entries_order_type_uq')
      .on(t.orderId, t.type)
      .where(sql`${t.orderId} is not null`),
    check('points_entries_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
    check(
      'points_entries_source',
      sql`(${t.type} = 'GetByValidBet' and ${t.betRowId} is not null and ${t.orderId} is null)
       or (${t.type} <> 'GetByValidBet' and ${t.orderId} is not null and ${t.betRowId} is null)`,
    ),
  ],
);

/** What each provider bet has earned so far: a new state of the bet earns its target minus this. */
export const pointsBetEarnings = pgTable(
  'points_bet_earnings',
  {
    siteId: text('site_id').notNull(),
    providerCode: text('provider_code').notNull(),
    providerBetId: text('provider_bet_id').notNull(),
    playerId: integer('player_id').notNull(),
    earned: bigint('earned', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.providerCode, t.providerBetId] })],
);

/**
 * The earning job's durable cursor: bet versions that reached Settled or Canceled, appended by
 * a statement trigger on `bets` in the settling transaction (so nothing is missed whatever
 * writes the bets), and deleted by the job in the transaction that writes their entries (so
 * nothing is counted twice, and a crash between the two loses nothing).
 */
export const pointsBetQueue = pgTable('points_bet_queue', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  betRowId: bigint('bet_row_id', { mode: 'bigint' }).notNull(),
});

export const storeCategories = pgTable(
  'store_categories',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: STORE_CATEGORY_STATUSES }).notNull().default('ACTIVE'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_categories_site_name_idx').on(t.siteId, sql`lower(${t.name}->>'zh_TW')`),
    index('store_categories_site_sort_idx').on(t.siteId, t.sort, t.id),
  ],
);

export const storeGoods = pgTable(
  'store_goods',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => storeCategories.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    imageIds: text('image_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    price: integer('price').notNull(),
    stock: integer('stock').notNull(),
    perPlayerLimit: integer('per_player_limit'),
    status: text('status', { enum: PUBLISH_STATUSES }).notNull().default('Draft'),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_goods_site_sort_idx').on(t.siteId, t.sort, t.id),
    index('store_goods_category_idx').on(t.categoryId),
    check('store_goods_price_positive', sql`${t.price} > 0`),
    check('store_goods_stock_nonnegative', sql`${t.stock} >= 0`),
    check('store_goods_limit_positive', sql`${t.perPlayerLimit} is null or ${t.perPlayerLimit} > 0`),
  ],
);

export const storeOrders = pgTable(
  'store_orders',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => accounts.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => storeGoods.id),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: STORE_ORDER_STATUSES }).notNull().default('Unshipped'),
    shippingNote: text('shipping_note'),
    shippedBy: integer('shipped_by').references(() => accounts.id, { onDelete: 'set null' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => accounts.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_orders_player_key_uq').on(t.playerId, t.idempotencyKey),
    index('store_orders_site_created_idx').on(t.siteId, t.createdAt),
    index('store_orders_goods_player_idx').on(t.goodsId, t.playerId),
    check('store_orders_quantity_positive', sql`${t.quantity} > 0 and ${t.points} > 0`),
  ],
);

/**
 * The game client's player sessions: short-lived, apart from the back office's `sessions`, so a
 * player token is never looked up by the back office's authentication (and a staff token never
 * by the player API's). Only the sha256 of the token is stored.
 */
export const playerSessions = pgTable(
  'player_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    playerId: integer('player_id')
      .notNull()
      .references(() => accounts.id),
    siteId: text('site_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('player_sessions_player_idx').on(t.playerId, t.createdAt)],
);
