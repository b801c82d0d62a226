import { sql } from 'drizzle-orm';
import { formatMinorUnits, type LedgerCheck } from '@agent-bo/shared';
import { inTransaction, type Q } from '../../core/tx.js';

/**
 * The ledger invariants (PRODUCT.md §4), per site:
 * - the sum of all balances is zero, i.e. what the house issued (minus its balance) equals the
 *   sum of every other balance;
 * - every account's balance equals the sum of its entries;
 * - no balance but the house's (the admin, parent_id null) is negative;
 * - every transaction's entries sum to zero (and there are at least two); a stored refusal has
 *   none.
 * Read in one REPEATABLE READ snapshot when `q` is the pool, so a running load does not produce
 * false alarms.
 */
export async function checkLedger(q: Q, options: { siteId?: string } = {}): Promise<LedgerCheck> {
  const run = async (t: Q): Promise<LedgerCheck> => {
    const site = options.siteId ?? null;
    const sites = await t.execute<{ site_id: string; house: string | null; total: string; n: number }>(sql`
      select s.id as site_id,
             (select -a.balance from accounts a where a.site_id = s.id and a.parent_id is null)::text as house,
             coalesce((select sum(a.balance) from accounts a where a.site_id = s.id), 0)::text as total,
             (select count(*) from accounts a where a.site_id = s.id)::int as n
      from sites s where ${site}::text is null or s.id = ${site}::text order by s.id`);
    const mismatches = await t.execute<{ site_id: string; account_no: string; balance: string; entries: string }>(sql`
      select a.site_id, a.account_no, a.balance::text as balance, coalesce(e.total, 0)::text as entries
      from accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
      where (${site}::text is null or a.site_id = ${site}::text) and a.balance <> coalesce(e.total, 0)
      order by a.site_id, a.id`);
    const negatives = await t.execute<{ site_id: string; account_no: string; balance: string }>(sql`
      select site_id, account_no, balance::text as balance from accounts
      where (${site}::text is null or site_id = ${site}::text) and balance < 0 and parent_id is not null
      order by site_id, id`);
    const unbalanced = await t.execute<{ site_id: string; id: string }>(sql`
      select x.site_id, x.id::text as id
      from ledger_transactions x left join ledger_entries e on e.transaction_id = x.id
      where ${site}::text is null or x.site_id = ${site}::text
      group by x.id, x.site_id, x.refusal
      -- A stored refusal (the first outcome of a refused key) must have no entries at all.
      having case when x.refusal is not null then count(e.id) <> 0
                  else coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2 end
      order by x.id`);
    const result: LedgerCheck = {
      ok: true,
      sites: sites.rows.map((s) => ({
        siteId: s.site_id,
        houseIssued: formatMinorUnits(s.house ?? '0'),
        sumOfBalances: formatMinorUnits(s.total),
        accountsChecked: s.n,
        balanceMismatches: mismatches.rows
          .filter((m) => m.site_id === s.site_id)
          .map((m) => ({ accountNo: m.account_no, balance: formatMinorUnits(m.balance), entriesSum: formatMinorUnits(m.entries) })),
        forbiddenNegatives: negatives.rows
          .filter((m) => m.site_id === s.site_id)
          .map((m) => ({ accountNo: m.account_no, balance: formatMinorUnits(m.balance) })),
        unbalancedTransactions: unbalanced.rows.filter((u) => u.site_id === s.site_id).map((u) => u.id),
      })),
    };
    result.ok = result.sites.every(
      (s) =>
        s.sumOfBalances === '0.00' &&
        s.balanceMismatches.length === 0 &&
        s.forbiddenNegatives.length === 0 &&
        s.unbalancedTransactions.length === 0,
    );
    return result;
  };
  // On the pool: its own REPEATABLE READ snapshot; inside a caller's transaction: that one's.
  return inTransaction(q, run, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
