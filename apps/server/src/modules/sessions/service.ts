import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { siteTimeZone, type OpenSession, type Page, type SignInEvent } from '@agent-bo/shared';
import { assertWriter, reach } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { sessions, signInEvents } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';

/**
 * Open sessions and the sign-in history (issue 33). The caller reads and ends its own; an upper
 * agent reads those of any account strictly inside its working subtree (shadows included) and, if
 * it may write, ends them. An account outside, of another site or nonexistent is ACCOUNT_NOT_FOUND,
 * and a session that is not the caller's or a reachable account's is SESSION_NOT_FOUND.
 */

export interface SessionsContext {
  db: Db;
  caller: Caller;
  ip: string;
  now: () => Date;
}

/** The account whose sessions are asked for: the caller's own, or one inside its subtree. */
async function whose(s: SessionsContext, accountId: number | undefined): Promise<number> {
  if (accountId === undefined || accountId === s.caller.account.id) return s.caller.account.id;
  return (await reach(s.db, s.caller, accountId, 'any')).id;
}

const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export async function listSessions(s: SessionsContext, accountId: number | undefined): Promise<OpenSession[]> {
  const id = await whose(s, accountId);
  const rows = await s.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, id), live(s.now())))
    .orderBy(desc(sessions.id));
  const zone = siteTimeZone(s.caller.siteId);
  return rows.map((row) => ({
    id: row.id,
    ip: row.ip,
    userAgent: row.userAgent,
    method: row.method,
    createdAt: formatDateTime(row.createdAt, zone),
    lastSeenAt: row.lastSeenAt && formatDateTime(row.lastSeenAt, zone),
    current: row.id === s.caller.sessionId,
  }));
}

/**
 * Ends one session: one of the caller's own (the current one too: that is signing out), or one
 * of an account the caller may write to. Ending another account's session is logged on it.
 */
export async function endSession(s: SessionsContext, sessionId: number): Promise<null> {
  await inTransaction(s.db, async (tx) => {
    const [row] = await tx
      .select({ accountId: sessions.accountId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.siteId, s.caller.siteId), live(s.now())))
      .for('update');
    if (!row) throw new AppError('SESSION_NOT_FOUND');
    if (row.accountId !== s.caller.account.id) {
      assertWriter(s.caller);
      await reach(tx, s.caller, row.accountId, 'any').catch(() => {
        throw new AppError('SESSION_NOT_FOUND');
      });
      await writeLog(tx, s, row.accountId, 'OPERATION', null, { sessionsEnded: 1 });
    }
    await tx.update(sessions).set({ revokedAt: s.now() }).where(eq(sessions.id, sessionId));
  });
  return null;
}

/**
 * Ends every open session of the account but the request's own: "sign out everywhere else" for
 * the caller, "sign out everywhere" for an account the caller may write to (logged on it).
 */
export async function endOtherSessions(s: SessionsContext, accountId: number | undefined): Promise<{ ended: number }> {
  const own = accountId === undefined || accountId === s.caller.account.id;
  if (!own) assertWriter(s.caller);
  return inTransaction(s.db, async (tx) => {
    const id = own ? s.caller.account.id : (await reach(tx, s.caller, accountId, 'any')).id;
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: s.now() })
      .where(and(eq(sessions.accountId, id), live(s.now()), ne(sessions.id, s.caller.sessionId)))
      .returning({ id: sessions.id });
    if (!own && ended.length > 0) await writeLog(tx, s, id, 'OPERATION', null, { sessionsEnded: ended.length });
    return { ended: ended.length };
  });
}

/** The account's sign-in attempts, newest first. */
export async function signInHistory(
  s: SessionsContext,
  accountId: number | undefined,
  page: number,
  pageSize: number,
): Promise<Page<SignInEvent>> {
  const id = await whose(s, accountId);
  const where = eq(signInEvents.accountId, id);
  const rows = await s.db
    .select({
      id: signInEvents.id,
      createdAt: signInEvents.createdAt,
      method: signInEvents.method,
      secondFactor: signInEvents.secondFactor,
      result: signInEvents.result,
      ip: signInEvents.ip,
      userAgent: signInEvents.userAgent,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(signInEvents)
    .where(where)
    .orderBy(desc(signInEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = rows[0]?.total ?? (page > 1 ? (await s.db.select({ n: count() }).from(signInEvents).where(where))[0]!.n : 0);
  const zone = siteTimeZone(s.caller.siteId);
  return { page, pageSize, total, list: rows.map(({ total: _, ...row }) => ({ ...row, createdAt: formatDateTime(row.createdAt, zone) })) };
}
