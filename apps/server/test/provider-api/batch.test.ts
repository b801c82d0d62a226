import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.js';
import { batch, placeItem, playersAtDepth, q, settleItem } from './support.js';

const ctx = useTestApp();

/**
 * A batch is decided item by item, in order, as if each item were its own call: the same
 * answers, the same stored bets and the same rollups. Two runs of the same items: "one" sends
 * each item alone, "all" sends them in one batch per endpoint. They differ only in the bet ids'
 * prefix and in the day (four weeks apart), so their rollups land on rows of their own.
 */

const DAYS_APART = 28;
const ONE_DAY = '2025-03-20';
const ALL_DAY = '2025-02-20';

let ok: string[] = [];
let restricted = '';
let unverified = '';
let notEnabled = '';
let deep = '';

beforeAll(async () => {
  const players = await playersAtDepth(ctx, 3, 'EVO', 5);
  ok = players.slice(0, 2);
  [restricted, unverified, notEnabled] = players.slice(2) as [string, string, string];
  [deep] = (await playersAtDepth(ctx, 4, 'EVO', 1)) as [string];
  await q(ctx, `update accounts set is_disabled = true where site_id = 'tw_web' and account_no = $1`, [restricted]);
  await q(ctx, `update accounts set verify_status = 'PENDING' where site_id = 'tw_web' and account_no = $1`, [unverified]);
  await q(ctx, `update accounts set providers = array_remove(providers, 'EVO') where site_id = 'tw_web' and account_no = $1`, [notEnabled]);
});

afterAll(async () => {
  await q(ctx, `update accounts set is_disabled = false where site_id = 'tw_web' and account_no = $1`, [restricted]);
});

/** The place items of one run: `p` the bet id prefix, `day` the business day they are placed on. */
function placeItems(p: string, day: string) {
  const [a, b] = ok as [string, string];
  const at = (hhmm: string, zone = 'Z') => `${day}T${hhmm}${zone}`;
  const item = (k: string, player: string, over: Record<string, unknown> = {}) =>
    placeItem(`${p}-${k}`, player, { roundId: `round-${k}`, placedAt: at('06:00:00.000'), ...over });
  return [
    item('1', a), // OK
    item('2', b, { betAmount: '12.5', gameCategory: 'SLOT', gameCode: 'slot-7' }), // OK, one decimal
    item('1', a), // DUPLICATE of the bet placed just before, in the same batch
    item('1', a, { betAmount: '101.00' }), // BET_CONTENT_CONFLICT
    item('1', b), // BET_CONTENT_CONFLICT: another player
    item('3', 'no-such-player'), // PLAYER_NOT_FOUND
    item('3', a, { betAmount: '7' }), // OK: a refused id binds nothing
    item('4', restricted), // PLAYER_RESTRICTED
    item('5', unverified), // PLAYER_UNVERIFIED
    item('6', notEnabled), // PROVIDER_NOT_ENABLED
    item('7', a.toUpperCase()), // OK: account numbers are case-insensitive
    item('7', a), // DUPLICATE
    item('0', a), // DUPLICATE of the bet placed before the run
    item('0', a, { roundId: 'other' }), // BET_CONTENT_CONFLICT with it
    item('8', deep, { placedAt: at('03:59:59.999') }), // 11:59:59.999 in Taipei: the day before's business day
    item('9', deep, { placedAt: at('04:00:00.000') }), // noon in Taipei: this business day
    item('10', a, { placedAt: at('14:00:00+08:00', '') }), // OK: the same instant as 06:00Z, written with an offset
    item('10', a, { placedAt: at('06:00:00') }), // DUPLICATE: the same instant, other text
    item('11', b, { placedAt: at('06:00:00.000'), betAmount: '0.01' }), // OK, the smallest stake
  ];
}

const PLACE_ANSWERS = [
  'OK',
  'OK',
  'DUPLICATE',
  'BET_CONTENT_CONFLICT',
  'BET_CONTENT_CONFLICT',
  'PLAYER_NOT_FOUND',
  'OK',
  'PLAYER_RESTRICTED',
  'PLAYER_UNVERIFIED',
  'PROVIDER_NOT_ENABLED',
  'OK',
  'DUPLICATE',
  'DUPLICATE',
  'BET_CONTENT_CONFLICT',
  'OK',
  'OK',
  'OK',
  'DUPLICATE',
  'OK',
];

