import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  SIGN_IN_CHALLENGE_MAX_ATTEMPTS,
  SIGN_IN_CHALLENGE_TTL_SECONDS,
  SITES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  siteTimeZone,
  type SecondFactorChallenge,
  type SiteId,
} from '@agent-bo/shared';
import type { Db } from '../db/client.js';
import { accountRoles, accountSecondFactors, recoveryCodes, roles, signInChallenges, signInEvents, sites } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { formatDateTime } from '../lib/dates.js';
import { openSecret, sealSecret } from '../lib/handoff.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { AccountRow } from './caller.js';
import { recordSignIn, type SecondFactorKind, type SignInMethod } from './sign-in-events.js';
import type { Q } from './tx.js';

/**
 * The second factor (issue 33), shared by the sign-in flow (modules/auth), the account's own
 * enrolment (modules/second-factor) and the upper agent's reset (modules/members).
 *
 * - TOTP (RFC 6238) through otplib: 30-second steps, six digits, the step before and after the
 *   current one accepted for clock drift, and a code good once: the step it matched is kept
 *   (`last_used_step`) and no code of that step or an earlier one is accepted again.
 * - The secret is sealed with the server's hand-off key (AES-256-GCM, lib/handoff.ts); nothing
 *   ever answers it after enrolment.
 * - Recovery codes are kept as an HMAC-SHA256 under a key derived from the same key, each good once.
 */

/** ±30 s around now: the current step and its two neighbours. */
const DRIFT_SECONDS = TOTP_PERIOD_SECONDS;

/** Wrong second-factor codes an account may get within the window before no new challenge is issued. */
export const SECOND_FACTOR_FAILURES_PER_WINDOW = 10;
export const SECOND_FACTOR_FAILURE_WINDOW_SECONDS = 15 * 60;

// ---- secrets and codes -------------------------------------------------------------------------

