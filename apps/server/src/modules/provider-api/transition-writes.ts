import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/tx.js';
import { arrayLiteral } from './array-literal.js';
import type { ProviderContext } from './context.js';
import { houseOf, lockAccounts, postHouseTransfer, refundKey } from './house.js';
import { ratiosNow } from './transition-reads.js';
import type { Bet, TransitionOp, Version } from './transition-types.js';

/**
 * What a settle, cancel or resettle batch writes once its items are decided (transitions.ts): the
 * bet versions and rollup deltas in one statement, then the REFUND postings of a cancel. Apart
 * from the decisions, which stay plain values with no SQL.
 */

/** The columns a written version returns for its rollups (`alias`: the written table's). */
const returned = (alias: string) =>
  sql.raw(
    ['status', 'player_id', 'agent_path', 'share_ratios', 'business_date', 'game_category', 'bet_amount', 'valid_bet', 'payout', 'win_loss']
      .map((c) => `${alias}.${c}`)
      .join(', '),
  );

/**
 * Writes the batch in one statement: the stored versions it changed (an UPDATE), the versions it
 * added (an INSERT), and — for settle and resettle — the rollup deltas of the rows these two return.
 *
 * A settled version gets its amounts, time, win/loss and ratios; a canceled or superseded one only
 * its status (null amounts: the stored values stay). A new version copies the rest of its bet's
 * latest stored version, in SQL.
 *
 * Rollups: + each returned version that is Settled (a settle, the last version a resettle added),
 * − each stored version a resettle made Superseded (its amounts and ratios unchanged, as they were
 * added). A version added and superseded by the same batch returns Superseded from the INSERT: it
 * would add and take back the same amounts on the same rows, so it counts 0. Each version adds to
 * every link of its chain with the share rule of shares.ts, then the deltas are summed per rollup
 * row, all-zero sums are dropped (as before), and the rows are inserted in primary-key order.
 */