/** Settle items of one run: settles, replays, conflicts and bets that are not there. */
function settleItems(p: string, day: string) {
  const at = `${day}T07:00:00.000Z`;
  const item = (k: string, payout: string, over: Record<string, unknown> = {}) =>
    settleItem(`${p}-${k}`, payout, { settledAt: at, ...over });
  return [
    item('1', '250.00'), // OK: a win
    item('2', '0', { validBet: '12.50' }), // OK: a loss
    item('1', '250.00'), // DUPLICATE
    item('1', '251.00'), // BET_CONTENT_CONFLICT
    item('3', '3.33', { validBet: '7' }), // OK
    item('4', '0'), // BET_NOT_FOUND: its place was refused
    item('7', '100.00'), // OK: even
    item('8', '0'), // OK
    item('9', '1000.00'), // OK
    item('10', '99.99'), // OK
    item('0', '40.00'), // OK: the bet placed before the run
    item('11', '0.02', { validBet: '0.01' }), // OK
  ];
}

const SETTLE_ANSWERS = ['OK', 'OK', 'DUPLICATE', 'BET_CONTENT_CONFLICT', 'OK', 'BET_NOT_FOUND', 'OK', 'OK', 'OK', 'OK', 'OK', 'OK'];

/** The bets of a run, the prefix taken off and the day moved back to the "one" run's. */
async function storedBets(p: string, shiftDays: number) {
  return q(
    ctx,
    `select substr(provider_bet_id, length($1) + 2) as bet, version, player_id, agent_path, game_code, game_category, round_id,
            bet_amount::text, valid_bet::text, payout::text, win_loss::text, status,
            placed_at + make_interval(days => $2::int) as placed_at, settled_at + make_interval(days => $2::int) as settled_at,
            (business_date + $2::int)::text as business_date, share_ratios
       from bets where site_id = 'tw_web' and provider_code = 'EVO' and provider_bet_id like $1 || '-%'
      order by 1, 2`,
    [p, shiftDays],
  );
}

/** The rollup rows of business dates [from, to], the dates moved by `shiftDays`. */
async function rollupsBetween(from: string, to: string, shiftDays: number) {
  return q(
    ctx,
    `select ancestor_id, child_id, (business_date + $3::int)::text as business_date, provider_code, game_category, bet_count::text,
            bet_amount::text, valid_bet::text, payout::text, win_loss::text, child_share::text, ancestor_share::text
       from report_rollups where site_id = 'tw_web' and business_date between $1::date and $2::date
      order by 1, 2, 3, 4, 5`,
    [from, to, shiftDays],
  );
}

describe('provider API: a batch answers and writes as its items one by one', () => {
  it('places, then settles, a batch mixing new, replayed, conflicting and refused items exactly as one-item calls do', async () => {
    const prior = (p: string, day: string) => placeItems(p, day).find((i) => i.betId === `${p}-0`)!;
    expect(await rollupsBetween('2025-02-01', '2025-03-31', 0)).toEqual([]);

    // One item per call.
    expect(await batch(ctx, 'place', [prior('one', ONE_DAY)])).toEqual(['OK']);
    const onePlaced: string[] = [];
    for (const item of placeItems('one', ONE_DAY)) onePlaced.push(...(await batch(ctx, 'place', [item])));
    const oneSettled: string[] = [];
    for (const item of settleItems('one', ONE_DAY)) oneSettled.push(...(await batch(ctx, 'settle', [item])));

    // The same items in one batch per endpoint.
    expect(await batch(ctx, 'place', [prior('all', ALL_DAY)])).toEqual(['OK']);
    const allPlaced = await batch(ctx, 'place', placeItems('all', ALL_DAY));
    const allSettled = await batch(ctx, 'settle', settleItems('all', ALL_DAY));

    expect(onePlaced).toEqual(PLACE_ANSWERS);
    expect(allPlaced).toEqual(PLACE_ANSWERS);
    expect(oneSettled).toEqual(SETTLE_ANSWERS);
    expect(allSettled).toEqual(SETTLE_ANSWERS);

    const oneBets = await storedBets('one', 0);
    expect(oneBets).toHaveLength(9);
    expect(await storedBets('all', DAYS_APART)).toEqual(oneBets);
    // The business day follows noon in Taipei, the stake its minor units.
    const byBet = new Map(oneBets.map((b) => [b.bet as string, b]));
    expect(byBet.get('8')!.business_date).toBe('2025-03-19');
    expect(byBet.get('9')!.business_date).toBe('2025-03-20');
    expect(byBet.get('2')!.bet_amount).toBe('1250');
    expect(byBet.get('11')!.bet_amount).toBe('1');

    const oneRollups = await rollupsBetween('2025-03-01', '2025-03-31', 0);
    expect(oneRollups.length).toBeGreaterThan(0);
    expect(await rollupsBetween('2025-02-01', '2025-02-28', DAYS_APART)).toEqual(oneRollups);
  });

  it('places and settles the same batch alike once bets has statistics (the known bets read as one array scan)', async () => {
    // A batch reads its known bets id by id until `bets` has column statistics, then with one scan
    // of the ids as an array (place.ts, transition-reads.ts): the answers, the stored bets and the
    // rollups must not differ from the "one" run's, decided one item per call before the ANALYZE.
    // The cancel and resettle batches below also run with the statistics in place.
    const STATS_DAY = '2025-01-23'; // two periods before the "one" run
    await q(ctx, 'analyze bets');
    const stats = await q(
      ctx,
      `select 1 from pg_stats where schemaname = current_schema() and tablename = 'bets' and attname = 'provider_bet_id'`,
    );
    expect(stats).toHaveLength(1);
    const prior = placeItems('stats', STATS_DAY).find((i) => i.betId === 'stats-0')!;
    expect(await batch(ctx, 'place', [prior])).toEqual(['OK']);
    expect(await batch(ctx, 'place', placeItems('stats', STATS_DAY))).toEqual(PLACE_ANSWERS);
    expect(await batch(ctx, 'settle', settleItems('stats', STATS_DAY))).toEqual(SETTLE_ANSWERS);
    expect(await storedBets('stats', 2 * DAYS_APART)).toEqual(await storedBets('one', 0));
    const oneRollups = await rollupsBetween('2025-03-01', '2025-03-31', 0);
    expect(await rollupsBetween('2025-01-01', '2025-01-31', 2 * DAYS_APART)).toEqual(oneRollups);
  });
});

