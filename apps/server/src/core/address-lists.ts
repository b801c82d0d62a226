import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accountAddressLists } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { addressInBlocks } from '../lib/cidr.js';
import type { AccountRow } from './caller.js';
import { recordSignIn, type SignInAttempt } from './sign-in-events.js';
import type { Q } from './tx.js';

/**
 * The address allow-lists (issue 33): an account may have one list of CIDR blocks, set by its
 * upper agents (modules/address-lists). Every list on an account's chain — its own and each
 * ancestor's; a shadow's path holds its owner, so the owner's chain counts for it — applies: a
 * request's address must be inside at least one block of each list. So a lower level can only
 * narrow what the levels above it allow. Sign-in checks it here; every signed-in request checks
 * the lists the auth statement read with the session (`Caller.addressLists`, plugins/auth.ts).
 */

/** Whether `ip` is inside every list of `lists` (no list: every address). */
export function addressAllowed(lists: readonly (readonly string[])[], ip: string): boolean {
  return lists.every((blocks) => addressInBlocks(ip, blocks));
}

/** The lists set on `account` and on its ancestors (one read by primary key). */
export async function chainAddressLists(q: Q | Db, account: Pick<AccountRow, 'id' | 'path'>): Promise<string[][]> {
  const rows = await q
    .select({ cidrs: accountAddressLists.cidrs })
    .from(accountAddressLists)
    .where(inArray(accountAddressLists.accountId, [...account.path, account.id]));
  return rows.map((row) => row.cidrs);
}

/**
 * The sign-in's check, run once the first factor was right (so the refusal tells a stranger
 * nothing about which accounts have lists): outside its chain's lists, the attempt goes into the
 * sign-in history as ADDRESS_REFUSED and is refused with ADDRESS_NOT_ALLOWED; nothing else changes.
 */
export async function assertAddressAllowed(
  db: Db,
  account: Pick<AccountRow, 'id' | 'path'>,
  attempt: Omit<SignInAttempt, 'result' | 'sessionId'>,
): Promise<void> {
  const lists = await chainAddressLists(db, account);
  if (addressAllowed(lists, attempt.ip)) return;
  await recordSignIn(db, { ...attempt, result: 'ADDRESS_REFUSED' });
  throw new AppError('ADDRESS_NOT_ALLOWED');
}
