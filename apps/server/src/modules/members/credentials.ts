import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CopyInfo } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { accounts, passwordHandoffs, sessions } from '../../db/schema/index.js';
import { openSecret, sealSecret } from '../../lib/handoff.js';
import { hashPassword } from '../../lib/password.js';
import { isCommonPassword } from '../../lib/password-policy.js';
import { assertWriter, isWriter, reach, scopeRoot, type TargetKind } from '../../core/access.js';
import type { AccountRow } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { closeResetRequest } from '../../core/reset-requests.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { findAccountById } from '../account/index.js';
import type { MemberContext } from './context.js';

/** Account numbers, generated passwords and the one-time password hand-off (copy info, reset, invite URL). */

export const HANDOFF_TTL_MS = 24 * 60 * 60 * 1000;

export async function isAccountNoFree(q: Q, siteId: string, accountNo: string): Promise<boolean> {
  const [row] = await q
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.siteId, siteId), sql`lower(${accounts.accountNo}) = lower(${accountNo})`));
  return !row;
}

/** A free account number: `ag` / `pl` + 8 random digits. */
export async function suggestAccountNo(db: Db, siteId: string, prefix: 'ag' | 'pl'): Promise<string> {
  for (;;) {
    const candidate = `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (await isAccountNoFree(db, siteId, candidate)) return candidate;
  }
}

// ---- password hand-off ---------------------------------------------------------------------

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A random password meeting the password rule: 10 characters, letters and at least two digits
 * (about 57 bits), never one of the common passwords the policy refuses.
 */
export function generatePassword(): string {
  for (;;) {
    const chars = Array.from({ length: 8 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]);
    chars.splice(randomInt(9), 0, DIGITS[randomInt(DIGITS.length)]!);
    chars.splice(randomInt(10), 0, DIGITS[randomInt(DIGITS.length)]!);
    const password = chars.join('');
    if (!isCommonPassword(password)) return password;
  }
}

/**
 * Issues a new hand-off for `accountId` (earlier ones are closed). The password is someone else's
 * choice, so it is temporary: the account must change it at its first sign-in, and it stops
 * working after the site's hand-off hours (sites.handoff_password_hours) if it was never used.
 */
export async function issueHandoff(q: Q, m: Pick<MemberContext, 'handoffKey' | 'now'>, accountId: number, password: string): Promise<void> {
  const now = m.now();
  await q
    .update(accounts)
    .set({
      passwordTemporary: true,
      passwordExpiresAt: sql`${now.toISOString()}::timestamptz + make_interval(hours => (select s.handoff_password_hours from sites s where s.id = ${accounts.siteId}))`,
    })
    .where(eq(accounts.id, accountId));
  await q
    .update(passwordHandoffs)
    .set({ usedAt: now })
    .where(and(eq(passwordHandoffs.accountId, accountId), isNull(passwordHandoffs.usedAt)));
  await q.insert(passwordHandoffs).values({
    accountId,
    ciphertext: sealSecret(m.handoffKey, password),
    expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
    createdAt: now,
  });
}

/** The hand-off (its id and password) while unexpired, unused and the account has not signed in since; else null. */
async function readHandoff(
  q: Q,
  m: Pick<MemberContext, 'handoffKey' | 'now'>,
  account: AccountRow,
): Promise<{ id: number; pwd: string } | null> {
  const [row] = await q
    .select()
    .from(passwordHandoffs)
    .where(and(eq(passwordHandoffs.accountId, account.id), isNull(passwordHandoffs.usedAt), gt(passwordHandoffs.expiresAt, m.now())))
    .orderBy(desc(passwordHandoffs.id))
    .limit(1);
  if (!row) return null;
  if (account.lastLoginAt && account.lastLoginAt >= row.createdAt) return null;
  const pwd = openSecret(m.handoffKey, row.ciphertext);
  return pwd === null ? null : { id: row.id, pwd };
}

/**
 * Where the account signs in: an agent at this back office's sign-in page, a player in the site's
 * game client (CLIENT_SITE_URLS); '' when the site's client is not configured, rather than the
 * back office's address, where a player cannot sign in.
 */
function accountUrl(m: Pick<MemberContext, 'origin' | 'clientUrl'>, account: AccountRow): string {
  return account.kind === 'PLAYER' ? (m.clientUrl ?? '') : `${m.origin}/login`;
}

export function copyInfoOf(
  m: Pick<MemberContext, 'origin' | 'clientUrl'>,
  account: AccountRow,
  pwd: string | null,
  pwdWithheld = false,
): CopyInfo {
  return { url: accountUrl(m, account), nickName: account.nickName, accountNo: account.accountNo, pwd, pwdWithheld };
}

/**
 * Copy info of an account in reach. The hand-off password goes only to a caller who may write
 * to the account (never a shadow or a restricted caller: with the password it could sign in as
 * the account and write), and every reveal is logged (OPERATION, the hand-off's id, never the
 * password) before it is answered.
 */
export async function copyInfo(m: MemberContext, id: number, kind: TargetKind): Promise<CopyInfo> {
  const account = await reach(m.db, m.caller, id, kind);
  if (!isWriter(m.caller)) return copyInfoOf(m, account, null, true);
  const handoff = await readHandoff(m.db, m, account);
  if (!handoff) return copyInfoOf(m, account, null);
  await writeLog(m.db, m, account.id, 'OPERATION', null, { handoffRevealed: handoff.id });
  return copyInfoOf(m, account, handoff.pwd);
}

/** Sets a new random password, hands it off once and revokes the account's sessions. */
export async function resetPassword(m: MemberContext, id: number, kind: TargetKind): Promise<CopyInfo> {
  assertWriter(m.caller);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const account = await inTransaction(m.db, async (tx) => {
    const target = await reach(tx, m.caller, id, kind, true);
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, target.id));
    await tx
      .update(sessions)
      .set({ revokedAt: m.now() })
      .where(and(eq(sessions.accountId, target.id), isNull(sessions.revokedAt)));
    await issueHandoff(tx, m, target.id, password);
    // A "forgot password" request the account sent up the tree is answered by this reset.
    const answered = await closeResetRequest(tx, { accountId: target.id, by: m.caller.account.id, status: 'DONE', now: m.now() });
    await writeLog(tx, m, target.id, 'PWD_CHANGE', null, answered ? { reset: true, resetRequest: 'DONE' } : { reset: true });
    return target;
  });
  return copyInfoOf(m, account, password);
}

export async function inviteUrl(m: MemberContext, id: number): Promise<{ url: string }> {
  const account = id === m.caller.scopeRootId ? await scopeRoot(m.db, m.caller) : await reach(m.db, m.caller, id, 'agent');
  let code = account.inviteCode;
  if (!code) {
    code = randomBytes(9).toString('base64url');
    await inTransaction(m.db, async (tx) => {
      await tx
        .update(accounts)
        .set({ inviteCode: code })
        .where(and(eq(accounts.id, account.id), isNull(accounts.inviteCode)));
      await writeLog(tx, m, account.id, 'OPERATION', { inviteCode: null }, { inviteCode: code });
    });
    // A concurrent call may have set one first: answer with what is stored.
    code = (await findAccountById(m.db, account.id))?.inviteCode ?? code;
  }
  return { url: `${m.origin}/register?invite=${encodeURIComponent(code)}` };
}
