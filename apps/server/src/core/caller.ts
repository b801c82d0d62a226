import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { PERMISSION_CODES, type AssignedRole, type PermissionCode, type SiteId } from '@agent-bo/shared';
import type { Db } from '../db/client.js';
import { accounts } from '../db/schema/index.js';
import type { Q } from './tx.js';

/**
 * Who is calling and what the tree's rules let it do: an account with its ancestor chain applied.
 * The auth module builds the `Caller` of a request from a session; every module takes one.
 */

export type AccountRow = typeof accounts.$inferSelect;

/** An account with the rules of its ancestor chain applied. */
export interface ResolvedAccount {
  account: AccountRow;
  /** Effective flags: isDisabled own (a shadow also its owner's); the "full" ones own or inherited. */
  isDisabled: boolean;
  isFullDisabled: boolean;
  isFullReadonly: boolean;
  /** Effective permission codes, in catalogue order. */
  codes: PermissionCode[];
  /** The roles the account holds (its own, not its ancestors'), by id. */
  roles: AssignedRole[];
  /** Whose subtree this account works in: the owner for a shadow, else itself. */
  scopeRootId: number;
}

/** The signed-in caller of a request. */
export interface Caller extends ResolvedAccount {
  sessionId: number;
  siteId: SiteId;
}

const ALL_CODES: readonly PermissionCode[] = PERMISSION_CODES;

/** The site's admin: the root of the tree (no parent, level 0), never a shadow. */
export function isAdmin(account: Pick<AccountRow, 'parentId' | 'isShadow' | 'lvl'>): boolean {
  return account.parentId === null && account.lvl === 0 && !account.isShadow;
}

/**
 * Effective codes along a chain (root first, the account last): the admin holds every code; any
 * other account holds (the codes of its roles ∪ its own grant) ∩ its parent's effective codes (a
 * shadow: ∩ its owner's). Players hold none.
 */
export function effectiveCodes(
  chain: readonly (Pick<AccountRow, 'parentId' | 'isShadow' | 'lvl' | 'permissions' | 'kind'> & RoleCodes)[],
): PermissionCode[] {
  const self = chain[chain.length - 1];
  if (!self || self.kind === 'PLAYER') return [];
  let held = new Set<string>(ALL_CODES);
  for (const node of chain) {
    if (isAdmin(node)) continue;
    const grant = new Set([...node.permissions, ...(node.roleCodes ?? [])]);
    held = new Set([...held].filter((code) => grant.has(code)));
  }
  return ALL_CODES.filter((code) => held.has(code));
}

/**
 * The codes of the roles an account holds. Absent means none: only callers that resolve players
 * (who hold no codes whatever their chain) may leave it out; the auth query and `resolveAccount`
 * always load it.
 */
export interface RoleCodes {
  roleCodes?: readonly string[];
}

/** What the chain rules read from an ancestor. */
export type ChainNode = Pick<
  AccountRow,
  'id' | 'parentId' | 'isShadow' | 'lvl' | 'permissions' | 'kind' | 'isDisabled' | 'isFullDisabled' | 'isFullReadonly'
> &
  RoleCodes;

/** An account's own roles as the auth query and `resolveAccount` load them. */
export interface OwnRoles {
  roles: readonly (AssignedRole & { codes: readonly string[] })[];
}

/**
 * SQL: the distinct codes of the roles account `id` (of site `siteId`) holds, a text[]; roles of that site only.
 * Part of the auth query's one round trip, so a role edit counts from the next request on.
 */
export function roleCodesSql(id: SQL, siteId: SQL): SQL {
  return sql`array(select distinct c from account_roles ar join roles r on r.id = ar.role_id, unnest(r.codes) c
    where ar.account_id = ${id} and r.site_id = ${siteId})`;
}

/** SQL: the roles account `id` holds, a json array of { id, name, codes } ordered by id. */
export function ownRolesSql(id: SQL, siteId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'codes', r.codes) order by r.id), '[]'::json)
    from account_roles ar join roles r on r.id = ar.role_id
    where ar.account_id = ${id} and r.site_id = ${siteId})`;
}

/**
 * Applies the rules of `ancestors` (any order; the rows of `account.path`) to `account`, whose own
 * roles are `own` (none when left out: only for players, who hold no codes).
 */
export function resolveWithAncestors(account: AccountRow, ancestors: readonly ChainNode[], own: OwnRoles = { roles: [] }): ResolvedAccount {
  const byId = new Map(ancestors.map((a) => [a.id, a]));
  const self: ChainNode = { ...account, roleCodes: own.roles.flatMap((r) => r.codes) };
  const chain: ChainNode[] = [...account.path.map((id) => byId.get(id)).filter((a): a is ChainNode => a !== undefined), self];
  const owner = account.isShadow && account.parentId !== null ? byId.get(account.parentId) : undefined;
  return {
    account,
    // A shadow acts for its owner, so a disabled owner disables its shadows too.
    isDisabled: account.isDisabled || (owner?.isDisabled ?? false),
    isFullDisabled: chain.some((a) => a.isFullDisabled),
    isFullReadonly: chain.some((a) => a.isFullReadonly),
    codes: effectiveCodes(chain),
    roles: own.roles.map((r) => ({ id: r.id, name: r.name })),
    scopeRootId: account.isShadow && account.parentId !== null ? account.parentId : account.id,
  };
}

/** Applies the ancestors' rules to `account` (one query: the ancestors with their role codes, and the account's roles). */
export async function resolveAccount(db: Q | Db, account: AccountRow): Promise<ResolvedAccount> {
  const rows = await db
    .select({
      ...getTableColumns(accounts),
      roleCodes: sql<string[]>`${roleCodesSql(sql`${accounts.id}`, sql`${accounts.siteId}`)}`,
      ownRoles: sql<OwnRoles['roles']>`${ownRolesSql(sql`${accounts.id}`, sql`${accounts.siteId}`)}`,
    })
    .from(accounts)
    .where(inArray(accounts.id, [...account.path, account.id]));
  const own = rows.find((r) => r.id === account.id);
  return resolveWithAncestors(
    account,
    rows.filter((r) => r.id !== account.id),
    { roles: own?.ownRoles ?? [] },
  );
}
