import { and, count, desc, eq } from 'drizzle-orm';
import { siteTimeZone, type OutboxMessage, type Page } from '@agent-bo/shared';
import { isAdmin, type Caller } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { accounts, outboundMessages } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';

/**
 * The outbox (issue 33): what the `outbox` message driver "sent" on the caller's site, newest
 * first. The messages carry codes that open accounts, so only the site's admin reads them (not
 * its shadows); the admin can reset any password of the site anyway, so this shows it nothing
 * it could not reach. A real driver's messages never have a text to show.
 */
export async function listOutbox(db: Db, caller: Caller, page: number, pageSize: number): Promise<Page<OutboxMessage>> {
  if (!isAdmin(caller.account)) throw new AppError('PERMISSION_DENIED');
  const where = and(eq(outboundMessages.siteId, caller.siteId), eq(outboundMessages.driver, 'outbox'));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(outboundMessages).where(where);
  const rows = await db
    .select({
      id: outboundMessages.id,
      channel: outboundMessages.channel,
      destination: outboundMessages.destination,
      accountNo: accounts.accountNo,
      subject: outboundMessages.subject,
      body: outboundMessages.body,
      createdAt: outboundMessages.createdAt,
    })
    .from(outboundMessages)
    .leftJoin(accounts, eq(accounts.id, outboundMessages.accountId))
    .where(where)
    .orderBy(desc(outboundMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const zone = siteTimeZone(caller.siteId);
  return {
    page,
    pageSize,
    total,
    list: rows.map((r) => ({ ...r, body: r.body ?? '', createdAt: formatDateTime(r.createdAt, zone) })),
  };
}
