// @module-tag dates — history over the business days before the clock
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMinorUnits } from '@agent-bo/shared';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { loadDirectory, playDemoTraffic, runSimulation, type Directory, type SimPlayer, type SimulationSummary } from '@agent-bo/simulator';
import { useTestApp } from '../helpers.js';
import { q } from '../provider-api/support.js';
import { expectedRollupsSql } from '../expected-rollups.js';
import { testNow } from '../clock.js';

/**
 * The simulator against a real listening app (HTTP on a random port, the file's own database):
 * what it reports is what the database holds, the rollups still equal a direct sum over the bets,
 * replays are answered DUPLICATE and refusals are counted, not fatal.
 */

const ctx = useTestApp();
let baseUrl = '';
let directory: Directory;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  directory = await loadDirectory(ctx.database.pool, 'tw_web');
});

/** Current statuses of one run's bets (version 1 counts every placed bet once). */
async function statusesOf(runId: string): Promise<Record<string, number>> {
  const rows = await q<{ status: string; n: string }>(
    ctx,
    `select status, count(*)::text as n from bets where provider_bet_id like $1 group by status`,
    [`${runId}-%`],
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * The rollups as a direct sum over the current Settled bets, every chain link with the shares of
 * the ratios fixed at settlement (bets.share_ratios), against report_rollups; rows that sum to
 * nothing are left out on both sides. Returns the number of rollup rows compared.
 */
async function expectRollupsEqualBets(): Promise<number> {
  const cols = `ancestor_id, child_id, business_date::text as business_date, provider_code, game_category, bet_count::text as bet_count,
    bet_amount::text as bet_amount, valid_bet::text as valid_bet, payout::text as payout, win_loss::text as win_loss,
    child_share::text as child_share, ancestor_share::text as ancestor_share`;
  const expected = await q(ctx, expectedRollupsSql(cols, 'bet'), ['tw_web']);
  const actual = await q(
    ctx,
    `select ${cols} from report_rollups
      where site_id = 'tw_web' and not (bet_count = 0 and bet_amount = 0 and valid_bet = 0 and payout = 0 and win_loss = 0 and child_share = 0 and ancestor_share = 0)
      order by 1, 2, 3, 4, 5`,
  );
  expect(actual).toEqual(expected);
  return actual.length;
}

// Generous rates so that a small run shows every path.
const RATES = { cancel: 0.05, open: 0.05, resettle: 0.08, replay: 0.05, stray: 0.2, inactive: 0.3 };

async function unverified(): Promise<SimPlayer[]> {
  const rows = await q<{ account_no: string }>(
    ctx,
    `select account_no from accounts where site_id = 'tw_web' and kind = 'PLAYER' and verify_status <> 'VERIFIED'`,
  );
  const list = directory.players.filter((p) => rows.some((r) => r.account_no === p.accountNo));
  expect(list.length).toBeGreaterThan(0);
  return list;
}
/** Players lacking PP or SABA, which are active. */
function narrowed(): SimPlayer[] {
  const list = directory.players.filter(
    (p) => !['PP', 'SABA'].every((c) => p.providers!.includes(c)) && !/^player(29[4-9]|300)$/.test(p.accountNo),
  );
  expect(list.length).toBeGreaterThan(0);
  return list;
}
function ordinary(): SimPlayer[] {
  return directory.players.filter(
    (p) => ['PP', 'SABA'].every((c) => p.providers!.includes(c)) && !/^player(29[4-9]|300)$/.test(p.accountNo),
  );
}

describe('provider simulator', () => {
  let run: SimulationSummary;
  let mixed: Directory;

  it('plays a seeded history run over HTTP: the database holds exactly what it reports', async () => {
    // Ordinary players, players without some active provider (a stray session on it is refused)
    // and the unverified ones (player294..300, refused).
    mixed = { ...directory, players: [...ordinary().slice(0, 20), ...narrowed().slice(0, 15), ...(await unverified())] };
    run = await runSimulation({
      baseUrl,
      directory: mixed,
      seed: 'test-1',
      runId: 'simA',
      bets: 600,
      batch: 40,
      concurrency: 3,
      historyDays: 5,
      historyEnd: testNow().getTime(),
      rates: RATES,
    });
    expect(run.bets.attempted).toBe(600);
    expect(run.failedItems).toBe(0);
    expect(run.bets.placed).toBeGreaterThan(250);
    for (const k of ['settled', 'canceled', 'resettled', 'open'] as const) expect(run.bets[k], k).toBeGreaterThan(0);

    // Status mix: every placed bet once in version 1; Superseded versions are the resettles.
    expect(await statusesOf('simA')).toEqual({
      Settled: run.bets.settled,
      Canceled: run.bets.canceled,
      Unsettled: run.bets.open,
      Superseded: run.bets.resettled,
    });
    const [v1] = await q<{ n: string }>(ctx, `select count(*)::text as n from bets where provider_bet_id like 'simA-%' and version = 1`);
    expect(Number(v1!.n)).toBe(run.bets.placed);

    // Stakes: each inside one of its player's bet-limit presets as the seed made them.
    const [stakes] = await q<{ n: number; outside: number }>(
      ctx,
      `select count(*)::int as n,
              count(*) filter (where not exists (select 1 from bet_limit_presets p
                where p.site_id = b.site_id and p.code = any(a.bet_limits) and b.bet_amount between p.min and p.max))::int as outside
         from bets b join accounts a on a.id = b.player_id where b.provider_bet_id like 'simA-%' and b.version = 1`,
    );
    expect(stakes).toEqual({ n: run.bets.placed, outside: 0 });

    // Replays: every item sent again was answered DUPLICATE.
    expect(run.replayed).toBeGreaterThan(0);
    expect(run.duplicates).toBe(run.replayed);
    expect(run.replayMismatches).toBe(0);

    // Refusals are the expected kinds: a refused transfer_out leaves its session's bets unsent
    // (unfunded); every other bet not placed was refused itself.
    const refused = Object.values(run.refusals).reduce((a, b) => a + b, 0);
    expect(refused).toBe(run.bets.attempted - run.bets.unfunded - run.bets.placed + (run.wallet.sessions - run.wallet.funded));
    for (const key of Object.keys(run.refusals)) {
      expect(['4004 PROVIDER_NOT_ACTIVE', '4006 PROVIDER_NOT_ENABLED', '4008 PLAYER_RESTRICTED', '4009 PLAYER_UNVERIFIED']).toContain(key);
    }
    expect(run.calls.refused).toBeGreaterThan(0); // KY (MAINTAIN) refuses whole calls
    expect(run.bets.unfunded).toBeGreaterThan(0);

    // The wallet: each funded session moved credit out first and what was left back in; the
    // ledger holds; what left the players' main balances is what they lost on settled bets plus
    // the stakes still in play (cancels were refunded by the platform).
    expect(run.wallet.funded).toBeGreaterThan(0);
    expect(run.wallet.transfersOut).toBe(run.wallet.funded);
    expect(run.wallet.transfersIn).toBeGreaterThan(0);
    const [moved] = await q<{ outs: number; ins: number; refunds: number; out_sum: string; in_sum: string; player_net: string }>(
      ctx,
      `select count(distinct t.id) filter (where t.kind = 'TRANSFER_OUT')::int as outs,
              count(distinct t.id) filter (where t.kind = 'TRANSFER_IN')::int as ins,
              count(distinct t.id) filter (where t.kind = 'REFUND')::int as refunds,
              coalesce(-sum(e.amount) filter (where t.kind = 'TRANSFER_OUT' and a.kind = 'PLAYER'), 0)::text as out_sum,
              coalesce(sum(e.amount) filter (where t.kind = 'TRANSFER_IN' and a.kind = 'PLAYER'), 0)::text as in_sum,
              coalesce(sum(e.amount) filter (where a.kind = 'PLAYER'), 0)::text as player_net
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join accounts a on a.id = e.account_id
        where t.site_id = 'tw_web' and (t.idempotency_key like 'provider:%:simA-s%' or t.idempotency_key like 'refund:%:simA-%')`,
    );
    expect(moved).toMatchObject({ outs: run.wallet.transfersOut, ins: run.wallet.transfersIn, refunds: run.bets.canceled });
    expect(formatMinorUnits(moved!.out_sum)).toBe(run.wallet.out);
    expect(formatMinorUnits(moved!.in_sum)).toBe(run.wallet.in);
    const [lost] = await q<{ at_stake: string }>(
      ctx,
      `select coalesce(sum(bet_amount - payout) filter (where status = 'Settled'), 0) + coalesce(sum(bet_amount) filter (where status = 'Unsettled'), 0) as at_stake
         from bets where provider_bet_id like 'simA-%'`,
    );
    expect(BigInt(moved!.player_net)).toBe(-BigInt(lost!.at_stake));
    expect((await checkLedger(ctx.database.db, { siteId: 'tw_web' })).ok).toBe(true);

    // Money: the summary's settled stakes and payouts are the database's current settled versions.
    const [money] = await q<{ stake: string; payout: string }>(
      ctx,
      `select coalesce(sum(bet_amount), 0)::text as stake, coalesce(sum(payout), 0)::text as payout from bets where provider_bet_id like 'simA-%' and status = 'Settled'`,
    );
    expect(run.settledStake).toBe(formatMinorUnits(money!.stake));
    expect(run.settledPayout).toBe(formatMinorUnits(money!.payout));

    // History: placing times over the 5 days before the history's end (the test clock), several
    // business dates, settled no earlier than placed and not after the end (a resettlement of a
    // bet settled at the very end comes a second later than its settlement).
    const [spread] = await q<{ dates: number; oldest_h: number; newest_h: number; backwards: number; late: number }>(
      ctx,
      `select count(distinct business_date)::int as dates,
              extract(epoch from $1::timestamptz - min(placed_at))::float / 3600 as oldest_h,
              extract(epoch from $1::timestamptz - max(placed_at))::float / 3600 as newest_h,
              count(*) filter (where settled_at < placed_at)::int as backwards,
              count(*) filter (where settled_at > $1::timestamptz + interval '5 seconds')::int as late
         from bets where provider_bet_id like 'simA-%'`,
      [testNow().toISOString()],
    );
    expect(spread!.dates).toBeGreaterThanOrEqual(3);
    expect(spread!.oldest_h).toBeLessThanOrEqual(5 * 24 + 12);
    expect(spread!.newest_h).toBeGreaterThan(0);
    expect(spread!.backwards).toBe(0);
    expect(spread!.late).toBe(0);

    expect(await expectRollupsEqualBets()).toBeGreaterThan(0);
  });

  it('replays the same decisions with the same seed (other bet ids), and other ones with another seed', async () => {
    // Without the wallet: with it, a plan also follows the balances the run starts from.
    const same = { baseUrl, directory: mixed, seed: 'test-1', bets: 600, historyDays: 5, rates: RATES, wallet: false };
    const first = await runSimulation({ ...same, runId: 'simB', batch: 40, concurrency: 3, historyEnd: testNow().getTime() });
    // Another batch size, concurrency and history end (nine hours on): the same decisions.
    const again = await runSimulation({
      ...same,
      runId: 'simD',
      batch: 75,
      concurrency: 2,
      historyEnd: testNow().getTime() + 9 * 3_600_000,
    });
    expect(again.bets).toEqual(first.bets);
    expect(again.refusals).toEqual(first.refusals);
    expect(again.settledStake).toBe(first.settledStake);
    expect(again.settledPayout).toBe(first.settledPayout);
    expect(again.duplicates).toBe(first.duplicates);
    // Same players, games, stakes and results bet for bet.
    const pairs = await q<{ same: boolean; n: string }>(
      ctx,
      `select (a.player_id, a.game_code, a.bet_amount, a.payout, a.status) is not distinct from (b.player_id, b.game_code, b.bet_amount, b.payout, b.status) as same,
              count(*)::text as n
         from bets a join bets b on b.provider_bet_id = 'simD-' || substr(a.provider_bet_id, 6) and b.version = a.version and b.provider_code = a.provider_code
        where a.provider_bet_id like 'simB-%' group by 1`,
    );
    expect(pairs).toEqual([{ same: true, n: String(first.bets.placed + first.bets.resettled) }]);

    const other = await runSimulation({ ...same, seed: 'test-2', runId: 'simC', bets: 200, historyEnd: testNow().getTime() });
    const [diff] = await q<{ both: string; differ: string }>(
      ctx,
      `select count(*)::text as both, count(*) filter (where (a.player_id, a.bet_amount) is distinct from (c.player_id, c.bet_amount))::text as differ
         from bets a join bets c on c.provider_bet_id = 'simC-' || substr(a.provider_bet_id, 6) and c.version = 1
        where a.provider_bet_id like 'simB-%' and a.version = 1`,
    );
    expect(other.bets.placed).toBeGreaterThan(100);
    expect(Number(diff!.differ)).toBeGreaterThan(Number(diff!.both) * 0.8);
    expect(await expectRollupsEqualBets()).toBeGreaterThan(0);
  });

  it('live: placed now, settled after the delay; refusals (player, provider, signature) are counted, not fatal', async () => {
    const started = Date.now();
    const live = await runSimulation({
      baseUrl,
      directory: { ...directory, providers: directory.providers.filter((p) => p.code === 'EVO' || p.code === 'PG') },
      seed: 7,
      runId: 'simL',
      bets: 120,
      rate: 400,
      batch: 20,
      settleDelayMs: 300,
      rates: { stray: 0, open: 0, cancel: 0.1 },
    });
    expect(live.failedItems).toBe(0);
    expect(live.bets.settled + live.bets.canceled).toBe(live.bets.placed);
    const [times] = await q<{ first: Date; min_gap_ms: number }>(
      ctx,
      `select min(placed_at) as first, min(extract(epoch from settled_at - placed_at) * 1000)::float as min_gap_ms
         from bets where provider_bet_id like 'simL-%'`,
    );
    expect(times!.first.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(times!.min_gap_ms).toBeGreaterThanOrEqual(300);
    // 120 bets at 400 a second take about 0.3 s to place.
    expect(live.elapsedMs).toBeGreaterThanOrEqual(250);

    // Every session of an unverified player, or stray on a provider the player lacks: each refusal counted, nothing stored.
    const refused = await runSimulation({
      baseUrl,
      directory: { ...directory, players: [...(await unverified()), ...narrowed().slice(0, 10)] },
      seed: 9,
      runId: 'simR',
      bets: 200,
      batch: 25,
      rates: { stray: 1, inactive: 0 },
      // Bets alone: with the wallet these players would already be refused their transfer_out.
      wallet: false,
    });
    expect(refused.failedItems).toBe(0);
    const unverifiedCount = refused.refusals['4009 PLAYER_UNVERIFIED'] ?? 0;
    const strayCount = refused.refusals['4006 PROVIDER_NOT_ENABLED'] ?? 0;
    expect(unverifiedCount).toBeGreaterThan(0);
    expect(strayCount).toBeGreaterThan(0);
    // A player who lacks only KY (MAINTAIN) strays onto KY: the whole call is refused.
    const inactiveCount = refused.refusals['4004 PROVIDER_NOT_ACTIVE'] ?? 0;
    expect(unverifiedCount + strayCount + inactiveCount).toBe(200);
    expect(refused.bets.placed).toBe(0);
    expect(await statusesOf('simR')).toEqual({});

    const forged = await runSimulation({
      baseUrl,
      directory: { ...directory, providers: [{ code: 'EVO', secret: 'not-the-secret', active: true }] },
      seed: 8,
      runId: 'simX',
      bets: 30,
      batch: 10,
      wallet: false,
    });
    expect(forged.bets.placed).toBe(0);
    expect(forged.calls.refused).toBe(3);
    expect(forged.refusals).toEqual({ '4001 PROVIDER_SIGNATURE_INVALID': 30 });
    // its catalogue push, before the bets, was refused alike
    expect(forged.catalogues).toEqual({ pushed: 0, refused: { '4001 PROVIDER_SIGNATURE_INVALID': 1 } });
    expect(await statusesOf('simX')).toEqual({});
  });

  it('demo burst: sites without bets get history through the API; a site with bets is skipped', async () => {
    const first = await playDemoTraffic({ db: ctx.database.pool, baseUrl, sites: ['tw_web', 'ph_mc'], betsPerSite: 150, days: 3 });
    expect(first.skipped).toEqual(['tw_web']);
    expect(first.runs.map((r) => r.siteId)).toEqual(['ph_mc']);
    expect(first.runs[0]!.bets.placed).toBeGreaterThan(100);
    const [ph] = await q<{ n: string; dates: number }>(
      ctx,
      `select count(*)::text as n, count(distinct business_date)::int as dates from bets where site_id = 'ph_mc' and version = 1`,
    );
    expect(Number(ph!.n)).toBe(first.runs[0]!.bets.placed);
    expect(ph!.dates).toBeGreaterThanOrEqual(2);
    expect(first.runs[0]!.wallet.transfersOut).toBeGreaterThan(0);
    expect((await checkLedger(ctx.database.db, { siteId: 'ph_mc' })).ok).toBe(true);
    const second = await playDemoTraffic({ db: ctx.database.pool, baseUrl, sites: ['ph_mc'], betsPerSite: 150, days: 3 });
    expect(second.runs).toEqual([]);
    expect(second.skipped).toEqual(['ph_mc']);
  });
});