/** Bets of the transition run: placed and settled alike in both runs before the batches under test. */
function transitionPlaces(p: string, day: string) {
  const [a, b] = ok as [string, string];
  const item = (k: string, player: string, amount: string) =>
    placeItem(`${p}-${k}`, player, { roundId: `round-${k}`, betAmount: amount, placedAt: `${day}T06:00:00.000Z` });
  return [
    item('s1', a, '100.00'),
    item('s2', b, '20.00'),
    item('s3', a, '33.33'),
    item('c1', a, '10.00'),
    item('c2', b, '0.07'),
    item('u1', b, '5.00'),
  ];
}

function transitionSettles(p: string, day: string) {
  const at = `${day}T07:00:00.000Z`;
  return [
    settleItem(`${p}-s1`, '0', { settledAt: at }),
    settleItem(`${p}-s2`, '40.00', { validBet: '20.00', settledAt: at }),
    settleItem(`${p}-s3`, '66.66', { validBet: '33.33', settledAt: at }),
  ];
}

/** Cancels: refunds, replays inside the batch, a settled bet, a bet that is not there. */
function cancelItems(p: string) {
  return [
    { betId: `${p}-c1` },
    { betId: `${p}-c1` },
    { betId: `${p}-s1` },
    { betId: `${p}-none` },
    { betId: `${p}-c2` },
    { betId: `${p}-c2` },
  ];
}
const CANCEL_ANSWERS = ['OK', 'DUPLICATE', 'BET_STATE_CONFLICT', 'BET_NOT_FOUND', 'OK', 'DUPLICATE'];

/** Resettles: one bet twice and another three times in one batch, replays of every version, conflicts. */
function resettleItems(p: string, day: string) {
  const at = (hh: string) => `${day}T${hh}:00:00.000Z`;
  const item = (k: string, payout: string, hh: string, over: Record<string, unknown> = {}) =>
    settleItem(`${p}-${k}`, payout, { settledAt: at(hh), ...over });
  return [
    item('s1', '150.00', '08'), // OK: version 2
    item('s1', '80.00', '09', { validBet: '90.00' }), // OK: version 3, in the same batch
    item('s1', '150.00', '08'), // DUPLICATE: a replay of version 2
    item('s1', '0', '07'), // DUPLICATE: a replay of the first settlement
    item('s1', '1.00', '08'), // BET_CONTENT_CONFLICT: version 2's time, other amounts
    item('s1', '5.00', '08', { settledAt: `${day}T08:30:00.000Z` }), // BET_STATE_CONFLICT: older than version 3
    item('s2', '40.00', '08', { validBet: '20.00' }), // OK: the same result at a later time (the rollups do not move)
    item('c1', '1.00', '08'), // BET_STATE_CONFLICT: canceled
    item('u1', '1.00', '08'), // BET_STATE_CONFLICT: never settled
    item('none', '1.00', '08'), // BET_NOT_FOUND
    item('s3', '0.01', '10'), // OK
    item('s3', '1000.00', '11', { validBet: '0.01' }), // OK
    item('s3', '12.34', '12'), // OK
    item('s3', '0.01', '10'), // DUPLICATE
  ];
}
const RESETTLE_ANSWERS = [
  'OK',
  'OK',
  'DUPLICATE',
  'DUPLICATE',
  'BET_CONTENT_CONFLICT',
  'BET_STATE_CONFLICT',
  'OK',
  'BET_STATE_CONFLICT',
  'BET_STATE_CONFLICT',
  'BET_NOT_FOUND',
  'OK',
  'OK',
  'OK',
  'DUPLICATE',
];

