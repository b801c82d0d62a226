import { sql } from 'drizzle-orm';
import type { PointsEntryType } from '@agent-bo/shared';
import type { Tx } from '../../core/tx.js';

/**
 * The points ledger's one writer: every change of a player's points goes through `postPoints`,
 * which locks the players' points accounts (ascending player id, the one order, so two posts
 * never deadlock), moves the balances, and appends one entry per change with its balance after.
 *
 * A change may be larger than the balance only for a bet's downward correction (`allowDebt`):
 * what the balance cannot give becomes debt, paid first by later earnings, so the balance never
 * goes below zero and balance − debt always equals the rules' result. A spend never borrows: the
 * caller checks the balance first (under the same lock, see `lockPoints`).
 */

export interface PointsChange {
  playerId: number;
  siteId: string;
  type: PointsEntryType;
  /** Signed points: + earned or refunded, − spent or corrected down. */
  delta: bigint;
  providerCode?: string | null;
  providerBetId?: string | null;
  betRowId?: bigint | null;
  betStatus?: string | null;
  orderId?: number | null;
}

export interface PointsAccount {
  playerId: number;
  balance: bigint;
  debt: bigint;
}

/** Creates the missing points accounts and locks them all, ascending player id. */
export async function lockPoints(tx: Tx, players: readonly { playerId: number; siteId: string }[]): Promise<Map<number, PointsAccount>> {
  const bySite = new Map<number, string>();
  for (const p of players) bySite.set(p.playerId, p.siteId);
  const ids = [...bySite.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await tx.execute(sql`
    insert into points_accounts (player_id, site_id)
    select * from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => bySite.get(id)!))}::text[])
    order by 1
    on conflict (player_id) do nothing`);
  const { rows } = await tx.execute<{ player_id: number; balance: string; debt: string }>(sql`
    select player_id, balance::text, debt::text from points_accounts
     where player_id = any(${sql.param(ids)}::int[]) order by player_id for no key update`);
  return new Map(rows.map((r) => [r.player_id, { playerId: r.player_id, balance: BigInt(r.balance), debt: BigInt(r.debt) }]));
}

/**
 * Applies `changes` in order to the locked `accounts` (from `lockPoints`, same transaction) and
 * writes their entries; returns the accounts after. Throws (a bug) when a change without
 * `allowDebt` would take the balance below zero: the CHECK would refuse it anyway.
 */
export async function postPoints(
  tx: Tx,
  accounts: Map<number, PointsAccount>,
  changes: readonly PointsChange[],
  options: { allowDebt?: boolean; now?: Date } = {},
): Promise<Map<number, PointsAccount>> {
  if (changes.length === 0) return accounts;
  const cols = {
    site: [] as string[],
    player: [] as number[],
    type: [] as string[],
    amount: [] as string[],
    after: [] as string[],
    provider: [] as (string | null)[],
    bet: [] as (string | null)[],
    row: [] as (string | null)[],
    status: [] as (string | null)[],
    order: [] as (number | null)[],
  };
  for (const c of changes) {
    const acct = accounts.get(c.playerId);
    if (!acct) throw new Error(`points account ${c.playerId} not locked`);
    let amount: bigint;
    if (c.delta >= 0n) {
      const paid = c.delta < acct.debt ? c.delta : acct.debt;
      acct.debt -= paid;
      amount = c.delta - paid;
    } else {
      const want = -c.delta;
      const take = want < acct.balance ? want : acct.balance;
      if (take < want && !options.allowDebt) throw new Error('points spend above the balance');
      acct.debt += want - take;
      amount = -take;
    }
    acct.balance += amount;
    cols.site.push(c.siteId);
    cols.player.push(c.playerId);
    cols.type.push(c.type);
    cols.amount.push(amount.toString());
    cols.after.push(acct.balance.toString());
    cols.provider.push(c.providerCode ?? null);
    cols.bet.push(c.providerBetId ?? null);
    cols.row.push(c.betRowId?.toString() ?? null);
    cols.status.push(c.betStatus ?? null);
    cols.order.push(c.orderId ?? null);
  }
  const at = (options.now ?? new Date()).toISOString();
  await tx.execute(sql`
    insert into points_entries (site_id, player_id, type, amount, balance_after, provider_code, provider_bet_id, bet_row_id, bet_status, order_id, created_at)
    select site, player, type, amount, after, provider, bet, row, status, ord, ${at}::timestamptz
      from unnest(${sql.param(cols.site)}::text[], ${sql.param(cols.player)}::int[], ${sql.param(cols.type)}::text[],
                  ${sql.param(cols.amount)}::bigint[], ${sql.param(cols.after)}::bigint[], ${sql.param(cols.provider)}::text[],
                  ${sql.param(cols.bet)}::text[], ${sql.param(cols.row)}::bigint[], ${sql.param(cols.status)}::text[],
                  ${sql.param(cols.order)}::int[])
           with ordinality as u(site, player, type, amount, after, provider, bet, row, status, ord, n)
     order by n`);
  const touched = [...new Set(changes.map((c) => c.playerId))].sort((a, b) => a - b);
  await tx.execute(sql`
    update points_accounts p set balance = u.balance, debt = u.debt, updated_at = ${at}::timestamptz
      from unnest(${sql.param(touched)}::int[], ${sql.param(touched.map((id) => accounts.get(id)!.balance.toString()))}::bigint[],
                  ${sql.param(touched.map((id) => accounts.get(id)!.debt.toString()))}::bigint[]) as u(player_id, balance, debt)
     where p.player_id = u.player_id`);
  return accounts;
}
