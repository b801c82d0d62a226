import { eq } from 'drizzle-orm';
import type { SiteSecurity } from '@agent-bo/shared';
import { isAdmin, type Caller } from '../../core/caller.js';
import { logTarget, writeLog } from '../../core/oplog.js';
import { inTransaction } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { sites } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * The site's sign-in security settings. Only the site's admin reads and sets them (not its
 * shadows): they decide how every account of the site signs in.
 */
function assertSiteAdmin(caller: Caller): void {
  if (!isAdmin(caller.account)) throw new AppError('PERMISSION_DENIED');
}

async function read(db: Pick<Db, 'select'>, siteId: string): Promise<SiteSecurity> {
  const [row] = await db
    .select({ twoFactorRequired: sites.twoFactorRequired, handoffPasswordHours: sites.handoffPasswordHours })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row!;
}

export async function getSiteSecurity(db: Db, caller: Caller): Promise<SiteSecurity> {
  assertSiteAdmin(caller);
  return read(db, caller.siteId);
}

/**
 * Saves the settings, logged with what they were. A new hand-off time counts for hand-offs from
 * now on; a temporary password already handed out keeps the expiry it was given.
 */
export async function saveSiteSecurity(db: Db, caller: Caller, ip: string, input: SiteSecurity): Promise<SiteSecurity> {
  assertSiteAdmin(caller);
  return inTransaction(db, async (tx) => {
    const before = await read(tx, caller.siteId);
    await tx.update(sites).set(input).where(eq(sites.id, caller.siteId));
    await writeLog(tx, { caller, ip }, logTarget('siteSecurity', caller.siteId), 'OPERATION', before, input);
    return input;
  });
}
