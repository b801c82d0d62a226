import type { SigninResponse, SiteId } from '@agent-bo/shared';
import { assertAddressAllowed } from '../../core/address-lists.js';
import type { AccountRow, ResolvedAccount } from '../../core/caller.js';
import { recordSignIn, type SignInMethod } from '../../core/sign-in-events.js';
import { askSecondFactor } from '../../core/second-factor.js';
import { sessionStepFor } from '../../core/session-steps.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { openSession } from './open-session.js';

/** An account that has just given a right first factor (a password, a phone code, an approved QR code). */
export interface FirstFactor {
  account: AccountRow;
  resolved: ResolvedAccount;
  siteId: SiteId;
  ip: string;
  userAgent?: string;
  method: SignInMethod;
}

/**
 * What every way of signing in does once its first factor is right, in this order:
 * 1. the account's address lists (its own and its upper agents') must hold the address asking;
 * 2. a password someone else chose stops working at its expiry (site setting, 72 h by default):
 *    the upper agent hands out a new one; a phone code or a QR approval still signs in, since
 *    neither uses that password;
 * 3. an account with a second factor gets a challenge instead of a session (not for a QR sign-in,
 *    whose approval was confirmed with it);
 * 4. the session opens, with the step it must take first (change a temporary password, enrol a
 *    required second factor), and the attempt goes into the sign-in history.
 * Refusals here come after a right first factor only, so they tell nothing to someone guessing.
 */
export async function afterFirstFactor(
  db: Db,
  first: FirstFactor,
  options: { sessionTtlMinutes: number; now?: () => Date },
): Promise<SigninResponse> {
  const { account } = first;
  const attempt = { siteId: first.siteId, accountId: account.id, method: first.method, ip: first.ip, userAgent: first.userAgent };
  await assertAddressAllowed(db, account, attempt);
  const now = options.now?.() ?? new Date();
  if (first.method === 'PASSWORD' && account.passwordTemporary && account.passwordExpiresAt && account.passwordExpiresAt <= now) {
    await recordSignIn(db, { ...attempt, result: 'PASSWORD_EXPIRED' });
    throw new AppError('PASSWORD_EXPIRED');
  }
  // A QR approval was confirmed on the approving device, with the second factor when the account
  // has one (qr-signin.ts): the asking browser is not asked again.
  const challenge = first.method === 'QR' ? null : await askSecondFactor(db, attempt, now);
  if (challenge) return { secondFactor: challenge };
  const step = await sessionStepFor(db, account);
  return openSession(db, account, first.resolved, { ...first, step }, options);
}
