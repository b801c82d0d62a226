import { and, arrayContains, desc, eq, sql } from 'drizzle-orm';
import { siteTimeZone, type ResetRequestList } from '@agent-bo/shared';
import { isWriter } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { closeResetRequest } from '../../core/reset-requests.js';
import { inTransaction } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { accounts, passwordResetRequests } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';

/**
 * The open "forgot password" requests as the upper agents see them on the member screen: those
 * of accounts strictly inside the caller's subtree (the request goes to the parent, and anyone
 * above may answer it too, as anyone above may reset the password). Only a caller who may write
 * sees them: the answer is a reset, which a shadow or a read-only account cannot make.
 */
export async function listResetRequests(db: Db, caller: Caller): Promise<ResetRequestList> {
  if (!isWriter(caller)) return { total: 0, list: [] };
  const rows = await db
    .select({
      id: passwordResetRequests.id,
      accountId: accounts.id,
      accountNo: accounts.accountNo,
      nickName: accounts.nickName,
      isShadow: accounts.isShadow,
      createdAt: passwordResetRequests.createdAt,
      lastAskedAt: passwordResetRequests.lastAskedAt,
      asks: passwordResetRequests.asks,
      ip: passwordResetRequests.ip,
      // The list shows the newest 200; the badge counts them all.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(passwordResetRequests)
    .innerJoin(accounts, eq(accounts.id, passwordResetRequests.accountId))
    .where(
      and(
        eq(passwordResetRequests.siteId, caller.siteId),
        eq(passwordResetRequests.status, 'PENDING'),
        arrayContains(accounts.path, [caller.scopeRootId]),
      ),
    )
    .orderBy(desc(passwordResetRequests.lastAskedAt))
    .limit(200);
  const zone = siteTimeZone(caller.siteId);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map(({ total: _total, ...r }) => ({
      ...r,
      createdAt: formatDateTime(r.createdAt, zone),
      lastAskedAt: formatDateTime(r.lastAskedAt, zone),
    })),
  };
}

/** Turns a request down (the upper agent knows it was not the account's owner asking); logged. */
export async function dismissResetRequest(db: Db, caller: Caller, id: number, ip: string, now: Date): Promise<null> {
  if (!isWriter(caller)) throw new AppError('RESET_REQUEST_NOT_FOUND');
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ accountId: passwordResetRequests.accountId })
      .from(passwordResetRequests)
      .innerJoin(accounts, eq(accounts.id, passwordResetRequests.accountId))
      .where(
        and(
          eq(passwordResetRequests.id, id),
          eq(passwordResetRequests.siteId, caller.siteId),
          eq(passwordResetRequests.status, 'PENDING'),
          arrayContains(accounts.path, [caller.scopeRootId]),
        ),
      );
    if (!row) throw new AppError('RESET_REQUEST_NOT_FOUND');
    const closed = await closeResetRequest(tx, { accountId: row.accountId, by: caller.account.id, status: 'DISMISSED', now, id });
    if (!closed) throw new AppError('RESET_REQUEST_NOT_FOUND');
    await writeLog(tx, { caller, ip }, row.accountId, 'OPERATION', null, { resetRequest: 'DISMISSED' });
  });
  return null;
}