/** Settles after the resettles: replays of the first settlement, a canceled bet, a late settle. */
function settleAgainItems(p: string, day: string) {
  return [
    settleItem(`${p}-s1`, '0', { settledAt: `${day}T07:00:00.000Z` }), // DUPLICATE: the first settlement
    settleItem(`${p}-s1`, '150.00', { settledAt: `${day}T08:00:00.000Z` }), // BET_CONTENT_CONFLICT: not the first
    settleItem(`${p}-c1`, '0', { validBet: '10.00' }), // BET_STATE_CONFLICT: canceled
    settleItem(`${p}-u1`, '7.50', { validBet: '5.00', settledAt: `${day}T13:00:00.000Z` }), // OK
    settleItem(`${p}-u1`, '7.50', { validBet: '5.00', settledAt: `${day}T13:00:00.000Z` }), // DUPLICATE
  ];
}
const SETTLE_AGAIN_ANSWERS = ['DUPLICATE', 'BET_CONTENT_CONFLICT', 'BET_STATE_CONFLICT', 'OK', 'DUPLICATE'];

/** The REFUND postings of a run's cancels: bet, account, amount. */
async function refundsOf(p: string) {
  return q(
    ctx,
    `select substr(t.idempotency_key, length('refund:EVO:' || $1) + 2) as bet, t.kind, e.account_id, e.amount::text
       from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.site_id = 'tw_web' and t.idempotency_key like 'refund:EVO:' || $1 || '-%'
      order by 1, 3`,
    [p],
  );
}

describe('provider API: cancel and resettle batches answer and write as their items one by one', () => {
  it('cancels, resettles (one bet several times) and settles again exactly as one-item calls do', async () => {
    const ONE = '2025-05-20';
    const ALL = '2025-04-22';
    expect(await rollupsBetween('2025-04-01', '2025-05-31', 0)).toEqual([]);
    const run = async (p: string, day: string, oneByOne: boolean) => {
      expect(await batch(ctx, 'place', transitionPlaces(p, day))).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'OK']);
      expect(await batch(ctx, 'settle', transitionSettles(p, day))).toEqual(['OK', 'OK', 'OK']);
      const send = async (op: 'cancel' | 'resettle' | 'settle', items: unknown[]) => {
        if (!oneByOne) return batch(ctx, op, items);
        const out: string[] = [];
        for (const item of items) out.push(...(await batch(ctx, op, [item])));
        return out;
      };
      return {
        cancel: await send('cancel', cancelItems(p)),
        resettle: await send('resettle', resettleItems(p, day)),
        settle: await send('settle', settleAgainItems(p, day)),
      };
    };
    const one = await run('tone', ONE, true);
    const all = await run('tall', ALL, false);
    const expected = { cancel: CANCEL_ANSWERS, resettle: RESETTLE_ANSWERS, settle: SETTLE_AGAIN_ANSWERS };
    expect(one).toEqual(expected);
    expect(all).toEqual(expected);

    const oneBets = await storedBets('tone', 0);
    expect(await storedBets('tall', DAYS_APART)).toEqual(oneBets);
    const versions = (k: string) => oneBets.filter((b) => b.bet === k).map((b) => [b.version, b.status, b.payout, b.win_loss]);
    expect(versions('s1')).toEqual([
      [1, 'Superseded', '0', '-10000'],
      [2, 'Superseded', '15000', '5000'],
      [3, 'Settled', '8000', '-2000'],
    ]);
    expect(versions('s3').map((v) => v[1])).toEqual(['Superseded', 'Superseded', 'Superseded', 'Settled']);
    expect(versions('c1')).toEqual([[1, 'Canceled', '0', '0']]);
    expect(versions('u1')).toEqual([[1, 'Settled', '750', '250']]);

    const oneRollups = await rollupsBetween('2025-05-01', '2025-05-31', 0);
    expect(oneRollups.length).toBeGreaterThan(0);
    expect(await rollupsBetween('2025-04-01', '2025-04-30', DAYS_APART)).toEqual(oneRollups);

    const oneRefunds = await refundsOf('tone');
    expect(oneRefunds.map((r) => [r.bet, r.kind, r.amount]).filter((r) => !String(r[2]).startsWith('-'))).toEqual([
      ['c1', 'REFUND', '1000'],
      ['c2', 'REFUND', '7'],
    ]);
    expect(await refundsOf('tall')).toEqual(oneRefunds);
  });
});
