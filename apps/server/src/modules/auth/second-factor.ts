import type { SignedIn, SiteId } from '@agent-bo/shared';
import { resolveAccount } from '../../core/caller.js';
import { answerChallenge } from '../../core/second-factor.js';
import { sessionStepFor } from '../../core/session-steps.js';
import { recordSignIn } from '../../core/sign-in-events.js';
import { inTransaction } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findAccountById } from '../account/index.js';
import { openSession } from './open-session.js';

/**
 * The sign-in's second step (issue 33): the challenge a right first factor got, and an
 * authenticator or recovery code. Only a right code opens the session, with the first factor's
 * method and the kind of code it passed in the sign-in history.
 */
export async function signinWithSecondFactor(
  db: Db,
  serverKey: Buffer,
  input: { siteId: SiteId; challenge: string; code: string; ip: string; userAgent?: string },
  options: { sessionTtlMinutes: number; now: () => Date },
): Promise<SignedIn> {
  // Committed before any refusal: a wrong code counts against the challenge.
  const outcome = await inTransaction(db, (tx) => answerChallenge(tx, serverKey, input, options.now()));
  const attempt = { siteId: input.siteId, accountId: outcome.accountId, method: outcome.method, ip: input.ip, userAgent: input.userAgent };
  if (!outcome.ok) {
    await recordSignIn(db, { ...attempt, result: 'BAD_SECOND_FACTOR' });
    // The last allowed try burns the challenge: the person starts again from the password.
    throw new AppError(outcome.burned ? 'SIGN_IN_CHALLENGE_EXPIRED' : 'SECOND_FACTOR_INVALID');
  }
  const account = await findAccountById(db, outcome.accountId);
  if (!account) throw new AppError('SIGN_IN_CHALLENGE_EXPIRED');
  // Disabled between the password and the code: refused like at the password.
  const resolved = await resolveAccount(db, account);
  if (resolved.isDisabled || resolved.isFullDisabled) {
    await recordSignIn(db, { ...attempt, secondFactor: outcome.kind, result: 'DISABLED' });
    throw new AppError('ACCOUNT_DISABLED');
  }
  const step = await sessionStepFor(db, account);
  return openSession(db, account, resolved, { ...attempt, secondFactor: outcome.kind, step }, options);
}
