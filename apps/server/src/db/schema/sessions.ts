import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

/** Back-office sessions. Only the sha256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the session was opened: a password, a one-time code, or a QR code approved elsewhere. */
    method: text('method', { enum: ['PASSWORD', 'CODE', 'QR'] })
      .notNull()
      .default('PASSWORD'),
    /** The last request the session made, written at most once a minute (the sessions list). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * What the session must do before anything else: change its temporary password, or enrol a
     * second factor its site or role requires. Null for a session that may work.
     */
    step: text('step', { enum: ['CHANGE_PASSWORD', 'ENROL_SECOND_FACTOR'] }),
  },
  (t) => [
    index('sessions_account_idx').on(t.accountId, t.createdAt),
    // The dashboard's visit counts read sign-ins of a site by time.
    index('sessions_site_created_idx').on(t.siteId, t.createdAt),
  ],
);
