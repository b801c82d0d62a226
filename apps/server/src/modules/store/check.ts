import { sql } from 'drizzle-orm';
import { inTransaction, type Q } from '../../core/tx.js';

/**
 * The points invariants (PRODUCT.md §6), beside the credit ledger's (`npm run ledger:check`):
 * - every points account's balance equals the sum of its entries, and neither balance nor debt
 *   is negative;
 * - each player's entries chain: in id order, balance after = the previous balance after + amount;
 * - balance − debt = what the player's bets earned − the points of its orders not cancelled;
 * - every order has one PointsStore entry of −its points, and a refund of +its points exactly
 *   when it is cancelled.
 * Read in one REPEATABLE READ snapshot when `q` is the pool.
 */
export interface PointsCheck {
  ok: boolean;
  accountsChecked: number;
  balanceMismatches: { accountNo: string; balance: string; entriesSum: string }[];
  negatives: { accountNo: string; balance: string; debt: string }[];
  brokenChains: { accountNo: string; entryId: string }[];
  earningMismatches: { accountNo: string; balanceLessDebt: string; earnedLessSpent: string }[];
  orderMismatches: { orderId: number; points: string; spent: string; refunded: string; status: string }[];
}

export async function checkPoints(q: Q, options: { siteId?: string } = {}): Promise<PointsCheck> {
  const run = async (t: Q): Promise<PointsCheck> => {
    const site = options.siteId ?? null;
    const inSite = (col: string) => sql`(${site}::text is null or ${sql.raw(col)} = ${site}::text)`;
    const count = await t.execute<{ n: number }>(sql`select count(*)::int as n from points_accounts p where ${inSite('p.site_id')}`);
    const mismatches = await t.execute<{ account_no: string; balance: string; entries: string }>(sql`
      select a.account_no, p.balance::text, coalesce(e.total, 0)::text as entries
        from points_accounts p join accounts a on a.id = p.player_id
        left join (select player_id, sum(amount) as total from points_entries group by player_id) e on e.player_id = p.player_id
       where ${inSite('p.site_id')} and p.balance <> coalesce(e.total, 0)
       order by p.player_id`);
    const negatives = await t.execute<{ account_no: string; balance: string; debt: string }>(sql`
      select a.account_no, p.balance::text, p.debt::text from points_accounts p join accounts a on a.id = p.player_id
       where ${inSite('p.site_id')} and (p.balance < 0 or p.debt < 0) order by p.player_id`);
    const chains = await t.execute<{ account_no: string; id: string }>(sql`
      select a.account_no, x.id::text from (
        select e.id, e.player_id, e.amount, e.balance_after,
               lag(e.balance_after, 1, 0::bigint) over (partition by e.player_id order by e.id) as before
          from points_entries e where ${inSite('e.site_id')}) x
        join accounts a on a.id = x.player_id
       where x.balance_after <> x.before + x.amount
       order by x.id limit 100`);
    const earning = await t.execute<{ account_no: string; own: string; rule: string }>(sql`
      select a.account_no, (p.balance - p.debt)::text as own,
             (coalesce((select sum(earned) from points_bet_earnings b where b.player_id = p.player_id), 0)
              - coalesce((select sum(points) from store_orders o where o.player_id = p.player_id and o.status <> 'Cancelled'), 0))::text as rule
        from points_accounts p join accounts a on a.id = p.player_id
       where ${inSite('p.site_id')}
         and p.balance - p.debt <>
             coalesce((select sum(earned) from points_bet_earnings b where b.player_id = p.player_id), 0)
             - coalesce((select sum(points) from store_orders o where o.player_id = p.player_id and o.status <> 'Cancelled'), 0)
       order by p.player_id`);
    const orders = await t.execute<{ id: number; points: string; spent: string; refunded: string; status: string }>(sql`
      select o.id, o.points::text, o.status,
             coalesce(sum(-e.amount) filter (where e.type = 'PointsStore'), 0)::text as spent,
             coalesce(sum(e.amount) filter (where e.type = 'PointsStoreRefund'), 0)::text as refunded
        from store_orders o left join points_entries e on e.order_id = o.id
       where ${inSite('o.site_id')}
       group by o.id
      having coalesce(sum(-e.amount) filter (where e.type = 'PointsStore'), 0) <> o.points
          or coalesce(sum(e.amount) filter (where e.type = 'PointsStoreRefund'), 0) <> case when o.status = 'Cancelled' then o.points else 0 end
       order by o.id limit 100`);
    const result: PointsCheck = {
      ok: false,
      accountsChecked: count.rows[0]?.n ?? 0,
      balanceMismatches: mismatches.rows.map((m) => ({ accountNo: m.account_no, balance: m.balance, entriesSum: m.entries })),
      negatives: negatives.rows.map((m) => ({ accountNo: m.account_no, balance: m.balance, debt: m.debt })),
      brokenChains: chains.rows.map((c) => ({ accountNo: c.account_no, entryId: c.id })),
      earningMismatches: earning.rows.map((e) => ({ accountNo: e.account_no, balanceLessDebt: e.own, earnedLessSpent: e.rule })),
      orderMismatches: orders.rows.map((o) => ({
        orderId: o.id,
        points: o.points,
        spent: o.spent,
        refunded: o.refunded,
        status: o.status,
      })),
    };
    result.ok =
      result.balanceMismatches.length === 0 &&
      result.negatives.length === 0 &&
      result.brokenChains.length === 0 &&
      result.earningMismatches.length === 0 &&
      result.orderMismatches.length === 0;
    return result;
  };
  return inTransaction(q, run, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
