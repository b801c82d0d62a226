import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CLIENT_ERROR_TYPES } from '@agent-bo/shared';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

/**
 * Front-end errors that browsers report (`POST /api/manage/error_log/report`) for operators.
 * Not append-only, unlike the operation log and the ledger: these are untrusted browser
 * diagnostics, not an audit record, and the table is kept bounded by pruning (per site the
 * newest rows, and nothing older than a set age; see the error-log module).
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** The reporting account when the browser sent a valid session token; null otherwise. */
    accountId: integer('account_id').references(() => accounts.id),
    type: text('type', { enum: CLIENT_ERROR_TYPES }).notNull(),
    name: text('name').notNull(),
    file: text('file').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull(),
    detail: text('detail').notNull(),
    url: text('url').notNull(),
    /** The browser's clock when it caught the error, as reported (`YYYY-MM-DD HH:mm:ss`). */
    reportedTime: text('reported_time').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first per site (the list) and the per-site row cap (pruning).
    index('client_errors_site_id_idx').on(t.siteId, t.id),
    // The age cut of pruning.
    index('client_errors_created_idx').on(t.createdAt),
  ],
);
