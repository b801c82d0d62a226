import { sql } from 'drizzle-orm';
import { SIGN_IN_RESULTS } from '@agent-bo/shared';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

/**
 * The second half of the sign-in area (issue 33): who signed in when and how (the history), the
 * second factor and its recovery codes, the step between a correct password and a second factor,
 * the addresses an account may work from, and QR sign-ins approved from another device.
 */

/** How a session was opened (sessions.method) and how a sign-in was tried (sign_in_events.method). */
export const SIGN_IN_METHODS = ['PASSWORD', 'CODE', 'QR'] as const;

/** The second factor a sign-in passed, when it passed one. */
export const SECOND_FACTOR_KINDS = ['TOTP', 'RECOVERY'] as const;

/** Every sign-in attempt at an account, kept as long as the logs are (the account's sign-in history). */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    method: text('method', { enum: SIGN_IN_METHODS }).notNull(),
    secondFactor: text('second_factor', { enum: SECOND_FACTOR_KINDS }),
    result: text('result', { enum: SIGN_IN_RESULTS }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The session the attempt opened (result OK). No foreign key: the history outlives sessions,
     * which may be deleted, and a history row is never updated.
     */
    sessionId: integer('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_events_account_idx').on(t.accountId, t.id), index('sign_in_events_site_idx').on(t.siteId, t.createdAt)],
);

/**
 * An account's TOTP second factor (RFC 6238). The secret is encrypted with the server's hand-off
 * key, as hand-off passwords are: nobody reads it back, not even the upper agent who may reset it.
 * `enabledAt` is null while enrolment waits for its first code.
 */
export const accountSecondFactors = pgTable('account_second_factors', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  siteId: text('site_id')
    .notNull()
    .references(() => sites.id),
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts (lib/handoff-crypto). */
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is good once, not twice in its window. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use recovery codes per enrolment, stored only as hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/**
 * The step between a correct first factor and the second: a short-lived, single-use token that
 * stands for "this account gave its password (or code) from this address", exchanged with a
 * second-factor code for a session. No session exists until then.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The first factor given. */
    method: text('method', { enum: SIGN_IN_METHODS }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenges_account_idx').on(t.accountId)],
);

/**
 * The addresses an account may sign in and work from (IPv4 and IPv6 CIDR blocks), set by its
 * upper agents. Every list on the account's chain applies: an address must be inside each of
 * them, so a lower level can only narrow what its upper levels allow.
 */
export const accountAddressLists = pgTable('account_address_lists', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  siteId: text('site_id')
    .notNull()
    .references(() => sites.id),
  /** Normalised CIDR blocks (`203.0.113.0/24`, `2001:db8::/32`); never empty (no list = no row). */
  cidrs: text('cidrs').array().notNull(),
  updatedBy: integer('updated_by').references(() => accounts.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A QR sign-in: the login page shows a code for `token`; a device signed in as some account opens
 * it, sees the asking browser and address, and approves (with a fresh confirmation) or denies.
 * The waiting page is told at once and exchanges its own wait token (not the one in the picture)
 * for a session once.
 */
export const qrSignIns = pgTable(
  'qr_sign_ins',
  {
    id: serial('id').primaryKey(),
    /** The code the QR image carries: whoever scans it may approve or deny, never sign in with it. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The asking browser's own secret, never shown: only it exchanges an approval for a session. */
    waitHash: text('wait_hash').notNull().unique(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'DENIED', 'USED'] })
      .notNull()
      .default('PENDING'),
    /** The browser that asks. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The account that approved or denied it. */
    accountId: integer('account_id').references(() => accounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('qr_sign_ins_site_idx').on(t.siteId, t.createdAt),
    check('qr_sign_ins_decided', sql`(${t.status} = 'PENDING') = (${t.decidedAt} is null)`),
  ],
);
