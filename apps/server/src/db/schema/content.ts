import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTENT_TYPES, PUBLISH_STATUSES, type LocalizedText } from '@agent-bo/shared';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded images (PRODUCT.md §6), addressed by the SHA-256 of their bytes so the same image is
 * stored once. The bytes live in PostgreSQL: every server process behind a balancer can serve
 * them with nothing shared but the database. Public once uploaded (the game client shows them).
 * An image no content refers to is removed some time after its last upload (orphan cleanup).
 */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Uploading the same bytes again renews this, so a fresh upload is never cleaned up as an orphan. */
  lastUploadedAt: timestamp('last_uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Site content: activities, announcements and broadcasts (shared/content.ts says what each field
 * means). Title and body are jsonb objects keyed by locale.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    type: text('type', { enum: CONTENT_TYPES }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    imageId: text('image_id').references(() => images.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: PUBLISH_STATUSES }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** Position in the site's pop-up list (activities only), null when not a pop-up. */
    popOrder: integer('pop_order'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_items_site_type_idx').on(t.siteId, t.type, t.status, t.startAt),
    index('content_items_site_pops_idx')
      .on(t.siteId, t.popOrder)
      .where(sql`${t.popOrder} is not null`),
    index('content_items_image_idx').on(t.imageId),
  ],
);
