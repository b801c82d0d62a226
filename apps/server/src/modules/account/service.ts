import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSION_CODES, type PermissionCode, type SiteId, type UserInfo } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

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
}

const ALL_CODES: readonly PermissionCode[] = PERMISSION_CODES;

export function isAdmin(account: Pick<AccountRow, 'parentId' | 'isShadow' | 'lvl'>): boolean {
  return account.parentId === null && account.lvl === 0 && !account.isShadow;
}

/**
 * Effective codes along a chain (root first, the account last): the admin holds every code; any
 * other account holds its own grant ∩ its parent's effective codes (a shadow: ∩ its owner's).
 * Players hold none.
 */
export function effectiveCodes(chain: readonly Pick<AccountRow, 'parentId' | 'isShadow' | 'lvl' | 'permissions' | 'kind'>[]): PermissionCode[] {
  const self = chain[chain.length - 1];
  if (!self || self.kind === 'PLAYER') return [];
  let held = new Set<string>(ALL_CODES);
  for (const node of chain) {
    if (isAdmin(node)) continue;
    const grant = new Set(node.permissions);
    held = new Set([...held].filter((code) => grant.has(code)));
  }
  return ALL_CODES.filter((code) => held.has(code));
}

/** What the chain rules read from an ancestor. */
export type ChainNode = Pick<AccountRow, 'id' | 'parentId' | 'isShadow' | 'lvl' | 'permissions' | 'kind' | 'isDisabled' | 'isFullDisabled' | 'isFullReadonly'>;

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

/** Applies the ancestors' rules to `account`. */
export async function resolveAccount(db: Db, account: AccountRow): Promise<ResolvedAccount> {
  const ancestors = account.path.length
    ? await db.select().from(accounts).where(inArray(accounts.id, account.path))
    : [];
  return resolveWithAncestors(account, ancestors);
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** Case-insensitive: account numbers are unique per site regardless of case. */
export async function findAccountByNo(db: Db, siteId: string, accountNo: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.siteId, siteId), sql`lower(${accounts.accountNo}) = lower(${accountNo})`));
  return row;
}

/**
 * The account `id` if it lies strictly inside the caller's working subtree on the caller's site.
 * Outside the subtree, on another site and nonexistent are one answer: ACCOUNT_NOT_FOUND.
 */
export async function findInSubtree(db: Db, caller: Caller, id: number): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.siteId, caller.siteId), arrayContains(accounts.path, [caller.scopeRootId])));
  if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
  return row;
}

export function rolesOf(account: AccountRow): string[] {
  if (account.isShadow) return ['shadow'];
  if (isAdmin(account)) return ['admin'];
  return account.kind === 'PLAYER' ? ['player'] : ['agent'];
}

export const HOME_PATH = '/dashboard';

export function toUserInfo(resolved: ResolvedAccount): UserInfo {
  const { account } = resolved;
  return {
    id: account.id,
    lvl: account.lvl,
    kind: account.kind,
    nickName: account.nickName,
    accountNo: account.accountNo,
    siteId: account.siteId,
    isShadow: account.isShadow,
    isDisabled: resolved.isDisabled,
    isFullDisabled: resolved.isFullDisabled,
    isFullReadonly: resolved.isFullReadonly,
    homePath: HOME_PATH,
    roles: rolesOf(account),
    permission: { permissions: resolved.codes.map((code) => ({ code })) },
  };
}

/** `userinfo`: the caller's own, or (with `id`) an account strictly inside its subtree. */
export async function getUserInfo(db: Db, caller: Caller, id?: number): Promise<UserInfo> {
  if (id === undefined || id === caller.account.id) return toUserInfo(caller);
  const target = await findInSubtree(db, caller, id);
  return toUserInfo(await resolveAccount(db, target));
}
