import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

/**
 * What the sign-in area (issue 33) keeps beside the accounts: the contacts an account has proved
 * it owns, the one-time codes sent to them, the messages that carried those codes, and the
 * password reset requests that go up the tree.
 */

/** A phone number or e-mail address the account proved it reads (a code sent there came back). */
export const accountContacts = pgTable(
  'account_contacts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** E.164 (`+` and digits) for sms, lower-cased for email. */
    destination: text('destination').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.channel] }),
    // A phone number signs in one account of a site: "which account?" must have one answer.
    uniqueIndex('account_contacts_site_destination_uq').on(t.siteId, t.channel, t.destination),
  ],
);

/**
 * A one-time code: six digits, stored only as an HMAC under the server's key (a leaked table
 * gives no code, and six digits cannot be tried offline without the key). Valid until
 * `expiresAt`, used once, burned after `maxAttempts` wrong tries.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose', { enum: ['SIGNIN', 'RESET', 'VERIFY'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_account_idx').on(t.accountId, t.purpose, t.createdAt)],
);

/**
 * Every message the outbound channel sent or tried to send. The text is kept only for the
 * `outbox` driver (the demo's, read on the outbox page); a real driver's row keeps the delivery
 * result and never the code it carried.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: integer('account_id').references(() => accounts.id),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    driver: text('driver', { enum: ['outbox', 'smtp', 'http'] }).notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body'),
    status: text('status', { enum: ['SENT', 'FAILED'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbound_messages_site_idx').on(t.siteId, t.id)],
);

/**
 * "I forgot my password", addressed to the account's upper agent, who resets it on the member
 * screen with the one-time hand-off. One open request per account: asking again refreshes it.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: ['PENDING', 'DONE', 'DISMISSED'] })
      .notNull()
      .default('PENDING'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How many times the account asked while the request was open. */
    asks: integer('asks').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
    handledBy: integer('handled_by').references(() => accounts.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_requests_open_uq')
      .on(t.accountId)
      .where(sql`${t.status} = 'PENDING'`),
    index('password_reset_requests_site_idx').on(t.siteId, t.status),
    check('password_reset_requests_handled', sql`(${t.status} = 'PENDING') = (${t.handledAt} is null)`),
  ],
);
