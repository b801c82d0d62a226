import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  siteTimeZone,
  type AddressList,
  type AddressListChangeRequest,
  type AddressListKind,
  type AddressListPicture,
} from '@agent-bo/shared';
import { assertWriter, reach } from '../../core/access.js';
import type { AccountRow, Caller } from '../../core/caller.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction, type Q } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { accountAddressLists, accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { normaliseBlocks } from '../../lib/cidr.js';
import { formatDateTime } from '../../lib/dates.js';

/**
 * An account's address list (issue 33), read and set by its upper agents: reach() answers only
 * for an account strictly inside the caller's working subtree, so nobody sets the list of its own
 * account (no typo locks anyone out of their own session) nor of an account above it, and the
 * site's admin, above whom nobody is, has no list of its own. The rule itself is core/address-lists.ts.
 */

export interface AddressListContext {
  db: Db;
  caller: Caller;
  /** The request's address (TRUST_PROXY honoured), for the operation log and the caller's hint. */
  ip: string;
  now: () => Date;
}

const updater = alias(accounts, 'updater');

/** The lists set on `target` and on its ancestors, root first. */
async function chainLists(q: Q | Db, target: AccountRow): Promise<AddressList[]> {
  const chain = [...target.path, target.id];
  const rows = await q
    .select({
      accountId: accountAddressLists.accountId,
      accountNo: accounts.accountNo,
      cidrs: accountAddressLists.cidrs,
      updatedBy: updater.accountNo,
      updatedAt: accountAddressLists.updatedAt,
    })
    .from(accountAddressLists)
    .innerJoin(accounts, eq(accounts.id, accountAddressLists.accountId))
    .leftJoin(updater, eq(updater.id, accountAddressLists.updatedBy))
    .where(inArray(accountAddressLists.accountId, chain));
  const zone = siteTimeZone(target.siteId);
  return rows
    .sort((a, b) => chain.indexOf(a.accountId) - chain.indexOf(b.accountId))
    .map((row) => ({ ...row, updatedAt: formatDateTime(row.updatedAt, zone) }));
}

async function picture(q: Q | Db, target: AccountRow, callerAddress: string): Promise<AddressListPicture> {
  const lists = await chainLists(q, target);
  return {
    id: target.id,
    accountNo: target.accountNo,
    above: lists.filter((list) => list.accountId !== target.id),
    own: lists.find((list) => list.accountId === target.id) ?? null,
    callerAddress,
  };
}

/** What applies to an account the caller reaches: the lists above it and its own. */
export async function readAddressLists(
  ctx: AddressListContext,
  id: number,
  kind: AddressListKind,
  callerAddress: string,
): Promise<AddressListPicture> {
  const target = await reach(ctx.db, ctx.caller, id, kind);
  return picture(ctx.db, target, callerAddress);
}

/**
 * Sets (or, with no entries, removes) an account's own list. Entries are normalised; the first
 * that is no address or block refuses the whole list with ADDRESS_LIST_INVALID naming it, and
 * nothing changes. The change and its log row commit together; the table's trigger announces it
 * on `auth_changed`, so every process's kept sessions of the site are re-read on their next request.
 */
export async function changeAddressList(
  ctx: AddressListContext,
  input: AddressListChangeRequest,
  kind: AddressListKind,
  callerAddress: string,
): Promise<AddressListPicture> {
  assertWriter(ctx.caller);
  const normalised = normaliseBlocks(input.cidrs);
  if ('invalid' in normalised) throw new AppError('ADDRESS_LIST_INVALID', { entry: normalised.invalid });
  const next = normalised.blocks.length > 0 ? normalised.blocks : null;
  return inTransaction(ctx.db, async (tx) => {
    // The account row locked: two upper agents saving at once log in turn, each with what it replaced.
    const target = await reach(tx, ctx.caller, input.id, kind, true);
    const [current] = await tx
      .select({ cidrs: accountAddressLists.cidrs })
      .from(accountAddressLists)
      .where(eq(accountAddressLists.accountId, target.id));
    const before = current?.cidrs ?? null;
    if (!sameList(before, next)) {
      if (next === null) {
        await tx.delete(accountAddressLists).where(eq(accountAddressLists.accountId, target.id));
      } else {
        const row = { cidrs: next, updatedBy: ctx.caller.account.id, updatedAt: ctx.now() };
        await tx
          .insert(accountAddressLists)
          .values({ accountId: target.id, siteId: target.siteId, ...row })
          .onConflictDoUpdate({ target: accountAddressLists.accountId, set: row });
      }
      await writeLog(tx, ctx, target.id, 'OPERATION', { addressList: before }, { addressList: next });
    }
    return picture(tx, target, callerAddress);
  });
}

function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((block, i) => block === b[i]);
}