export async function writeBatch(tx: Tx, op: TransitionOp, siteId: string, providerCode: string, touched: Bet[]): Promise<void> {
  // A version settled now keeps the ratios of its chain now (the rollups' shares): read once per account.
  const ratios = op === 'cancel' ? new Map<string, string>() : await ratiosNow(tx, touched);
  const changed: { id: string; v: Version; ratios: string }[] = [];
  const added: { source: string; v: Version; ratios: string }[] = [];
  for (const bet of touched) {
    const r = ratios.get(bet.path) ?? '{}';
    for (const v of bet.versions) {
      if (v.rowId === null) added.push({ source: bet.sourceId, v, ratios: r });
      else if (v.status !== v.storedStatus) changed.push({ id: v.rowId, v, ratios: r });
    }
  }
  // In id order, as every writer of bet rows locks them.
  changed.sort((x, y) => x.id.length - y.id.length || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const c = (f: (x: { v: Version; ratios: string }) => string | null) => arrayLiteral(changed.map(f));
  const update = sql`
    update bets b
       set status = u.status,
           valid_bet = coalesce(u.valid_bet, b.valid_bet),
           payout = coalesce(u.payout, b.payout),
           win_loss = case when u.payout is null then b.win_loss else u.payout - b.bet_amount end,
           settled_at = case when u.payout is null then b.settled_at else u.settled_at end,
           share_ratios = case when u.payout is null then b.share_ratios else u.share_ratios::int[] end
      from unnest(${arrayLiteral(changed.map((x) => x.id))}::bigint[], ${c((x) => x.v.status)}::text[],
                  ${c((x) => (x.v.settled ? x.v.validBet : null))}::bigint[], ${c((x) => (x.v.settled ? x.v.payout : null))}::bigint[],
                  ${c((x) => (x.v.settled ? new Date(x.v.settledMs!).toISOString() : null))}::timestamptz[],
                  ${c((x) => (x.v.settled ? x.ratios : null))}::text[])
           as u(id, status, valid_bet, payout, settled_at, share_ratios)
     where b.id = u.id`;
  if (op === 'cancel') {
    // A cancel changes no rollup: the statuses alone.
    await tx.execute(update);
    return;
  }
  const a = (f: (x: { source: string; v: Version; ratios: string }) => string | number) => arrayLiteral(added.map(f));
  const insert = sql`
    insert into bets as n (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id,
                           bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios)
    select b.site_id, b.provider_code, b.provider_bet_id, u.version, b.player_id, b.agent_path, b.game_code, b.game_category, b.round_id,
           b.bet_amount, u.valid_bet, u.payout, u.payout - b.bet_amount, u.status, b.placed_at, u.settled_at, b.business_date,
           u.share_ratios::int[]
      from unnest(${a((x) => x.source)}::bigint[], ${a((x) => x.v.version)}::int[], ${a((x) => x.v.status)}::text[],
                  ${a((x) => x.v.validBet)}::bigint[], ${a((x) => x.v.payout)}::bigint[],
                  ${a((x) => new Date(x.v.settledMs!).toISOString())}::timestamptz[], ${a((x) => x.ratios)}::text[]) with ordinality
           as u(source, version, status, valid_bet, payout, settled_at, share_ratios, n)
      join bets b on b.id = u.source
     order by u.n`;
  // The returned rows: the updated, then the inserted (a resettle's); each with its sign.
  // The returned rows with their signs: + Settled; − a stored version superseded; 0 otherwise (a
  // version inserted already superseded, by a later item of the batch).
  const updated = sql`select *, case status when 'Settled' then 1 when 'Superseded' then -1 else 0 end as sign from updated`;
  const written = added.length
    ? sql`updated as (${update} returning ${returned('b')}),
          inserted as (${insert} returning ${returned('n')}),
          written as (${updated} union all select *, case status when 'Settled' then 1 else 0 end from inserted)`
    : sql`updated as (${update} returning ${returned('b')}),
          written as (${updated})`;
  await tx.execute(sql`
    with ${written}
    insert into report_rollups as r (site_id, provider_code, ancestor_id, business_date, child_id, game_category,
                                     bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share)
    select ${siteId}, ${providerCode}, l.ancestor_id, w.business_date, l.child_id, w.game_category,
           sum(w.sign), sum(w.sign * w.bet_amount), sum(w.sign * w.valid_bet), sum(w.sign * w.payout), sum(w.sign * w.win_loss),
           sum(w.sign * l.child_share), sum(w.sign * l.ancestor_share)
      from written w
      -- One row per link of the chain: (path[i], path[i + 1]), the last (path[n], the player). unnest, not
      -- generate_series: the planner counts a few links per bet, not a thousand (a cost that would
      -- ask for JIT compilation where PostgreSQL has it).
      cross join lateral (
        select s.ancestor_id, s.child_id, s.child_share, (-w.win_loss) * s.r_ancestor / 10000 - s.child_share as ancestor_share
          from (select x.ancestor_id,
                       case when x.i = cardinality(w.agent_path) then w.player_id else w.agent_path[x.i + 1] end as child_id,
                       coalesce(w.share_ratios[x.i], 0)::bigint as r_ancestor,
                       (-w.win_loss) * (case when x.i = cardinality(w.agent_path) then 0 else coalesce(w.share_ratios[x.i + 1], 0) end)::bigint
                         / 10000 as child_share
                  from (select u.id as ancestor_id, u.n::int as i from unnest(w.agent_path) with ordinality as u(id, n)) x) s) l
     where w.sign <> 0
     group by l.ancestor_id, w.business_date, l.child_id, w.game_category
    having sum(w.sign) <> 0 or sum(w.sign * w.bet_amount) <> 0 or sum(w.sign * w.valid_bet) <> 0 or sum(w.sign * w.payout) <> 0
        or sum(w.sign * w.win_loss) <> 0 or sum(w.sign * l.child_share) <> 0 or sum(w.sign * l.ancestor_share) <> 0
     order by l.ancestor_id, w.business_date, l.child_id, w.game_category
    on conflict (site_id, ancestor_id, business_date, child_id, provider_code, game_category) do update set
      bet_count = r.bet_count + excluded.bet_count,
      bet_amount = r.bet_amount + excluded.bet_amount,
      valid_bet = r.valid_bet + excluded.valid_bet,
      payout = r.payout + excluded.payout,
      win_loss = r.win_loss + excluded.win_loss,
      child_share = r.child_share + excluded.child_share,
      ancestor_share = r.ancestor_share + excluded.ancestor_share`);
}

/**
 * One REFUND posting per canceled bet, in the batch's transaction, keyed `refund:<provider>:<betId>`:
 * a cancel replayed or raced finds the bet Canceled (the advisory lock serialises the batches)
 * and moves nothing, and the key is the ledger's own guard. Lock order: the bet lock (held),
 * then the house and the players in ascending id order, as every posting locks them.
 */
export async function writeRefunds(
  tx: Tx,
  ctx: ProviderContext,
  refunds: { betId: string; playerId: number; amount: string }[],
): Promise<void> {
  if (!refunds.length) return;
  const houseId = await houseOf(tx, ctx.siteId);
  await lockAccounts(tx, [houseId, ...refunds.map((r) => r.playerId)]);
  for (const r of refunds) {
    await postHouseTransfer(tx, {
      siteId: ctx.siteId,
      kind: 'REFUND',
      providerCode: ctx.providerCode,
      houseId,
      playerId: r.playerId,
      amount: BigInt(r.amount),
      toPlayer: true,
      key: refundKey(ctx.providerCode, r.betId),
      hash: createHash('sha256').update(`refund\n${r.betId}\n${r.playerId}\n${r.amount}`).digest('hex'),
    });
  }
}
