import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { siteTimeZone, type SigninResponse, type SiteId } from '@agent-bo/shared';
import { assignedRolesOf, resolveAccount, type AccountRow, type Caller, type ResolvedAccount } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { accounts, passwordHandoffs, sessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { dummyHash, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { ThrottleConfig } from '../../config.js';
import { findAccountByNo, toUserInfo } from '../account/index.js';
import { clearAccountFailures, readThrottle, recordFailure, throttleKeys } from './throttle.js';

export interface SigninInput {
  siteId: SiteId;
  accountNo: string;
  password: string;
  ip: string;
  userAgent?: string;
}

export interface SigninOptions {
  sessionTtlMinutes: number;
  throttle: ThrottleConfig;
  sleep: (ms: number) => Promise<void>;
  /** The server's clock (tests move it): the temporary password's expiry and the second factor's challenge. */
  now?: () => Date;
}

/**
 * Back-office sign-in.
 *
 * - An attempt whose (account, address) pair is locked, or from an address past its limit at an
 *   account it has already failed on, is refused with SIGNIN_LOCKED (429, Retry-After) before any
 *   password check. No lock ever reaches another address's attempts at the account, or this
 *   address's attempts at accounts it never tried (throttle.ts).
 * - After a few failures the answer is held back (growing delay), for right and wrong passwords
 *   alike, so the delay tells nothing.
 * - Unknown account, wrong password and player accounts give one answer, INVALID_CREDENTIALS,
 *   after a password verification of similar cost (a dummy hash when there is no account).
 * - Disabled accounts (own, shadow owner, or any ancestor fully disabled) get ACCOUNT_DISABLED,
 *   but only after a correct password.
 */
export async function signin(db: Db, input: SigninInput, options: SigninOptions): Promise<SigninResponse> {
  const keys = throttleKeys(input.siteId, input.accountNo, input.ip);
  const state = await readThrottle(db, keys, options.throttle);
  if (state.lockedSeconds > 0) throw new AppError('SIGNIN_LOCKED', { n: state.lockedSeconds });
  if (state.delayMs > 0) await options.sleep(state.delayMs);

  const account = await findAccountByNo(db, input.siteId, input.accountNo);
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyHash()), input.password);
  if (!account || !passwordOk || account.kind !== 'AGENT') {
    await recordFailure(db, keys, options.throttle);
    throw new AppError('INVALID_CREDENTIALS');
  }

  const resolved = await resolveAccount(db, account);
  if (resolved.isDisabled || resolved.isFullDisabled) throw new AppError('ACCOUNT_DISABLED');

  await clearAccountFailures(db, keys);
  return openSession(db, account, resolved, { ...input, method: 'PASSWORD' }, options);
}

/**
 * Opens a session for an account that has just proved who it is (a password, a code, an approved
 * QR code): the token, the last sign-in, and the end of any one-time password hand-off.
 */
export async function openSession(
  db: Db,
  account: AccountRow,
  resolved: ResolvedAccount,
  input: { siteId: SiteId; ip: string; userAgent?: string; method: 'PASSWORD' | 'CODE' | 'QR' },
  options: Pick<SigninOptions, 'sessionTtlMinutes'>,
): Promise<SigninResponse> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + options.sessionTtlMinutes * 60_000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId: account.id,
    siteId: input.siteId,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    method: input.method,
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
    user: toUserInfo({ ...resolved, account: { ...account, lastLoginAt: now, lastLoginIp: input.ip } }, await assignedRolesOf(db, account)),
  };
}

export async function signout(db: Db, caller: Caller): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, caller.sessionId), isNull(sessions.revokedAt)));
}

/** The sign-in before the current session (what "last login" means to the person looking). */
export async function previousSignin(db: Db, caller: Caller): Promise<{ at: Date; ip: string | null } | null> {
  const [row] = await db
    .select({ at: sessions.createdAt, ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.accountId, caller.account.id), lt(sessions.id, caller.sessionId)))
    .orderBy(desc(sessions.id))
    .limit(1);
  return row ?? null;
}
