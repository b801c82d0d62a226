import { and, eq, sql } from 'drizzle-orm';
import type { RegisterRequest, SiteId, SubmitVerifyRequest } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import type { ThrottleConfig } from '../../config.js';
import { isAdmin, resolveAccount } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { findAccountByNo } from '../account/index.js';
import { readThrottle, recordFailure, throttleKeys } from '../auth/index.js';
import { mapUniqueViolation } from './context.js';
import { isAccountNoFree } from './credentials.js';
import { sitePresetCodes, siteProviderCodes } from './limits.js';
import { inTransaction } from '../../core/tx.js';

export interface PublicContext {
  db: Db;
  siteId: SiteId;
  ip: string;
  throttle: ThrottleConfig;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Self-registration through an agent's invite URL (no session): a PLAYER under the agent, waiting
 * for verification (UNSUBMITTED), with the agent's providers and bet limits. A code that does not
 * belong to an agent of this site that may operate (not disabled, fully disabled or fully
 * read-only, own or inherited) is INVITE_INVALID.
 */
export async function register(p: PublicContext, input: RegisterRequest): Promise<{ accountNo: string; verifyStatus: 'UNSUBMITTED' }> {
  const [agent] = await p.db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.siteId, p.siteId),
        eq(accounts.inviteCode, input.inviteCode),
        eq(accounts.kind, 'AGENT'),
        eq(accounts.isShadow, false),
      ),
    );
  if (!agent) throw new AppError('INVITE_INVALID');
  const resolved = await resolveAccount(p.db, agent);
  if (resolved.isDisabled || resolved.isFullDisabled || resolved.isFullReadonly) throw new AppError('INVITE_INVALID');
  const [siteP, siteB] = await Promise.all([siteProviderCodes(p.db, p.siteId), sitePresetCodes(p.db, p.siteId)]);
  const providers = isAdmin(agent) ? siteP : siteP.filter((c) => agent.providers.includes(c));
  const betLimits = isAdmin(agent) ? siteB : siteB.filter((c) => agent.betLimits.includes(c));
  assertPasswordAllowed(input.password, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(p.db, async (tx) => {
      if (!(await isAccountNoFree(tx, p.siteId, input.accountNo))) throw new AppError('ACCOUNT_NO_TAKEN');
      const [row] = await tx
        .insert(accounts)
        .values({
          siteId: p.siteId,
          kind: 'PLAYER',
          parentId: agent.id,
          lvl: agent.lvl + 1,
          path: [...agent.path, agent.id],
          accountNo: input.accountNo,
          nickName: input.nickName,
          passwordHash,
          providers,
          betLimits,
          verifyStatus: 'UNSUBMITTED',
          registered: true,
        })
        .returning();
      await writeLog(tx, { siteId: p.siteId, operatorId: row!.id, ip: p.ip }, row!.id, 'PLAYER_REGISTER', null, {
        accountNo: row!.accountNo,
        nickName: row!.nickName,
        parentId: agent.id,
        parentAccountNo: agent.accountNo,
        via: 'invite',
      });
      return { accountNo: row!.accountNo, verifyStatus: 'UNSUBMITTED' as const };
    });
  } catch (err) {
    mapUniqueViolation(err);
  }
}

/**
 * A registered player submits its identity (no session; its own password proves it): UNSUBMITTED
 * or REJECTED → PENDING. Guessing is throttled like sign-in; wrong account or password is
 * INVALID_CREDENTIALS; any other state is STATUS_NOT_APPLICABLE.
 */
export async function submitVerify(p: PublicContext, input: SubmitVerifyRequest): Promise<{ verifyStatus: 'PENDING' }> {
  const keys = throttleKeys(p.siteId, `verify:${input.accountNo}`, p.ip);
  const state = await readThrottle(p.db, keys, p.throttle);
  if (state.lockedSeconds > 0) throw new AppError('SIGNIN_LOCKED', { n: state.lockedSeconds });
  if (state.delayMs > 0) await p.sleep(state.delayMs);
  const player = await findAccountByNo(p.db, p.siteId, input.accountNo);
  const ok = await verifyPassword(player?.passwordHash ?? (await dummyHash()), input.password);
  if (!player || !ok || player.kind !== 'PLAYER') {
    await recordFailure(p.db, keys, p.throttle);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (player.verifyStatus !== 'UNSUBMITTED' && player.verifyStatus !== 'REJECTED') throw new AppError('STATUS_NOT_APPLICABLE');
  await inTransaction(p.db, async (tx) => {
    await tx
      .update(accounts)
      .set({ verifyStatus: 'PENDING', realName: input.realName, phone: input.phone, verifySubmittedAt: sql`now()` })
      .where(eq(accounts.id, player.id));
    await writeLog(
      tx,
      { siteId: p.siteId, operatorId: player.id, ip: p.ip },
      player.id,
      'SUBMIT_VERIFY',
      { verifyStatus: player.verifyStatus },
      { verifyStatus: 'PENDING', realName: input.realName, phone: input.phone },
    );
  });
  return { verifyStatus: 'PENDING' };
}
