import { and, eq, gt } from 'drizzle-orm';
import {
  QR_SIGN_IN_TTL_SECONDS,
  siteTimeZone,
  type QrDecideRequest,
  type QrRequest,
  type QrStartResponse,
  type QrWaitResponse,
  type SiteId,
} from '@agent-bo/shared';
import { resolveAccount, type Caller } from '../../core/caller.js';
import { notifySite, QR_CHANNEL } from '../../core/channels.js';
import type { QrWaiters } from '../../core/qr-waiters.js';
import { hasSecondFactor, useSecondFactorCode } from '../../core/second-factor.js';
import { recordSignIn } from '../../core/sign-in-events.js';
import { inTransaction } from '../../core/tx.js';
import type { ThrottleConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { accounts, qrSignIns } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { afterFirstFactor } from './flow.js';
import { clearAccountFailures, readThrottle, recordFailure, throttleKeys } from './throttle.js';

/**
 * QR sign-in (issue 33). Two secrets per request: the token in the picture lets a signed-in
 * device see the request and approve or deny it, and the asking page's wait token, which never
 * leaves that page, is the only thing that turns an approval into a session — so someone who
 * photographs the screen can approve a stranger into their own account at most, never sign in.
 */

export interface QrContext {
  db: Db;
  waiters: QrWaiters;
  now: () => Date;
}

export async function startQr(db: Db, input: { siteId: SiteId; ip: string; userAgent?: string }, now: Date): Promise<QrStartResponse> {
  const token = newToken();
  const waitToken = newToken();
  await db.insert(qrSignIns).values({
    tokenHash: hashToken(token),
    waitHash: hashToken(waitToken),
    siteId: input.siteId,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    expiresAt: new Date(now.getTime() + QR_SIGN_IN_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { token, waitToken, expiresIn: QR_SIGN_IN_TTL_SECONDS };
}

const byWait = (db: Db, siteId: SiteId, waitToken: string) =>
  db
    .select()
    .from(qrSignIns)
    .where(and(eq(qrSignIns.waitHash, hashToken(waitToken)), eq(qrSignIns.siteId, siteId)))
    .then((rows) => rows[0]);

/**
 * The asking page's long poll: answers as soon as the request is decided (or after `waitMs`,
 * PENDING, and the page asks again). An approval is exchanged for a session once, through the
 * same flow as every sign-in (the approving account's address list is checked against the asking
 * browser's address). An unknown, used or expired request is QR_SIGN_IN_EXPIRED: the page asks
 * for a new code.
 */
export async function waitQr(
  ctx: QrContext,
  input: { siteId: SiteId; waitToken: string },
  options: { sessionTtlMinutes: number; waitMs: number },
): Promise<QrWaitResponse> {
  const first = await byWait(ctx.db, input.siteId, input.waitToken);
  if (!first) throw new AppError('QR_SIGN_IN_EXPIRED');
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    const wait = ctx.waiters.waitFor(first.id, Math.max(0, deadline - Date.now()));
    const row = await byWait(ctx.db, input.siteId, input.waitToken);
    if (!row || row.status === 'USED' || (row.status === 'PENDING' && row.expiresAt <= ctx.now())) {
      wait.cancel();
      throw new AppError('QR_SIGN_IN_EXPIRED');
    }
    if (row.status === 'DENIED') {
      wait.cancel();
      return { status: 'DENIED' };
    }
    if (row.status === 'APPROVED') {
      wait.cancel();
      return { status: 'APPROVED', signedIn: await exchange(ctx, row.id, input.siteId, options) };
    }
    if (Date.now() >= deadline) {
      wait.cancel();
      return { status: 'PENDING' };
    }
    await wait.woken;
  }
}

/** Uses an approval up (once, whoever asks twice) and opens the approving account's session. */
async function exchange(ctx: QrContext, id: number, siteId: SiteId, options: { sessionTtlMinutes: number }) {
  const [used] = await ctx.db
    .update(qrSignIns)
    .set({ status: 'USED' })
    .where(and(eq(qrSignIns.id, id), eq(qrSignIns.status, 'APPROVED')))
    .returning();
  if (!used?.accountId) throw new AppError('QR_SIGN_IN_EXPIRED');
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, used.accountId));
  const resolved = await resolveAccount(ctx.db, account!);
  const attempt = { siteId, accountId: account!.id, method: 'QR' as const, ip: used.ip ?? '', userAgent: used.userAgent ?? undefined };
  // Disabled since it approved: no session.
  if (resolved.isDisabled || resolved.isFullDisabled) {
    await recordSignIn(ctx.db, { ...attempt, result: 'DISABLED' });
    throw new AppError('ACCOUNT_DISABLED');
  }
  const signedIn = await afterFirstFactor(ctx.db, { account: account!, resolved, ...attempt }, { ...options, now: ctx.now });
  // The flow asks no second factor of a QR sign-in: its approval was confirmed with it.
  if ('secondFactor' in signedIn) throw new AppError('INTERNAL');
  return signedIn;
}

/** A pending, unexpired request of the caller's site, by the token in the picture. */
async function pending(db: Pick<Db, 'select'>, caller: Caller, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(qrSignIns)
    .where(
      and(
        eq(qrSignIns.tokenHash, hashToken(token)),
        eq(qrSignIns.siteId, caller.siteId),
        eq(qrSignIns.status, 'PENDING'),
        gt(qrSignIns.expiresAt, now),
      ),
    );
  if (!row) throw new AppError('QR_SIGN_IN_EXPIRED');
  return row;
}

/** What the approving device shows: which browser, from which address, asks. */
export async function showQr(db: Db, caller: Caller, token: string, now: Date): Promise<QrRequest> {
  const row = await pending(db, caller, token, now);
  return {
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: formatDateTime(row.createdAt, siteTimeZone(caller.siteId)),
    confirmWith: (await hasSecondFactor(db, caller.account.id)) ? 'SECOND_FACTOR' : 'PASSWORD',
  };
}

/**
 * Approves or denies a request for the caller's own account. An approval needs a fresh
 * confirmation on this device — a second-factor code when the account has one, else its password
 * — so an unattended signed-in phone does not sign a stranger in. Wrong confirmations count on
 * the sign-in throttle of the account and this address and are in the account's history; a
 * denial is too. Only a pending request can be decided, once: a second decision, by this account
 * or another, is QR_SIGN_IN_EXPIRED.
 */
export async function decideQr(
  ctx: QrContext & { handoffKey: Buffer; throttle: ThrottleConfig },
  caller: Caller,
  ip: string,
  input: QrDecideRequest,
): Promise<null> {
  const now = ctx.now();
  const row = await pending(ctx.db, caller, input.token, now);
  const history = {
    siteId: caller.siteId,
    accountId: caller.account.id,
    method: 'QR' as const,
    ip: row.ip ?? ip,
    userAgent: row.userAgent ?? undefined,
  };
  if (input.approve) {
    const keys = throttleKeys(caller.siteId, caller.account.accountNo, ip);
    const state = await readThrottle(ctx.db, keys, ctx.throttle);
    if (state.lockedSeconds > 0) throw new AppError('SIGNIN_LOCKED', { n: state.lockedSeconds });
    const withCode = await hasSecondFactor(ctx.db, caller.account.id);
    const confirmed = withCode
      ? (await inTransaction(ctx.db, (tx) => useSecondFactorCode(tx, ctx.handoffKey, caller.account.id, input.code ?? '', now))) !== null
      : await verifyPassword(caller.account.passwordHash, input.password ?? '');
    if (!confirmed) {
      await recordFailure(ctx.db, keys, ctx.throttle);
      await recordSignIn(ctx.db, { ...history, result: withCode ? 'BAD_SECOND_FACTOR' : 'BAD_PASSWORD' });
      throw new AppError(withCode ? 'SECOND_FACTOR_INVALID' : 'WRONG_PASSWORD');
    }
    await clearAccountFailures(ctx.db, keys);
  }
  await inTransaction(ctx.db, async (tx) => {
    const decided = await tx
      .update(qrSignIns)
      .set({ status: input.approve ? 'APPROVED' : 'DENIED', accountId: caller.account.id, decidedAt: now })
      .where(and(eq(qrSignIns.id, row.id), eq(qrSignIns.status, 'PENDING'), gt(qrSignIns.expiresAt, now)))
      .returning({ id: qrSignIns.id });
    if (decided.length === 0) throw new AppError('QR_SIGN_IN_EXPIRED');
    if (!input.approve) await recordSignIn(tx, { ...history, result: 'QR_DENIED' });
    await notifySite(tx, QR_CHANNEL, String(row.id));
  });
  return null;
}
