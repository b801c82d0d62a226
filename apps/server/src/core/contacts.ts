import { and, eq } from 'drizzle-orm';
import type { ContactChannel } from '@agent-bo/shared';
import { accountContacts } from '../db/schema/index.js';
import type { Q } from './tx.js';

/** The contacts accounts proved they own (account_contacts), read by sign-in, recovery and the account itself. */

/** The account's proved contact on `channel`, or null. */
export async function contactOf(q: Q, accountId: number, channel: ContactChannel): Promise<string | null> {
  const [row] = await q
    .select({ destination: accountContacts.destination })
    .from(accountContacts)
    .where(and(eq(accountContacts.accountId, accountId), eq(accountContacts.channel, channel)));
  return row?.destination ?? null;
}

/** The account of `siteId` that proved `destination` on `channel` (a phone number, an address), or null. */
export async function contactHolder(q: Q, siteId: string, channel: ContactChannel, destination: string): Promise<number | null> {
  const [row] = await q
    .select({ accountId: accountContacts.accountId })
    .from(accountContacts)
    .where(and(eq(accountContacts.siteId, siteId), eq(accountContacts.channel, channel), eq(accountContacts.destination, destination)));
  return row?.accountId ?? null;
}
