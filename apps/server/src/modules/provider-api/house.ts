import { sql } from 'drizzle-orm';
import type { LedgerKind } from '@agent-bo/shared';
import { lockAccounts as lockAccountRows } from '../../core/locks.js';
import type { Tx } from '../../core/tx.js';
import { moneySql, post } from '../ledger/index.js';

/**
 * The house side of provider money, used by the wallet calls (wallet.ts: transfer out and in) and
 * the bet batches (service.ts: the REFUND of a canceled bet's stake). Credit a player sends to a
 * provider is held by the house, the site's admin; every move between the two is one ledger
 * posting, with every account it touches locked first in ascending id order.
 */

/** The ledger key of a canceled bet's refund: a replayed cancel finds it taken. */
export function refundKey(providerCode: string, betId: string): string {
  return `refund:${providerCode}:${betId}`;
}

/** The site's house account (the admin: no parent). */
export async function houseOf(tx: Tx, siteId: string): Promise<number> {
  const found = await tx.execute<{ id: number }>(
    sql`select id from accounts where site_id = ${siteId} and parent_id is null and not is_shadow`,
  );
  const id = found.rows[0]?.id;
  if (id === undefined) throw new Error(`site ${siteId} has no house account`);
  return id;
}

/** Locks the rows in ascending id order, the one lock order of account rows (core/locks.ts). */
export async function lockAccounts(tx: Tx, ids: number[]): Promise<void> {
  await lockAccountRows(tx, ids);
}

/**
 * Posts one system transfer between the house and a player (`toPlayer`: house → player). Returns
 * the player's balance after it, also stored as the transaction's result for replays.
 */
export async function postHouseTransfer(
  tx: Tx,
  p: {
    siteId: string;
    kind: LedgerKind;
    providerCode: string;
    houseId: number;
    playerId: number;
    amount: bigint;
    toPlayer: boolean;
    key: string;
    hash: string;
  },
): Promise<string> {
  const [from, to] = p.toPlayer ? [p.houseId, p.playerId] : [p.playerId, p.houseId];
  const posted = await post(tx, {
    siteId: p.siteId,
    kind: p.kind,
    operatorId: null,
    provider: p.providerCode,
    legs: [
      { accountId: from, amount: -p.amount, counterpartyId: to },
      { accountId: to, amount: p.amount, counterpartyId: from },
    ],
    idempotency: { key: p.key, requestHash: p.hash },
    resultSql: sql`json_build_object('balance', (select ${moneySql(sql`u.balance`)} from upd u where u.id = ${p.playerId}::int))`,
  });
  return (posted.result as { balance: string }).balance;
}
