import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES } from '@agent-bo/shared';
import { useTestApp } from '../helpers.js';
import { batch, betFingerprint, betId, body, placeItem, q, settleItem, signed, SITE } from './support.js';
import { expectedRollupsSql } from '../expected-rollups.js';
import { chainShares } from '../../src/modules/provider-api/shares.js';

const ctx = useTestApp();

interface RollupRow {
  ancestor_id: number;
  child_id: number;
  business_date: string;
  provider_code: string;
  game_category: string;
  bet_count: string;
  bet_amount: string;
  valid_bet: string;
  payout: string;
  win_loss: string;
  child_share: string;
  ancestor_share: string;
}

const ROLLUP_COLUMNS = `ancestor_id, child_id, business_date::text, provider_code, game_category, bet_count::text, bet_amount::text,
  valid_bet::text, payout::text, win_loss::text, child_share::text, ancestor_share::text`;

/** Creates an account under `parentId` (tw_web) and returns its id. */
async function createAccount(parentId: number, kind: 'AGENT' | 'PLAYER', accountNo: string, ratio: number): Promise<number> {
  const [row] = await q<{ id: number }>(
    ctx,
    `insert into accounts (site_id, kind, parent_id, lvl, path, account_no, nick_name, password_hash, ratio, providers)
     select site_id, $2, id, lvl + 1, path || id, $3, $3, 'x', $4, providers from accounts where id = $1
     returning id`,
    [parentId, kind, accountNo, ratio],
  );
  return row!.id;
}

async function adminId(): Promise<number> {
  const [row] = await q<{ id: number; ratio: number }>(
    ctx,
    `select id, ratio from accounts where site_id = 'tw_web' and parent_id is null`,
  );
  expect(row!.ratio).toBe(10_000);
  return row!.id;
}

/**
 * The rollups as they should be, computed straight from the bets: every current (not Superseded)
 * Settled bet adds to each link of its chain, with the shares recomputed from the accounts'
 * ratios (PostgreSQL's integer division truncates toward zero, like the rule). Rows that sum to
 * nothing (a resettle took back all of it) are left out on both sides.
 */
async function expectedRollups(): Promise<RollupRow[]> {
  return q<RollupRow>(ctx, expectedRollupsSql(ROLLUP_COLUMNS, 'accounts'), [SITE]);
}

