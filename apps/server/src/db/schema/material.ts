import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ENTITY_STATUSES, GAME_CATEGORIES, MODULE_LAYOUTS, PUBLISH_STATUSES, type LocalizedText } from '@agent-bo/shared';
import { accounts } from './accounts.js';
import { images } from './content.js';
import { providers } from './providers.js';
import { sites } from './sites.js';

/**
 * Game lobby material (PRODUCT.md §6; shared/material.ts says what each field means). Everything
 * is a site's own: one site's categories, games and modules are never another's.
 */

export const gameCategories = pgTable(
  'game_categories',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    iconImageId: text('icon_image_id').references(() => images.id),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['ACTIVE', 'DISABLE'] })
      .notNull()
      .default('ACTIVE'),
    /** The provider categories (LIVE, SLOT…) whose games fall here unless the operator filed them elsewhere. */
    providerCategories: text('provider_categories', { enum: GAME_CATEGORIES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_categories_site_name_idx').on(t.siteId, sql`lower(${t.name}->>'zh_TW')`)],
);

/**
 * A site's games: the provider's fields (kept by `games/sync`) and the operator's (kept by the
 * material screens). A re-push writes only the provider's; a game missing from a push is
 * `listed = false`, never deleted, so bets and reports keep its name.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    providerCode: text('provider_code')
      .notNull()
      .references(() => providers.code),
    code: text('code').notNull(),
    // the provider's
    providerNames: jsonb('provider_names').$type<Partial<LocalizedText>>().notNull().default({}),
    providerCategory: text('provider_category', { enum: GAME_CATEGORIES }).notNull(),
    /** Return to player in basis points of a percent (96.50 % = 9650), null when not given. */
    rtpBp: integer('rtp_bp'),
    thumbnailUrl: text('thumbnail_url'),
    providerStatus: text('provider_status', { enum: ENTITY_STATUSES }).notNull().default('ACTIVE'),
    listed: boolean('listed').notNull().default(true),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    // the operator's
    names: jsonb('names').$type<LocalizedText>().notNull().default({ zh_TW: '', en: '', th: '', vi: '' }),
    imageId: text('image_id').references(() => images.id),
    categoryId: integer('category_id').references(() => gameCategories.id, { onDelete: 'set null' }),
    tag: smallint('tag').notNull().default(0),
    /** Position among the games carrying the same tag (recommend management). */
    tagSort: integer('tag_sort').notNull().default(0),
    status: text('status', { enum: ENTITY_STATUSES }).notNull().default('ACTIVE'),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_site_provider_code_idx').on(t.siteId, t.providerCode, t.code),
    index('games_site_sort_idx').on(t.siteId, t.sort, t.id),
    index('games_site_tag_idx').on(t.siteId, t.tag, t.tagSort),
    index('games_category_idx').on(t.categoryId),
    index('games_image_idx').on(t.imageId),
    check('games_tag_range', sql`${t.tag} between 0 and 3`),
  ],
);

/** Lobby modules ("Hot slots", "Live casino"): ordered lists of games with a title and a layout. */
export const lobbyModules = pgTable(
  'lobby_modules',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    layout: text('layout', { enum: MODULE_LAYOUTS }).notNull().default('grid'),
    status: text('status', { enum: PUBLISH_STATUSES }).notNull().default('Draft'),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lobby_modules_site_sort_idx').on(t.siteId, t.sort, t.id)],
);

/** A module's games in lobby order; a game appears once per module. */
export const lobbyModuleGames = pgTable(
  'lobby_module_games',
  {
    moduleId: integer('module_id')
      .notNull()
      .references(() => lobbyModules.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.gameId] }), index('lobby_module_games_game_idx').on(t.gameId)],
);
