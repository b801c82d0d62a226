import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * One-time password hand-off (PRODUCT.md §3): the password chosen at create / reset, encrypted
 * with the server's hand-off key (AES-256-GCM), readable through copy_info until it expires
 * (24 h), is replaced by a newer one, or the account signs in.
 */
export const passwordHandoffs = pgTable(
  'password_handoffs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
    ciphertext: text('ciphertext').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the account signs in or a newer hand-off replaces this one. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_handoffs_account_idx').on(t.accountId)],
);
