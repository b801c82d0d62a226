import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/**
 * Agents, players and shadow sub-accounts of one site, as one tree.
 *
 * `path` holds the ids of every ancestor, root first (the admin's path is empty). "Strictly inside
 * X's subtree" is `path @> ARRAY[X]`, served by the GIN index; `lvl` equals the path length except
 * for shadows, which carry their owner's lvl.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind', { enum: ['AGENT', 'PLAYER'] }).notNull(),
    isShadow: boolean('is_shadow').notNull().default(false),
    parentId: integer('parent_id').references((): AnyPgColumn => accounts.id),
    lvl: integer('lvl').notNull(),
    path: integer('path')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    accountNo: text('account_no').notNull(),
    /**
     * The union of the codes of the roles the account holds (roles of its site), in code order.
     * Kept by triggers on account_roles and roles (migration 0019) in the transaction of every
     * role change, so the auth statement reads one column per chain node instead of joining the
     * roles on every request, and it is never stale.
     */
    roleCodes: text('role_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nickName: text('nick_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Credit in minor units (1/100). Only the admin (the house) may go below zero. */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Share in basis points: 0..10000 = 0..100.00 %. */
    ratio: integer('ratio').notNull().default(0),
    isDisabled: boolean('is_disabled').notNull().default(false),
    isFullDisabled: boolean('is_full_disabled').notNull().default(false),
    isFullReadonly: boolean('is_full_readonly').notNull().default(false),
    /**
     * Who set each restriction (null while it is not set). Only that account or an ancestor of it
     * may lift it (PRODUCT.md §3).
     */
    disabledBy: integer('disabled_by').references((): AnyPgColumn => accounts.id),
    fullDisabledBy: integer('full_disabled_by').references((): AnyPgColumn => accounts.id),
    fullReadonlyBy: integer('full_readonly_by').references((): AnyPgColumn => accounts.id),
    /** Directly granted permission codes; the effective set is this ∩ the parent's effective set. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inviteCode: text('invite_code'),
    /** Enabled game provider codes: a subset of the parent's (the admin: every provider of the site). */
    providers: text('providers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Allowed bet-limit preset codes: a subset of the parent's (the admin: every preset of the site). */
    betLimits: text('bet_limits')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Players: identity verification. Accounts created by an agent are VERIFIED; self-registered start UNSUBMITTED. */
    verifyStatus: text('verify_status', { enum: ['UNSUBMITTED', 'PENDING', 'VERIFIED', 'REJECTED'] })
      .notNull()
      .default('VERIFIED'),
    /** Registered itself through an invite URL (PLAYER_REGISTER). */
    registered: boolean('registered').notNull().default(false),
    realName: text('real_name'),
    phone: text('phone'),
    verifySubmittedAt: timestamp('verify_submitted_at', { withTimezone: true }),
    createdBy: integer('created_by').references((): AnyPgColumn => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /**
     * The password was chosen by someone else (a hand-off at creation or a reset): the account must
     * change it at its first sign-in, and it stops working at `passwordExpiresAt` if unused.
     */
    passwordTemporary: boolean('password_temporary').notNull().default(false),
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accounts_site_account_no_uq').on(t.siteId, sql`lower(${t.accountNo})`),
    uniqueIndex('accounts_invite_code_uq').on(t.inviteCode),
    // One admin (root) per site.
    uniqueIndex('accounts_one_root_per_site_uq')
      .on(t.siteId)
      .where(sql`${t.parentId} is null`),
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_path_gin').using('gin', t.path),
    index('accounts_site_lvl_idx').on(t.siteId, t.lvl),
    check('accounts_ratio_range', sql`${t.ratio} between 0 and 10000`),
    check('accounts_root_is_admin', sql`(${t.parentId} is null) = (${t.lvl} = 0 and not ${t.isShadow})`),
    check('accounts_shadow_is_agent', sql`not ${t.isShadow} or ${t.kind} = 'AGENT'`),
    check('accounts_balance_house_only', sql`${t.balance} >= 0 or ${t.parentId} is null`),
  ],
);
