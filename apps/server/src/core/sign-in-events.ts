import type { SignInResult, SiteId } from '@agent-bo/shared';
import type { Db } from '../db/client.js';
import { signInEvents, type SECOND_FACTOR_KINDS, type SIGN_IN_METHODS } from '../db/schema/index.js';
import type { Q } from './tx.js';

/**
 * The sign-in history: every attempt at an existing account, by any way in (password, phone code,
 * QR), with its outcome. Each way of signing in records its own attempts here, so the account and
 * its upper agents read one list (modules/sessions).
 */

export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];
export type { SignInResult };

export interface SignInAttempt {
  siteId: SiteId;
  accountId: number;
  method: SignInMethod;
  secondFactor?: SecondFactorKind;
  result: SignInResult;
  ip: string;
  userAgent?: string;
  sessionId?: number;
}

export async function recordSignIn(db: Db | Q, attempt: SignInAttempt): Promise<void> {
  await db.insert(signInEvents).values({
    siteId: attempt.siteId,
    accountId: attempt.accountId,
    method: attempt.method,
    secondFactor: attempt.secondFactor ?? null,
    result: attempt.result,
    ip: attempt.ip,
    userAgent: attempt.userAgent?.slice(0, 512) ?? null,
    sessionId: attempt.sessionId ?? null,
  });
}
