import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { SigninResponse, SiteId } from '@agent-bo/shared';
import { resolveAccount, type Caller } from '../../core/caller.js';
import { recordSignIn } from '../../core/sign-in-events.js';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { dummyHash, verifyPassword } from '../../lib/password.js';
import type { ThrottleConfig } from '../../config.js';
import { findAccountByNo } from '../account/index.js';
import { afterFirstFactor } from './flow.js';
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
  const account = await findAccountByNo(db, input.siteId, input.accountNo);
  const attempt = account?.kind === 'AGENT' && {
    siteId: input.siteId,
    accountId: account.id,
    method: 'PASSWORD' as const,
    ip: input.ip,
    userAgent: input.userAgent,
  };
  if (state.lockedSeconds > 0) {
    if (attempt) await recordSignIn(db, { ...attempt, result: 'LOCKED' });
    throw new AppError('SIGNIN_LOCKED', { n: state.lockedSeconds });
  }
  if (state.delayMs > 0) await options.sleep(state.delayMs);

  const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyHash()), input.password);
  if (!account || !attempt || !passwordOk) {
    await recordFailure(db, keys, options.throttle);
    if (attempt) await recordSignIn(db, { ...attempt, result: 'BAD_PASSWORD' });
    throw new AppError('INVALID_CREDENTIALS');
  }

  const resolved = await resolveAccount(db, account);
  if (resolved.isDisabled || resolved.isFullDisabled) {
    await recordSignIn(db, { ...attempt, result: 'DISABLED' });
    throw new AppError('ACCOUNT_DISABLED');
  }

  await clearAccountFailures(db, keys);
  return afterFirstFactor(db, { account, resolved, ...attempt }, options);
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
