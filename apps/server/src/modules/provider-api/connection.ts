import type pg from 'pg';
import type { Tx } from '../../core/tx.js';

/**
 * The pg connection under a drizzle transaction. A batch's named statements (`place_read`,
 * `transition_read`) and its COPY run on it: they are prepared on the connection that runs them,
 * inside the batch's transaction.
 */
export function connectionOf(tx: Tx): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('provider API: the transaction has no pg connection');
  return client;
}

/**
 * Whether `bets` has column statistics for `provider_bet_id`, as a condition of a statement. With
 * them the planner takes `provider_bet_id = any($ids)` as one scan of the unique index; without
 * them it filters every bet of the site (docs/DECISIONS.md, "The place batch scans its ids as one
 * array once `bets` has statistics").
 */
export const BETS_HAVE_STATISTICS = `exists (select from pg_stats where schemaname = current_schema() and tablename = 'bets' and attname = 'provider_bet_id')`;
