import { sql } from 'drizzle-orm';
import type { Tx } from './tx.js';

/**
 * The one lock order of account rows: ascending id. Every write that changes more than one
 * account — credit moves and relief (the ledger's posting statement locks its legs the same way),
 * the provider wallet calls, refunds of bet batches, the pull-back, a move of a subtree, an edit
 * that narrows a subtree — takes its row locks through here (or in the same order), before it
 * changes anything, so two such writes wait for each other instead of deadlocking.
 *
 * The mode is FOR NO KEY UPDATE unless the key changes: foreign-key checks (an operation-log or
 * ledger row naming the operator, a session naming its account) take FOR KEY SHARE on the row
 * they reference, which conflicts with FOR UPDATE but not with FOR NO KEY UPDATE. So a write that
 * holds its operator's row (a credit move paying from it) does not block, or deadlock with, a
 * write that merely logs that operator. No write changes an account's id; `invite_code` (the one
 * other column under a unique index) is set by a single-row update of its own.
 */
export type AccountLockMode = 'no key update' | 'update';

/** Locks the accounts `ids` (duplicates ignored) in ascending id order; returns the ids found. */
export async function lockAccounts(tx: Tx, ids: readonly number[], mode: AccountLockMode = 'no key update'): Promise<number[]> {
  const list = [...new Set(ids)].sort((a, b) => a - b);
  if (!list.length) return [];
  const rows = await tx.execute<{ id: number }>(
    sql`select id from accounts where id = any(${sql.param(list)}::int[]) order by id for ${sql.raw(mode)}`,
  );
  return rows.rows.map((r) => r.id);
}

/**
 * Locks `rootId`, every account strictly below it on `siteId` (its subtree, by `path`) and the
 * accounts `also`, all in one ascending id order: for a write that is about to change the whole
 * subtree (a move, with the new parent in `also`; a narrowing edit). Returns the ids locked.
 */
export async function lockSubtree(
  tx: Tx,
  siteId: string,
  rootId: number,
  options: { also?: readonly number[]; mode?: AccountLockMode } = {},
): Promise<number[]> {
  const also = [...new Set(options.also ?? [])];
  const rows = await tx.execute<{ id: number }>(sql`
    select id from accounts
     where id = ${rootId}::int or id = any(${sql.param(also)}::int[]) or (site_id = ${siteId} and path @> array[${rootId}::int])
     order by id for ${sql.raw(options.mode ?? 'no key update')}`);
  return rows.rows.map((r) => r.id);
}