async function actualRollups(): Promise<RollupRow[]> {
  return q<RollupRow>(
    ctx,
    `select ${ROLLUP_COLUMNS} from report_rollups
      where site_id = $1 and not (bet_count = 0 and bet_amount = 0 and valid_bet = 0 and payout = 0 and win_loss = 0 and child_share = 0 and ancestor_share = 0)
      order by 1, 2, 3, 4, 5`,
    [SITE],
  );
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rollups and shares', () => {
  it('the worked example of docs/REPORTS.md: admin 100 %, A 80 %, B 50 %, player P under B loses 1,000.00', async () => {
    const admin = await adminId();
    const a = await createAccount(admin, 'AGENT', 'docA', 8000);
    const b = await createAccount(a, 'AGENT', 'docB', 5000);
    const p = await createAccount(b, 'PLAYER', 'docP', 0);
    const id = betId('doc');
    // 14:00 in Taipei: business day 2026-11-20.
    await batch(ctx, 'place', [placeItem(id, 'docP', { betAmount: '1000.00', placedAt: '2026-11-20T06:00:00Z', gameCategory: 'SLOT' })]);
    await batch(ctx, 'settle', [settleItem(id, '0.00', { validBet: '1000.00' })]);
    const rows = await q<RollupRow & { upper: string }>(
      ctx,
      `select ${ROLLUP_COLUMNS}, (-win_loss - child_share - ancestor_share)::text as upper
         from report_rollups where child_id = any($1) order by array_position($1, child_id)`,
      [[a, b, p]],
    );
    const common = {
      business_date: '2026-11-20',
      provider_code: 'EVO',
      game_category: 'SLOT',
      bet_count: '1',
      bet_amount: '100000',
      valid_bet: '100000',
      payout: '0',
      win_loss: '-100000',
    };
    expect(rows).toEqual([
      // admin → A: A keeps 800.00, the admin 200.00, nothing above the admin.
      { ...common, ancestor_id: admin, child_id: a, child_share: '80000', ancestor_share: '20000', upper: '0' },
      // A → B: B keeps 500.00, A 300.00, 200.00 goes up (to the admin).
      { ...common, ancestor_id: a, child_id: b, child_share: '50000', ancestor_share: '30000', upper: '20000' },
      // B → P: a player keeps nothing, B 500.00, 500.00 goes up (A and the admin).
      { ...common, ancestor_id: b, child_id: p, child_share: '0', ancestor_share: '50000', upper: '50000' },
    ]);
  });

  it('truncates each bet’s shares toward zero, for wins and losses alike', async () => {
    const admin = await adminId();
    const a = await createAccount(admin, 'AGENT', 'truncA', 3333);
    const p = await createAccount(a, 'PLAYER', 'truncP', 0);
    const win = betId('tr');
    const loss = betId('tr');
    // Player loses 0.01 twice… and wins 0.07 once, on separate days so the rows stay apart.
    await batch(ctx, 'place', [
      placeItem(win, 'truncP', { betAmount: '0.01', placedAt: '2026-11-10T06:00:00Z' }),
      placeItem(loss, 'truncP', { betAmount: '0.01', placedAt: '2026-11-11T06:00:00Z' }),
    ]);
    await batch(ctx, 'settle', [settleItem(win, '0.08'), settleItem(loss, '0.00')]);
    const rows = await q<RollupRow>(
      ctx,
      `select ${ROLLUP_COLUMNS} from report_rollups where child_id = any($1) order by business_date, child_id`,
      [[a, p]],
    );
    // Win of 7: house −7; S(3333) = −7×3333/10000 = −2.3331 → −2 is A's; the admin's is
    // S(10000) − S(3333) = −7 − (−2) = −5, so the parts add up to the house result and the
    // admin's link leaves no upper share (no rounding residue above the admin).
    // Loss of 1: house 1; S(3333) → 0, so A gets 0 and the admin S(10000) − 0 = 1.
    expect(rows.map((r) => [r.business_date, r.child_id, r.win_loss, r.child_share, r.ancestor_share])).toEqual([
      ['2026-11-10', a, '7', '-2', '-5'],
      ['2026-11-10', p, '7', '0', '-2'],
      ['2026-11-11', a, '-1', '0', '1'],
      ['2026-11-11', p, '-1', '0', '0'],
    ]);
    // The admin's link: house − childShare − ancestorShare = 0 on both days.
    for (const r of rows.filter((row) => row.child_id === a)) {
      expect(-BigInt(r.win_loss) - BigInt(r.child_share) - BigInt(r.ancestor_share)).toBe(0n);
    }
  });

  it('counts a bet on the noon-based business day of its placing time (site time zone)', async () => {
    const admin = await adminId();
    const p = await createAccount(admin, 'PLAYER', 'noonP', 0);
    const before = betId('noon');
    const after = betId('noon');
    // 11:59:59 and 12:00:00 in Taipei on 2026-11-20.
    await batch(ctx, 'place', [
      placeItem(before, 'noonP', { placedAt: '2026-11-20T03:59:59Z' }),
      placeItem(after, 'noonP', { placedAt: '2026-11-20T04:00:00Z' }),
    ]);
    // Settled a day later: the placing day still counts.
    await batch(ctx, 'settle', [
      settleItem(before, '0.00', { settledAt: '2026-11-22T00:00:00Z' }),
      settleItem(after, '0.00', { settledAt: '2026-11-22T00:00:00Z' }),
    ]);
    const rows = await q<{ business_date: string; bet_count: string }>(
      ctx,
      `select business_date::text, bet_count::text from report_rollups where child_id = $1 order by 1`,
      [p],
    );
    expect(rows).toEqual([
      { business_date: '2026-11-19', bet_count: '1' },
      { business_date: '2026-11-20', bet_count: '1' },
    ]);
    const bets = await q<{ business_date: string }>(ctx, `select business_date::text from bets where player_id = $1 order by placed_at`, [
      p,
    ]);
    expect(bets.map((b) => b.business_date)).toEqual(['2026-11-19', '2026-11-20']);
  });

  it('fixes shares at settlement: a ratio change before a resettle takes back exactly what was added', async () => {
    const admin = await adminId();
    const a = await createAccount(admin, 'AGENT', 'fixA', 6000);
    const p = await createAccount(a, 'PLAYER', 'fixP', 0);
    const id = betId('fix');
    await batch(ctx, 'place', [placeItem(id, 'fixP', { betAmount: '100.00' })]);
    await batch(ctx, 'settle', [settleItem(id, '0.00')]);
    const shares = async () =>
      q<{ child_id: number; child_share: string; ancestor_share: string }>(
        ctx,
        `select child_id, child_share::text, ancestor_share::text from report_rollups where child_id = any($1) order by child_id`,
        [[a, p]],
      );
    expect(await shares()).toEqual([
      { child_id: a, child_share: '6000', ancestor_share: '4000' },
      { child_id: p, child_share: '0', ancestor_share: '6000' },
    ]);
    // A later ratio change does not touch settled shares…
    await q(ctx, `update accounts set ratio = 9000 where id = $1`, [a]);
    expect((await shares())[0]).toEqual({ child_id: a, child_share: '6000', ancestor_share: '4000' });
    // …and a resettle removes the old version's shares as they were, then adds the new one's at 90 %.
    await batch(ctx, 'resettle', [settleItem(id, '50.00', { settledAt: '2026-11-20T07:00:00Z' })]);
    expect(await shares()).toEqual([
      { child_id: a, child_share: '4500', ancestor_share: '500' },
      { child_id: p, child_share: '0', ancestor_share: '4500' },
    ]);
    const [v2] = await q<{ share_ratios: number[] }>(ctx, `select share_ratios from bets where provider_bet_id = $1 and version = 2`, [id]);
    expect(v2!.share_ratios).toEqual([10_000, 9000]);
  });

  it('takes a batch of 1000 in one call each way, and a replay of it changes nothing', async () => {
    const admin = await adminId();
    const a = await createAccount(admin, 'AGENT', 'bulkA', 7000);
    await createAccount(a, 'PLAYER', 'bulkP1', 0);
    await createAccount(a, 'PLAYER', 'bulkP2', 0);
    const ids = Array.from({ length: 1000 }, () => betId('bulk'));
    const place = ids.map((id, i) =>
      placeItem(id, i % 2 ? 'bulkP1' : 'bulkP2', {
        betAmount: `${(i % 50) + 1}.50`,
        gameCategory: GAME_CATEGORIES[i % GAME_CATEGORIES.length],
        placedAt: new Date(Date.UTC(2026, 10, 1 + (i % 3), 6, 0, i % 60)).toISOString(),
      }),
    );
    const placed = await signed(ctx, 'bets/place', { siteId: SITE, items: place });
    expect(body(placed).data).toMatchObject({ ok: 1000, duplicate: 0, refused: 0 });
    const settle = ids.map((id, i) => settleItem(id, i % 3 ? '0.00' : '10.25', { validBet: '1.00' }));
    const settled = await signed(ctx, 'bets/settle', { siteId: SITE, items: settle });
    expect(body(settled).data).toMatchObject({ ok: 1000, duplicate: 0, refused: 0 });
    const [sum] = await q<{ n: string; wl: string }>(
      ctx,
      `select sum(bet_count)::text as n, sum(win_loss)::text as wl from report_rollups where ancestor_id = $1`,
      [admin],
    );
    const [direct] = await q<{ n: string; wl: string }>(
      ctx,
      `select count(*)::text as n, sum(win_loss)::text as wl from bets where provider_bet_id like 'bulk-%' and status = 'Settled'`,
    );
    expect(direct!.n).toBe('1000');
    const adminOnly = await q<{ n: string; wl: string }>(
      ctx,
      `select sum(bet_count)::text as n, sum(win_loss)::text as wl from report_rollups where ancestor_id = $1 and child_id = $2`,
      [admin, a],
    );
    expect(adminOnly[0]).toEqual(direct);
    expect(BigInt(sum!.n)).toBeGreaterThanOrEqual(1000n);
    const before = await betFingerprint(ctx);
    expect(body(await signed(ctx, 'bets/place', { siteId: SITE, items: place })).data).toMatchObject({ duplicate: 1000 });
    expect(body(await signed(ctx, 'bets/settle', { siteId: SITE, items: settle })).data).toMatchObject({ duplicate: 1000 });
    expect(await betFingerprint(ctx)).toBe(before);
  });

  it('concurrent batches over the same bets, in opposite orders and two providers, neither deadlock nor double count', async () => {
    const admin = await adminId();
    const a = await createAccount(admin, 'AGENT', 'concA', 4000);
    await createAccount(a, 'PLAYER', 'concP', 0);
    const ids = { EVO: Array.from({ length: 60 }, () => betId('conc')), PG: Array.from({ length: 60 }, () => betId('conc')) };
    await Promise.all(
      (['EVO', 'PG'] as const).map((provider) =>
        batch(
          ctx,
          'place',
          ids[provider].map((id) => placeItem(id, 'concP', { betAmount: '10.00' })),
          { provider },
        ),
      ),
    );
    // Eight settle batches at once: each provider's bets forwards and backwards, twice (replays).
    const answers = await Promise.all(
      (['EVO', 'PG'] as const).flatMap((provider) =>
        [ids[provider], [...ids[provider]].reverse(), ids[provider], [...ids[provider]].reverse()].map((order) =>
          batch(
            ctx,
            'settle',
            order.map((id) => settleItem(id, '4.00')),
            { provider },
          ),
        ),
      ),
    );
    for (const provider of [0, 1]) {
      const statuses = answers.slice(provider * 4, provider * 4 + 4).flat();
      expect(statuses.filter((s) => s === 'OK')).toHaveLength(60);
      expect(statuses.filter((s) => s === 'DUPLICATE')).toHaveLength(180);
    }
    const [row] = await q<{ n: string; wl: string }>(
      ctx,
      `select sum(bet_count)::text as n, sum(win_loss)::text as wl from report_rollups where ancestor_id = $1 and child_id = $2`,
      [admin, a],
    );
    expect(row).toEqual({ n: '120', wl: String(120 * -600) });
    expect(await actualRollups()).toEqual(await expectedRollups());
  });

  it('computes the shares in SQL to the minor unit of shares.ts, at the largest amounts and odd ratios', async () => {
    const admin = await adminId();
    const a = await createAccount(admin, 'AGENT', 'edgeA', 9999);
    const b = await createAccount(a, 'AGENT', 'edgeB', 3333);
    const c = await createAccount(b, 'AGENT', 'edgeC', 1);
    await createAccount(c, 'PLAYER', 'edgeP', 0);
    await createAccount(b, 'PLAYER', 'edgeQ', 0);
    const cases: [string, string, string, string][] = [
      // [player, stake, payout, valid bet]
      ['edgeP', '100000000.00', '10000000000.00', '100000000.00'], // the largest win
      ['edgeP', '100000000.00', '0', '100000000.00'], // the largest loss
      ['edgeQ', '0.01', '0.08', '0.01'],
      ['edgeQ', '12.37', '3.01', '12.37'],
      ['edgeP', '0.07', '0', '0.07'],
      ['edgeP', '99999.99', '100000.00', '0.01'],
    ];
    const ids = cases.map(() => betId('edge'));
    await batch(
      ctx,
      'place',
      cases.map(([player, stake], i) => placeItem(ids[i]!, player, { betAmount: stake, placedAt: '2026-11-05T06:00:00Z' })),
    );
    await batch(
      ctx,
      'settle',
      cases.map(([, , payout, valid], i) => settleItem(ids[i]!, payout, { validBet: valid })),
    );
    // Resettle every one after a ratio change (one twice in the batch, one to the same result), so
    // the current versions carry the accounts' ratios of now, as the other tests' direct sum reads them.
    await q(ctx, `update accounts set ratio = 6667 where id = $1`, [b]);
    expect(
      await batch(ctx, 'resettle', [
        settleItem(ids[0]!, '0.01', { settledAt: '2026-11-20T07:00:00Z' }),
        settleItem(ids[3]!, '10000000000.00', { settledAt: '2026-11-20T07:00:00Z' }),
        settleItem(ids[3]!, '7.77', { settledAt: '2026-11-20T08:00:00Z' }),
        ...[1, 2, 4, 5].map((i) => settleItem(ids[i]!, cases[i]![2], { validBet: cases[i]![3], settledAt: '2026-11-20T07:00:00Z' })),
      ]),
    ).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'OK', 'OK']);
    // The rollups of these bets' links, summed in JavaScript with shares.ts over the current versions.
    const current = await q<{ agent_path: number[]; share_ratios: number[]; player_id: number; win_loss: string }>(
      ctx,
      `select agent_path, share_ratios, player_id, win_loss::text from bets where provider_bet_id = any($1) and status = 'Settled'`,
      [ids],
    );
    expect(current).toHaveLength(cases.length);
    const want = new Map<string, { n: bigint; wl: bigint; child: bigint; ancestor: bigint }>();
    for (const bet of current) {
      for (const link of chainShares(bet.agent_path, bet.share_ratios, bet.player_id, BigInt(bet.win_loss))) {
        const key = `${link.ancestorId}>${link.childId}`;
        const w = want.get(key) ?? { n: 0n, wl: 0n, child: 0n, ancestor: 0n };
        w.n += 1n;
        w.wl += BigInt(bet.win_loss);
        w.child += link.childShare;
        w.ancestor += link.ancestorShare;
        want.set(key, w);
      }
    }
    const rows = await q<RollupRow>(
      ctx,
      `select ${ROLLUP_COLUMNS} from report_rollups where ancestor_id = any($1) and business_date = '2026-11-05'
        and not (bet_count = 0 and win_loss = 0 and child_share = 0 and ancestor_share = 0)`,
      [[a, b, c]],
    );
    const adminRow = await q<RollupRow>(
      ctx,
      `select ${ROLLUP_COLUMNS} from report_rollups where ancestor_id = $1 and child_id = $2 and business_date = '2026-11-05'`,
      [admin, a],
    );
    const got = new Map(
      [...rows, ...adminRow].map((r) => [
        `${r.ancestor_id}>${r.child_id}`,
        { n: BigInt(r.bet_count), wl: BigInt(r.win_loss), child: BigInt(r.child_share), ancestor: BigInt(r.ancestor_share) },
      ]),
    );
    expect(got).toEqual(want);
  });

  it('property: after a random mix of place/settle/cancel/resettle, the rollups equal a direct sum over the bets', async () => {
    // Players at every depth: directly under the admin, and under agents 1–4 levels down.
    const admin = await adminId();
    const chain = [admin];
    const ratios = [9500, 7777, 5001, 1234];
    for (const [i, r] of ratios.entries()) chain.push(await createAccount(chain[chain.length - 1]!, 'AGENT', `propA${i}`, r));
    const players: string[] = [];
    for (const [i, parent] of chain.entries()) {
      for (const k of [0, 1]) {
        await createAccount(parent, 'PLAYER', `propP${i}${k}`, 0);
        players.push(`propP${i}${k}`);
      }
    }
    const providersOf = ['EVO', 'PG'];
    for (const seed of [1, 2, 3]) {
      const rand = mulberry32(seed * 7919);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
      const known: { id: string; provider: string }[] = [];
      let clock = Date.UTC(2026, 10, 20, 0, 0, 0);
      for (let round = 0; round < 14; round++) {
        const provider = pick(providersOf);
        const op = pick(['place', 'place', 'settle', 'settle', 'cancel', 'resettle'] as const);
        const size = 1 + Math.floor(rand() * 25);
        const items: unknown[] = [];
        const mine = known.filter((k) => k.provider === provider);
        for (let i = 0; i < size; i++) {
          clock += 60_000 + Math.floor(rand() * 3_600_000);
          const money = () => `${Math.floor(rand() * 500)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`;
          if (op === 'place' || mine.length === 0) {
            if (op !== 'place') break;
            const id = betId(`p${seed}`);
            known.push({ id, provider });
            items.push(
              placeItem(id, pick(players), {
                betAmount: `${1 + Math.floor(rand() * 300)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`,
                gameCategory: pick(GAME_CATEGORIES),
                placedAt: new Date(clock).toISOString(),
              }),
            );
          } else if (op === 'cancel') {
            items.push({ betId: pick(mine).id });
          } else {
            items.push(settleItem(pick(mine).id, money(), { validBet: money(), settledAt: new Date(clock).toISOString() }));
          }
        }
        if (items.length === 0) continue;
        // Whatever each item's answer (refusals included), the invariant must hold after every batch.
        await batch(ctx, op, items, { provider });
        expect(await actualRollups(), `seed ${seed} round ${round} (${op} ×${items.length})`).toEqual(await expectedRollups());
      }
    }
    // The run exercised every transition.
    const statuses = await q<{ status: string }>(ctx, `select distinct status from bets where provider_bet_id like 'p%' order by 1`);
    expect(statuses.map((s) => s.status)).toEqual(['Canceled', 'Settled', 'Superseded', 'Unsettled']);
  });
});
