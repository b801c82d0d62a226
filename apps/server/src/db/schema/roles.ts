import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@agent-bo/shared';
import { accounts } from './accounts.js';
import { sites } from './sites.js';

/**
 * Roles (PRODUCT.md §7): named sets of permission codes of one site. An account's effective codes
 * are (the codes of its roles ∪ its own grant) ∩ its parent's effective codes; the auth query
 * reads them on every request, so an edit counts from the next request on.
 */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** The built-in role this row was seeded as (shared BUILTIN_ROLES), null for a role staff added. */
    builtinKey: text('builtin_key'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    codes: text('codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Holders of this role must sign in with a second factor. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique per site on their zh_TW form, case-insensitively.
    uniqueIndex('roles_site_name_idx').on(t.siteId, sql`lower(${t.name}->>'zh_TW')`),
    uniqueIndex('roles_site_builtin_idx').on(t.siteId, t.builtinKey),
  ],
);

/** Which account holds which role. Deleting a role (or an account) removes its rows. */
export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => accounts.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_roles_role_idx').on(t.roleId, t.accountId)],
);

/** Marks a site whose built-in roles were seeded once, so a built-in role staff deleted stays deleted. */
export const siteRoleSeeds = pgTable('site_role_seeds', {
  siteId: text('site_id')
    .primaryKey()
    .references(() => sites.id),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
