import type pg from 'pg';

/**
 * The report's input, written directly: what the settlement adds to `report_rollups` for one
 * settled bet (the settlement's own correctness is the provider-API suite's property test).
 * A bet of a player with path [A0 … An] adds one row per chain link (A0, A1) … (An, player),
 * with the shares of the rule in docs/REPORTS.md: house result H = −winLoss; childShare =
 * H × child ratio (0 for a player); ancestorShare = H × (ancestor ratio − child ratio).
 * Amounts are minor units; the tests choose them so every share is a whole number of cents.
 */
export interface TestBet {
  playerId: number;
  businessDate: string;
  provider?: string;
  category?: string;
  betAmount: bigint;
  validBet?: bigint;
  payout: bigint;
}

export interface LinkRow {
  ancestorId: number;
  childId: number;
  betAmount: bigint;
  validBet: bigint;
  payout: bigint;
  winLoss: bigint;
  childShare: bigint;
  ancestorShare: bigint;
}

export async function chainOf(pool: pg.Pool, playerId: number): Promise<{ siteId: string; ids: number[]; ratios: Map<number, number> }> {
  const { rows } = await pool.query<{ site_id: string; path: number[] }>('select site_id, path from accounts where id = $1', [playerId]);
  const player = rows[0];
  if (!player) throw new Error(`no player ${playerId}`);
  const ids = [...player.path, playerId];
  const ratios = await pool.query<{ id: number; ratio: number; kind: string }>(
    'select id, ratio, kind from accounts where id = any($1::int[])',
    [ids],
  );
  return { siteId: player.site_id, ids, ratios: new Map(ratios.rows.map((r) => [r.id, r.kind === 'PLAYER' ? 0 : r.ratio])) };
}

/** The rollup rows of one bet, per chain link (no database write). */
export async function linksOf(pool: pg.Pool, bet: TestBet): Promise<LinkRow[]> {
  const { ids, ratios } = await chainOf(pool, bet.playerId);
  const winLoss = bet.payout - bet.betAmount;
  const house = -winLoss;
  const out: LinkRow[] = [];
  for (let i = 0; i + 1 < ids.length; i++) {
    const ancestorId = ids[i]!;
    const childId = ids[i + 1]!;
    const a = BigInt(ratios.get(ancestorId) ?? 0);
    const c = BigInt(ratios.get(childId) ?? 0);
    const childShare = (house * c) / 10_000n;
    const ancestorShare = (house * (a - c)) / 10_000n;
    if ((house * c) % 10_000n !== 0n || (house * (a - c)) % 10_000n !== 0n) throw new Error('choose amounts whose shares are whole cents');
    out.push({
      ancestorId,
      childId,
      betAmount: bet.betAmount,
      validBet: bet.validBet ?? bet.betAmount,
      payout: bet.payout,
      winLoss,
      childShare,
      ancestorShare,
    });
  }
  return out;
}

/** Adds one settled bet to the rollups, as the settlement would. */
export async function settle(pool: pg.Pool, bet: TestBet): Promise<void> {
  const { siteId } = await chainOf(pool, bet.playerId);
  for (const l of await linksOf(pool, bet)) {
    await pool.query(
      `insert into report_rollups (site_id, ancestor_id, business_date, child_id, provider_code, game_category,
         bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share)
       values ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10, $11, $12)
       on conflict (site_id, ancestor_id, business_date, child_id, provider_code, game_category) do update set
         bet_count = report_rollups.bet_count + 1,
         bet_amount = report_rollups.bet_amount + excluded.bet_amount,
         valid_bet = report_rollups.valid_bet + excluded.valid_bet,
         payout = report_rollups.payout + excluded.payout,
         win_loss = report_rollups.win_loss + excluded.win_loss,
         child_share = report_rollups.child_share + excluded.child_share,
         ancestor_share = report_rollups.ancestor_share + excluded.ancestor_share`,
      [
        siteId,
        l.ancestorId,
        bet.businessDate,
        l.childId,
        bet.provider ?? 'PG',
        bet.category ?? 'SLOT',
        l.betAmount.toString(),
        l.validBet.toString(),
        l.payout.toString(),
        l.winLoss.toString(),
        l.childShare.toString(),
        l.ancestorShare.toString(),
      ],
    );
  }
}
