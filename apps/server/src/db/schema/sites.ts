import { sql } from 'drizzle-orm';
import type { EmbeddedPage } from '@agent-bo/shared';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A site is configuration (SITES in @agent-bo/shared), mirrored here so site data can reference it. */
export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  mode: text('mode', { enum: ['default', 'cabinet'] }).notNull(),
  timeZone: text('time_zone').notNull(),
  defaultLocale: text('default_locale').notNull(),
  hosts: text('hosts').array().notNull().default([]),
  /** Relief (POOR_USER, PRODUCT.md §3): only to a player whose balance is below this (minor units). */
  reliefThreshold: bigint('relief_threshold', { mode: 'bigint' })
    .notNull()
    .default(sql`1000`),
  /** Largest single relief grant (minor units). */
  reliefMaxAmount: bigint('relief_max_amount', { mode: 'bigint' })
    .notNull()
    .default(sql`10000`),
  /** Relief grants per player per business day (the day starts at 12:00 in the site's time zone). */
  reliefDailyCount: integer('relief_daily_count').notNull().default(1),
  /** A faint watermark of the signed-in account and the time over the layout (issue 38). */
  watermark: boolean('watermark').notNull().default(false),
  /** Pages shown in a frame inside the layout (`/frame/<id>`); checked with embeddedPagesSchema when read. */
  embeddedPages: jsonb('embedded_pages')
    .$type<EmbeddedPage[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Every staff account (agents and shadows) must sign in with a second factor. */
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  /** How long a password set by someone else (a hand-off) works before its first use. */
  handoffPasswordHours: integer('handoff_password_hours').notNull().default(72),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
