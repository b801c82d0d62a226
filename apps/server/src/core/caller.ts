import { inArray, sql } from 'drizzle-orm';
import { PERMISSION_CODES, type AssignedRole, type PermissionCode, type SessionStep, type SiteId } from '@agent-bo/shared';
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
  /** Whose subtree this account works in: the owner for a shadow, else itself. */
  scopeRootId: number;
}

/** The signed-in caller of a request. */
export interface Caller extends ResolvedAccount {
  sessionId: number;
  siteId: SiteId;
  /** What the session must do before anything else (plugins/auth.ts lets only `duringStep` routes through). */
  sessionStep: SessionStep | null;
  /** The session's last activity as the database had it when this caller was read (core/session-activity.ts). */
  sessionSeenAt: Date | null;
  /**
   * The address lists (CIDR blocks) set on the account and on each of its ancestors: a request
   * must come from inside every one of them (core/address-lists.ts). Empty when none is set.
   */
  addressLists: string[][];
}

/** A session that must first change its temporary password, or enrol a second factor. */
export type { SessionStep };

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
  chain: readonly Pick<AccountRow, 'parentId' | 'isShadow' | 'lvl' | 'permissions' | 'kind' | 'roleCodes'>[],
): PermissionCode[] {
  const self = chain[chain.length - 1];
  if (!self || self.kind === 'PLAYER') return [];
  let held = new Set<string>(ALL_CODES);
  for (const node of chain) {
    if (isAdmin(node)) continue;
    const grant = new Set([...node.permissions, ...node.roleCodes]);
    held = new Set([...held].filter((code) => grant.has(code)));
  }
  return ALL_CODES.filter((code) => held.has(code));
}

/** What the chain rules read from an ancestor (`roleCodes`: the union of its roles' codes). */
export type ChainNode = Pick<
  AccountRow,
  'id' | 'parentId' | 'isShadow' | 'lvl' | 'permissions' | 'kind' | 'isDisabled' | 'isFullDisabled' | 'isFullReadonly' | 'roleCodes'
>;

/** Applies the rules of `ancestors` (any order; the rows of `account.path`) to `account`. */
export function resolveWithAncestors(account: AccountRow, ancestors: readonly ChainNode[]): ResolvedAccount {
  const byId = new Map(ancestors.map((a) => [a.id, a]));
  const chain: ChainNode[] = [...account.path.map((id) => byId.get(id)).filter((a): a is ChainNode => a !== undefined), account];
  const owner = account.isShadow && account.parentId !== null ? byId.get(account.parentId) : undefined;
  return {
    account,
    // A shadow acts for its owner, so a disabled owner disables its shadows too.
    isDisabled: account.isDisabled || (owner?.isDisabled ?? false),
    isFullDisabled: chain.some((a) => a.isFullDisabled),
    isFullReadonly: chain.some((a) => a.isFullReadonly),
    codes: effectiveCodes(chain),
    scopeRootId: account.isShadow && account.parentId !== null ? account.parentId : account.id,
  };
}

/** Applies the ancestors' rules to `account` (one query: its ancestors). */
export async function resolveAccount(db: Q | Db, account: AccountRow): Promise<ResolvedAccount> {
  const ancestors = account.path.length ? await db.select().from(accounts).where(inArray(accounts.id, account.path)) : [];
  return resolveWithAncestors(account, ancestors);
}

/** The roles an account holds (of its own site), by id: what user info names. */
export async function assignedRolesOf(db: Q | Db, account: Pick<AccountRow, 'id' | 'siteId'>): Promise<AssignedRole[]> {
  const res = await db.execute<AssignedRole>(
    sql`select r.id, r.name from account_roles ar join roles r on r.id = ar.role_id
         where ar.account_id = ${account.id} and r.site_id = ${account.siteId} order by r.id`,
  );
  return res.rows;
}
