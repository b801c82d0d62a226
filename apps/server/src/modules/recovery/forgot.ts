import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AcceptedResponse, ForgotPasswordRequest, Locale, SiteId } from '@agent-bo/shared';
import { contactOf } from '../../core/contacts.js';
import { issueCode, useCode, type CodeContext } from '../../core/one-time-codes.js';
import { writeLog } from '../../core/oplog.js';
import { codeMessage } from '../../core/outbound.js';
import { closeResetRequest } from '../../core/reset-requests.js';
import { inTransaction } from '../../core/tx.js';
import { accounts, passwordHandoffs, passwordResetRequests, sessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import type { ThrottleConfig } from '../../config.js';
import { findAccountByNo } from '../account/index.js';
import { allowAsk, clearAccountFailures, readThrottle, recordFailure, throttleKeys } from '../auth/index.js';

/**
 * "Forgot password" (issue 33). Staff accounts live in a tree and have no e-mail by default, so
 * the first way is up the tree: the request lands with the account's upper agents, who reset the
 * password on the member screen with the one-time hand-off (members/credentials.ts closes the
 * request). An account with a proved phone or e-mail may instead get a code and set a new
 * password itself. The answer never says whether the account exists or which way could work;
 * every request and every reset is in the operation log.
 */

export interface RecoveryOptions {
  throttle: ThrottleConfig;
  sleep: (ms: number) => Promise<void>;
}

export async function requestReset(
  ctx: CodeContext,
  input: ForgotPasswordRequest & { siteId: SiteId; ip: string; userAgent?: string; locale: Locale },
  options: RecoveryOptions,
): Promise<AcceptedResponse> {
  await allowAsk(ctx.db, { siteId: input.siteId, key: input.accountNo, ip: input.ip }, options.throttle);
  const account = await findAccountByNo(ctx.db, input.siteId, input.accountNo);
  if (!account || account.kind !== 'AGENT') return { accepted: true };
  const actor = { siteId: input.siteId, operatorId: account.id, ip: input.ip };
  const now = ctx.now();

  if (input.via === 'UPPER') {
    // The site's admin has no upper agent: nobody could answer.
    if (account.parentId === null) return { accepted: true };
    await inTransaction(ctx.db, async (tx) => {
      await tx
        .insert(passwordResetRequests)
        .values({
          siteId: input.siteId,
          accountId: account.id,
          ip: input.ip,
          userAgent: input.userAgent?.slice(0, 512) ?? null,
          createdAt: now,
          lastAskedAt: now,
        })
        .onConflictDoUpdate({
          target: passwordResetRequests.accountId,
          targetWhere: sql`${passwordResetRequests.status} = 'PENDING'`,
          set: {
            asks: sql`${passwordResetRequests.asks} + 1`,
            lastAskedAt: now,
            ip: input.ip,
            userAgent: input.userAgent?.slice(0, 512) ?? null,
          },
        });
      await writeLog(tx, actor, account.id, 'OPERATION', null, { resetRequested: 'UPPER' });
    });
    return { accepted: true };
  }

  const destination = await contactOf(ctx.db, account.id, input.via);
  if (!destination) return { accepted: true };
  const code = await inTransaction(ctx.db, async (tx) => {
    const issued = await issueCode(
      tx,
      ctx.serverKey,
      { siteId: input.siteId, accountId: account.id, purpose: 'RESET', channel: input.via as 'sms' | 'email', destination, ip: input.ip },
      now,
    );
    await writeLog(tx, actor, account.id, 'OPERATION', null, { resetRequested: input.via });
    return issued;
  });
  ctx.outbound.dispatch(ctx.db, {
    siteId: input.siteId,
    accountId: account.id,
    channel: input.via,
    to: destination,
    ...codeMessage('RESET', code, input.locale),
  });
  return { accepted: true };
}

/**
 * Sets a new password with a reset code. A wrong code counts on the sign-in throttle (it is a
 * guess at a way in) and on the code's own tries; every session of the account ends, as after
 * any password reset.
 */
export async function resetWithCode(
  ctx: CodeContext,
  input: { siteId: SiteId; accountNo: string; code: string; password: string; ip: string },
  options: RecoveryOptions,
): Promise<AcceptedResponse> {
  const keys = throttleKeys(input.siteId, input.accountNo, input.ip);
  const state = await readThrottle(ctx.db, keys, options.throttle);
  if (state.lockedSeconds > 0) throw new AppError('SIGNIN_LOCKED', { n: state.lockedSeconds });
  if (state.delayMs > 0) await options.sleep(state.delayMs);

  const account = await findAccountByNo(ctx.db, input.siteId, input.accountNo);
  // The policy speaks only once the code is right: before, it would tell a guesser the account's nickname rules.
  const used =
    account && account.kind === 'AGENT'
      ? await inTransaction(ctx.db, (tx) =>
          useCode(tx, ctx.serverKey, { siteId: input.siteId, accountId: account.id, purpose: 'RESET' }, input.code, ctx.now()),
        )
      : null;
  if (!account || !used) {
    await recordFailure(ctx.db, keys, options.throttle);
    throw new AppError('CODE_INVALID');
  }
  assertPasswordAllowed(input.password, account);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    // The account chose this password itself: nothing temporary about it.
    await tx.update(accounts).set({ passwordHash, passwordTemporary: false, passwordExpiresAt: null }).where(eq(accounts.id, account.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.accountId, account.id), isNull(sessions.revokedAt)));
    await tx
      .update(passwordHandoffs)
      .set({ usedAt: now })
      .where(and(eq(passwordHandoffs.accountId, account.id), isNull(passwordHandoffs.usedAt)));
    await closeResetRequest(tx, { accountId: account.id, by: account.id, status: 'DONE', now });
    await writeLog(tx, { siteId: input.siteId, operatorId: account.id, ip: input.ip }, account.id, 'PWD_CHANGE', null, {
      reset: true,
      by: used.channel,
    });
  });
  await clearAccountFailures(ctx.db, keys);
  return { accepted: true };
}
