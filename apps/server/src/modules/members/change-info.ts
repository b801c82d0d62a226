import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  basisPointsToRatio,
  ratioToBasisPoints,
  type AgentChangeInfoRequest,
  type OwnChangeInfoRequest,
  type PlayerChangeInfoRequest,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { accounts, passwordHandoffs, sessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { assertWriter, reach } from '../../core/access.js';
import type { AccountRow } from '../../core/caller.js';
import { lockSubtree } from '../../core/locks.js';
import { finishSessionStep } from '../../core/session-steps.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { findAccountById } from '../account/index.js';
import type { MemberContext } from './context.js';
import { checkWithinParent, uniq } from './limits.js';

/** Editing an account's info (a member's, the caller's own), with narrowed sets cascading down the subtree. */

/**
 * Narrowing an account's providers / bet limits removes the dropped codes from every account
 * below it in the same transaction, so "a child's set within its parent's" keeps holding.
 */
async function cascadeNarrowing(tx: Q, account: AccountRow, set: { providers?: string[]; betLimits?: string[] }): Promise<number> {
  let touched = 0;
  if (set.providers) {
    const r = await tx.execute(sql`
      update accounts set providers = array(select p from unnest(providers) p where p = any(${sql.param(set.providers)}::text[]))
      where site_id = ${account.siteId} and path @> array[${account.id}]::integer[] and not (providers <@ ${sql.param(set.providers)}::text[])`);
    touched += r.rowCount ?? 0;
  }
  if (set.betLimits) {
    const r = await tx.execute(sql`
      update accounts set bet_limits = array(select b from unnest(bet_limits) b where b = any(${sql.param(set.betLimits)}::text[]))
      where site_id = ${account.siteId} and path @> array[${account.id}]::integer[] and not (bet_limits <@ ${sql.param(set.betLimits)}::text[])`);
    touched += r.rowCount ?? 0;
  }
  return touched;
}

export async function changeMemberInfo(
  m: MemberContext,
  input: AgentChangeInfoRequest | PlayerChangeInfoRequest,
  kind: 'agent' | 'player',
): Promise<null> {
  assertWriter(m.caller);
  await inTransaction(m.db, async (tx) => {
    // Narrowing providers or bet limits changes the whole subtree: check the target is within reach,
    // then lock it and its subtree in the one lock order (core/locks.ts) and read it again as locked.
    const narrowing = input.providers !== undefined || input.betLimits !== undefined;
    if (narrowing) {
      await reach(tx, m.caller, input.id, kind);
      await lockSubtree(tx, m.caller.siteId, input.id);
    }
    const target = await reach(tx, m.caller, input.id, kind, !narrowing);
    const parent = (await findAccountById(tx as Db, target.parentId!))!;
    const set: Partial<Pick<AccountRow, 'nickName' | 'ratio' | 'providers' | 'betLimits'>> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (input.nickName !== undefined && input.nickName !== target.nickName) {
      set.nickName = input.nickName;
      before.nickName = target.nickName;
      after.nickName = input.nickName;
    }
    const provs = input.providers ? uniq(input.providers) : undefined;
    const limits = input.betLimits ? uniq(input.betLimits) : undefined;
    await checkWithinParent(tx, parent, { providers: provs, betLimits: limits });
    if (provs && (provs.length !== target.providers.length || provs.some((c) => !target.providers.includes(c)))) {
      set.providers = provs;
      before.providers = target.providers;
      after.providers = provs;
    }
    if (limits && (limits.length !== target.betLimits.length || limits.some((c) => !target.betLimits.includes(c)))) {
      set.betLimits = limits;
      before.betLimits = target.betLimits;
      after.betLimits = limits;
    }
    let ratioChange: { from: number; to: number } | undefined;
    if ('ratio' in input && input.ratio !== undefined) {
      const ratio = ratioToBasisPoints(input.ratio);
      if (ratio > parent.ratio) throw new AppError('RATIO_ABOVE_PARENT');
      const [child] = await tx
        .execute<{ max: number | null }>(
          sql`select max(ratio)::int as max from accounts where parent_id = ${target.id} and kind = 'AGENT' and not is_shadow`,
        )
        .then((r) => r.rows);
      if (child?.max !== null && child?.max !== undefined && ratio < child.max) throw new AppError('RATIO_BELOW_CHILD');
      if (ratio !== target.ratio) {
        set.ratio = ratio;
        ratioChange = { from: target.ratio, to: ratio };
      }
    }
    if (Object.keys(set).length === 0) return;
    await tx.update(accounts).set(set).where(eq(accounts.id, target.id));
    const cascaded = await cascadeNarrowing(tx, target, { providers: set.providers, betLimits: set.betLimits });
    if (Object.keys(after).length > 0) {
      await writeLog(
        tx,
        m,
        target.id,
        kind === 'player' ? 'PLAYER_MODIFY' : 'OPERATION',
        before,
        cascaded ? { ...after, narrowedBelow: cascaded } : after,
      );
    }
    if (ratioChange) {
      await writeLog(
        tx,
        m,
        target.id,
        'RATIO_LOG',
        { ratio: basisPointsToRatio(ratioChange.from) },
        { ratio: basisPointsToRatio(ratioChange.to) },
      );
    }
  });
  return null;
}

/** The caller's own nickname and password (allowed to every signed-in caller, read-only included). */
export async function changeOwnInfo(m: MemberContext, input: OwnChangeInfoRequest): Promise<null> {
  const self = (await findAccountById(m.db, m.caller.account.id))!;
  let passwordHash: string | undefined;
  if (input.newPassword) {
    if (!(await verifyPassword(self.passwordHash, input.oldPassword ?? ''))) throw new AppError('WRONG_PASSWORD');
    // A password someone else chose is replaced, not kept.
    if (self.passwordTemporary && input.newPassword === input.oldPassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
    assertPasswordAllowed(input.newPassword, { accountNo: self.accountNo, nickName: input.nickName ?? self.nickName });
    passwordHash = await hashPassword(input.newPassword);
  }
  await inTransaction(m.db, async (tx) => {
    if (input.nickName !== undefined && input.nickName !== self.nickName) {
      await tx.update(accounts).set({ nickName: input.nickName }).where(eq(accounts.id, self.id));
      await writeLog(tx, m, self.id, 'OPERATION', { nickName: self.nickName }, { nickName: input.nickName });
    }
    if (passwordHash) {
      await tx.update(accounts).set({ passwordHash, passwordTemporary: false, passwordExpiresAt: null }).where(eq(accounts.id, self.id));
      // A session that had to change its password goes on to its next step, if any.
      await finishSessionStep(tx, m.caller.sessionId, { ...self, passwordTemporary: false });
      // Other sessions of this account end; the current one stays. Any hand-off is void.
      await tx
        .update(sessions)
        .set({ revokedAt: m.now() })
        .where(and(eq(sessions.accountId, self.id), isNull(sessions.revokedAt), sql`${sessions.id} <> ${m.caller.sessionId}`));
      await tx
        .update(passwordHandoffs)
        .set({ usedAt: m.now() })
        .where(and(eq(passwordHandoffs.accountId, self.id), isNull(passwordHandoffs.usedAt)));
      await writeLog(tx, m, self.id, 'PWD_CHANGE', null, { self: true });
    }
  });
  return null;
}
