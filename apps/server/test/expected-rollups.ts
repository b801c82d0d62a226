/**
 * The rollups the settlement should have written, summed directly over the current Settled bet
 * versions of site $1: one row per chain link × business date × provider × category, with the
 * share rule of docs/REPORTS.md (differences of truncated cumulative shares, per bet).
 *
 * `ratios`: `bet` reads the ratios fixed at settlement (`bets.share_ratios`); `accounts` reads
 * today's account ratios (for data whose ratios never change, e.g. the seed). `columns` is the
 * select list over the rollup columns, so each test compares in its own shape.
 */
export function expectedRollupsSql(columns: string, ratios: 'bet' | 'accounts'): string {
  const rAncestor = ratios === 'bet' ? 'b.share_ratios[i]' : '(select ratio from accounts a where a.id = b.agent_path[i])';
  const rChild = ratios === 'bet' ? 'b.share_ratios[i + 1]' : '(select ratio from accounts a where a.id = b.agent_path[i + 1])';
  return `with links as (
       select b.*, b.agent_path[i] as ancestor_id,
              case when i = cardinality(b.agent_path) then b.player_id else b.agent_path[i + 1] end as child_id,
              ${rAncestor}::bigint as r_ancestor,
              case when i = cardinality(b.agent_path) then 0 else ${rChild} end::bigint as r_child
         from bets b, generate_series(1, cardinality(b.agent_path)) i
        where b.status = 'Settled' and b.site_id = $1)
     select ${columns} from (
       select ancestor_id, child_id, business_date, provider_code, game_category, count(*) as bet_count, sum(bet_amount) as bet_amount,
              sum(valid_bet) as valid_bet, sum(payout) as payout, sum(win_loss) as win_loss,
              sum((-win_loss) * r_child / 10000) as child_share, sum((-win_loss) * r_ancestor / 10000 - (-win_loss) * r_child / 10000) as ancestor_share
         from links group by 1, 2, 3, 4, 5) e
     order by 1, 2, 3, 4, 5`;
}
