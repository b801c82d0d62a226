import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { AssignedRole, SessionStep, UserInfo } from '@agent-bo/shared';
import { assignedRolesOf, isAdmin, resolveAccount, type AccountRow, type Caller, type ResolvedAccount } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { stepRefusal } from '../../core/session-steps.js';

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

export function toUserInfo(resolved: ResolvedAccount, assignedRoles: AssignedRole[], sessionStep: SessionStep | null = null): UserInfo {
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
    assignedRoles,
    permission: { permissions: resolved.codes.map((code) => ({ code })) },
    sessionStep,
  };
}

/** `userinfo`: the caller's own, or (with `id`) an account strictly inside its subtree. */
export async function getUserInfo(db: Db, caller: Caller, id?: number): Promise<UserInfo> {
  if (id === undefined || id === caller.account.id)
    return toUserInfo(caller, await assignedRolesOf(db, caller.account), caller.sessionStep);
  // A session that must first change its password or enrol reads only its own user info.
  if (caller.sessionStep) throw new AppError(stepRefusal(caller.sessionStep));
  const target = await findInSubtree(db, caller, id);
  return toUserInfo(await resolveAccount(db, target), await assignedRolesOf(db, target));
}
