import { and, eq } from 'drizzle-orm';
import { siteTimeZone, type Contact, type ContactChannel, type ContactStartRequest, type Locale } from '@agent-bo/shared';
import type { Caller } from '../../core/caller.js';
import { contactHolder } from '../../core/contacts.js';
import { issueCode, useCode, type CodeContext } from '../../core/one-time-codes.js';
import { writeLog } from '../../core/oplog.js';
import { codeMessage } from '../../core/outbound.js';
import { inTransaction } from '../../core/tx.js';
import { isUniqueViolation } from '../../db/errors.js';
import { accountContacts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { allowAsk } from '../auth/index.js';
import type { ThrottleConfig } from '../../config.js';

/**
 * The caller's own phone number and e-mail address (issue 33). A contact counts only once a code
 * sent there has come back, and a proved contact belongs to one account of the site: a phone code
 * sign-in must name one account.
 */

export async function listContacts(ctx: CodeContext, caller: Caller): Promise<Contact[]> {
  const rows = await ctx.db.select().from(accountContacts).where(eq(accountContacts.accountId, caller.account.id));
  const zone = siteTimeZone(caller.siteId);
  return rows
    .sort((a, b) => a.channel.localeCompare(b.channel))
    .map((r) => ({ channel: r.channel, destination: r.destination, verifiedAt: formatDateTime(r.verifiedAt, zone) }));
}

async function takenByAnother(ctx: CodeContext, caller: Caller, channel: ContactChannel, destination: string): Promise<boolean> {
  const holder = await contactHolder(ctx.db, caller.siteId, channel, destination);
  return holder !== null && holder !== caller.account.id;
}

/** Sends a code to the new contact; it replaces the old one of its channel once confirmed. */
export async function startContact(
  ctx: CodeContext,
  caller: Caller,
  input: ContactStartRequest,
  meta: { ip: string; locale: Locale },
  throttle: ThrottleConfig,
): Promise<null> {
  await allowAsk(ctx.db, { siteId: caller.siteId, key: `contact:${caller.account.id}`, ip: meta.ip }, throttle);
  if (await takenByAnother(ctx, caller, input.channel, input.destination)) throw new AppError('CONTACT_TAKEN');
  const code = await issueCode(
    ctx.db,
    ctx.serverKey,
    {
      siteId: caller.siteId,
      accountId: caller.account.id,
      purpose: 'VERIFY',
      channel: input.channel,
      destination: input.destination,
      ip: meta.ip,
    },
    ctx.now(),
  );
  ctx.outbound.dispatch(ctx.db, {
    siteId: caller.siteId,
    accountId: caller.account.id,
    channel: input.channel,
    to: input.destination,
    ...codeMessage('VERIFY', code, meta.locale),
  });
  return null;
}

/** Proves the contact the last code went to; a code of the other channel is as wrong as a wrong code. */
export async function confirmContact(
  ctx: CodeContext,
  caller: Caller,
  input: { channel: ContactChannel; code: string },
  ip: string,
): Promise<Contact[]> {
  const owner = { siteId: caller.siteId, accountId: caller.account.id, purpose: 'VERIFY' as const, channel: input.channel };
  const used = await inTransaction(ctx.db, (tx) => useCode(tx, ctx.serverKey, owner, input.code, ctx.now()));
  if (!used) throw new AppError('CODE_INVALID');
  if (await takenByAnother(ctx, caller, used.channel, used.destination)) throw new AppError('CONTACT_TAKEN');
  // The check above answers the usual case; two accounts confirming one number at once meet the
  // unique index, and the later one gets the same answer.
  await inTransaction(ctx.db, async (tx) => {
    const [before] = await tx
      .select({ destination: accountContacts.destination })
      .from(accountContacts)
      .where(and(eq(accountContacts.accountId, caller.account.id), eq(accountContacts.channel, used.channel)));
    await tx
      .insert(accountContacts)
      .values({
        accountId: caller.account.id,
        siteId: caller.siteId,
        channel: used.channel,
        destination: used.destination,
        verifiedAt: ctx.now(),
      })
      .onConflictDoUpdate({
        target: [accountContacts.accountId, accountContacts.channel],
        set: { destination: used.destination, verifiedAt: ctx.now() },
      });
    await writeLog(tx, { caller, ip }, caller.account.id, 'OPERATION', before ? { [used.channel]: before.destination } : null, {
      [used.channel]: used.destination,
    });
  }).catch((err: unknown) => {
    if (isUniqueViolation(err, 'account_contacts_site_destination_uq')) throw new AppError('CONTACT_TAKEN');
    throw err;
  });
  return listContacts(ctx, caller);
}

export async function removeContact(ctx: CodeContext, caller: Caller, channel: ContactChannel, ip: string): Promise<Contact[]> {
  await inTransaction(ctx.db, async (tx) => {
    const removed = await tx
      .delete(accountContacts)
      .where(and(eq(accountContacts.accountId, caller.account.id), eq(accountContacts.channel, channel)))
      .returning({ destination: accountContacts.destination });
    if (removed[0])
      await writeLog(tx, { caller, ip }, caller.account.id, 'OPERATION', { [channel]: removed[0].destination }, { [channel]: null });
  });
  return listContacts(ctx, caller);
}
