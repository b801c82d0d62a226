import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A site is configuration (SITES in @agent-bo/shared), mirrored here so site data can reference it. */
export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  mode: text('mode', { enum: ['default', 'cabinet'] }).notNull(),
  timeZone: text('time_zone').notNull(),
  defaultLocale: text('default_locale').notNull(),
  hosts: text('hosts').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