/** A new TOTP secret (20 random bytes, base32) and its otpauth:// URI for an authenticator app. */
export function newTotpSecret(account: Pick<AccountRow, 'accountNo' | 'siteId'>): { secret: string; uri: string } {
  const secret = generateSecret();
  const issuer = SITES.find((s) => s.id === account.siteId)?.name ?? account.siteId;
  const uri = generateURI({ issuer, label: account.accountNo, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  return { secret, uri };
}

export function sealTotpSecret(key: Buffer, secret: string): string {
  return sealSecret(key, secret);
}

/**
 * The 30-second step `code` belongs to, when it is right for `sealed` at `now` (±1 step) and of a
 * later step than `afterStep`; else null.
 */
export async function matchTotp(key: Buffer, sealed: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const secret = openSecret(key, sealed);
  if (secret === null || !/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters of a 31-letter alphabet without look-alikes (about 50 bits), shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What is stored of a recovery code: an HMAC of the account and the code as typed, normalised. */
export function hashRecoveryCode(key: Buffer, accountId: number, code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  const derived = createHmac('sha256', key).update('recovery-codes v1').digest();
  return createHmac('sha256', derived).update(`${accountId}:${normalised}`).digest('hex');
}

// ---- the account's factor ----------------------------------------------------------------------

/** Whether the account signs in with a second factor (an enabled one, not an enrolment in progress). */
export async function hasSecondFactor(q: Q, accountId: number): Promise<boolean> {
  const [row] = await q
    .select({ accountId: accountSecondFactors.accountId })
    .from(accountSecondFactors)
    .where(and(eq(accountSecondFactors.accountId, accountId), isNotNull(accountSecondFactors.enabledAt)));
  return row !== undefined;
}

/**
 * Whether the account must sign in with a second factor: its site requires one of every staff
 * account (every back-office account is an agent, shadows included), or a role it holds does.
 */
export async function secondFactorRequired(q: Q, account: Pick<AccountRow, 'id' | 'siteId'>): Promise<boolean> {
  const [site] = await q.select({ required: sites.twoFactorRequired }).from(sites).where(eq(sites.id, account.siteId));
  if (site?.required) return true;
  const [role] = await q
    .select({ id: roles.id })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(and(eq(accountRoles.accountId, account.id), eq(roles.requireTwoFactor, true)))
    .limit(1);
  return role !== undefined;
}

export async function recoveryCodesLeft(q: Q, accountId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Checks a code against the account's enabled factor: an authenticator code (six digits; its step
 * is then used up) or an unused recovery code (then used). Answers which kind passed, or null.
 * Run it in a transaction: the factor's row is locked, so one code cannot pass twice at once.
 */
export async function useSecondFactorCode(q: Q, key: Buffer, accountId: number, code: string, now: Date): Promise<SecondFactorKind | null> {
  const [factor] = await q
    .select()
    .from(accountSecondFactors)
    .where(and(eq(accountSecondFactors.accountId, accountId), isNotNull(accountSecondFactors.enabledAt)))
    .for('update');
  if (!factor) return null;
  if (/^\d{6}$/.test(code.trim())) {
    const step = await matchTotp(key, factor.secretCiphertext, code.trim(), now, factor.lastUsedStep);
    if (step === null) return null;
    await q.update(accountSecondFactors).set({ lastUsedStep: step }).where(eq(accountSecondFactors.accountId, accountId));
    return 'TOTP';
  }
  const used = await q
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(key, accountId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'RECOVERY' : null;
}

/** Removes the account's factor (enabled or in enrolment) and its recovery codes; whether one was enabled. */
export async function removeSecondFactor(q: Q, accountId: number, now: Date): Promise<boolean> {
  await q.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  const removed = await q
    .delete(accountSecondFactors)
    .where(eq(accountSecondFactors.accountId, accountId))
    .returning({ enabledAt: accountSecondFactors.enabledAt });
  // Challenges waiting for a code of the removed factor can never be answered now.
  await q
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.accountId, accountId), isNull(signInChallenges.usedAt)));
  return removed.some((r) => r.enabledAt !== null);
}

// ---- the sign-in's challenge -------------------------------------------------------------------

export interface FirstFactorAttempt {
  siteId: SiteId;
  accountId: number;
  method: SignInMethod;
  ip: string;
  userAgent?: string;
}

/**
 * The step after a right first factor for an account with an enabled second factor: a challenge
 * (random token, stored as its SHA-256 like a session's, five minutes, five tries) that the
 * sign-in answers instead of a session, recorded as SECOND_FACTOR_ASKED. Null when the account
 * has no second factor. Refused with SIGNIN_LOCKED while the account has had too many wrong codes
 * lately, from any address: whoever holds the password cannot try codes faster than that.
 */
export async function askSecondFactor(db: Db, attempt: FirstFactorAttempt, now: Date): Promise<SecondFactorChallenge | null> {
  if (!(await hasSecondFactor(db, attempt.accountId))) return null;
  const [recent] = await db
    .select({ n: count() })
    .from(signInEvents)
    .where(
      and(
        eq(signInEvents.accountId, attempt.accountId),
        eq(signInEvents.result, 'BAD_SECOND_FACTOR'),
        // The history's own clock (the database's), which wrote the rows.
        gt(signInEvents.createdAt, sql`now() - make_interval(secs => ${SECOND_FACTOR_FAILURE_WINDOW_SECONDS})`),
      ),
    );
  if (Number(recent?.n ?? 0) >= SECOND_FACTOR_FAILURES_PER_WINDOW) {
    await recordSignIn(db, { ...attempt, result: 'LOCKED' });
    throw new AppError('SIGNIN_LOCKED', { n: SECOND_FACTOR_FAILURE_WINDOW_SECONDS });
  }
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_SECONDS * 1000);
  await db.insert(signInChallenges).values({
    tokenHash: hashToken(token),
    siteId: attempt.siteId,
    accountId: attempt.accountId,
    method: attempt.method,
    ip: attempt.ip,
    userAgent: attempt.userAgent?.slice(0, 512) ?? null,
    expiresAt,
    createdAt: now,
  });
  await recordSignIn(db, { ...attempt, result: 'SECOND_FACTOR_ASKED' });
  return { challenge: token, expiresAt: formatDateTime(expiresAt, siteTimeZone(attempt.siteId)) };
}

export type ChallengeOutcome =
  | { ok: true; kind: SecondFactorKind; accountId: number; method: SignInMethod }
  | { ok: false; accountId: number; method: SignInMethod; burned: boolean };

/**
 * Answers a challenge with a code, in one transaction (the challenge's row locked): a right code
 * uses the challenge up; a wrong one counts, and the last allowed try burns it. Throws
 * SIGN_IN_CHALLENGE_EXPIRED for a challenge that is unknown, of another site, used, burned or
 * past its five minutes. The caller commits before refusing, so a wrong try counts.
 */
export async function answerChallenge(
  q: Q,
  key: Buffer,
  input: { siteId: SiteId; challenge: string; code: string },
  now: Date,
): Promise<ChallengeOutcome> {
  const [row] = await q
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, hashToken(input.challenge)), eq(signInChallenges.siteId, input.siteId)))
    .for('update');
  if (!row || row.usedAt || row.expiresAt <= now || row.attempts >= SIGN_IN_CHALLENGE_MAX_ATTEMPTS) {
    throw new AppError('SIGN_IN_CHALLENGE_EXPIRED');
  }
  const kind = await useSecondFactorCode(q, key, row.accountId, input.code, now);
  if (kind) {
    await q.update(signInChallenges).set({ usedAt: now }).where(eq(signInChallenges.id, row.id));
    return { ok: true, kind, accountId: row.accountId, method: row.method };
  }
  const attempts = row.attempts + 1;
  const burned = attempts >= SIGN_IN_CHALLENGE_MAX_ATTEMPTS;
  await q
    .update(signInChallenges)
    .set({ attempts, ...(burned ? { usedAt: now } : {}) })
    .where(eq(signInChallenges.id, row.id));
  return { ok: false, accountId: row.accountId, method: row.method, burned };
}
