import { and, eq, isNull } from 'drizzle-orm';
import { siteTimeZone, type SignedIn, type SiteId } from '@agent-bo/shared';
import { assignedRolesOf, type AccountRow, type ResolvedAccount, type SessionStep } from '../../core/caller.js';
import { recordSignIn, type SecondFactorKind, type SignInMethod } from '../../core/sign-in-events.js';
import type { Db } from '../../db/client.js';
import { accounts, passwordHandoffs, sessions } from '../../db/schema/index.js';
import { formatDateTime } from '../../lib/dates.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { toUserInfo } from '../account/index.js';

/**
 * Opens a session for an account that has passed every check of the sign-in flow (flow.ts): the
 * token, the step the session must take first, the last sign-in, the end of any one-time
 * password hand-off, and the sign-in history's line.
 */
export async function openSession(
  db: Db,
  account: AccountRow,
  resolved: ResolvedAccount,
  input: {
    siteId: SiteId;
    ip: string;
    userAgent?: string;
    method: SignInMethod;
    secondFactor?: SecondFactorKind;
    step: SessionStep | null;
  },
  options: { sessionTtlMinutes: number; now?: () => Date },
): Promise<SignedIn> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + options.sessionTtlMinutes * 60_000);
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      accountId: account.id,
      siteId: input.siteId,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      method: input.method,
      step: input.step,
      // Signing in is the session's first activity (the sessions list's "last active").
      lastSeenAt: options.now?.() ?? new Date(),
    })
    .returning({ id: sessions.id });
  await recordSignIn(db, {
    siteId: input.siteId,
    accountId: account.id,
    method: input.method,
    secondFactor: input.secondFactor,
    result: 'OK',
    ip: input.ip,
    userAgent: input.userAgent,
    sessionId: session!.id,
  });
  const now = new Date();
  await db.update(accounts).set({ lastLoginAt: now, lastLoginIp: input.ip }).where(eq(accounts.id, account.id));
  // The first sign-in ends any one-time password hand-off (copy_info shows pwd no more).
  await db
    .update(passwordHandoffs)
    .set({ usedAt: now })
    .where(and(eq(passwordHandoffs.accountId, account.id), isNull(passwordHandoffs.usedAt)));
  return {
    token,
    expiresAt: formatDateTime(expiresAt, siteTimeZone(input.siteId)),
    user: toUserInfo(
      { ...resolved, account: { ...account, lastLoginAt: now, lastLoginIp: input.ip } },
      await assignedRolesOf(db, account),
      input.step,
    ),
  };
}
