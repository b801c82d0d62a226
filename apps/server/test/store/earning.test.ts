import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/core/tx.js';
import { checkPoints, earnAll } from '../../src/modules/store/index.js';
import { lockPoints, postPoints } from '../../src/modules/store/points.js';
import { useTestApp } from '../helpers.js';
import { batch, betId, placeItem, playersAtDepth, q, settleItem } from '../provider-api/support.js';

const ctx = useTestApp({ store: { earningIntervalMs: 0 } });
/** 3 points per 100.00 of valid bet. */
const RATE = 3;
let players: string[] = [];

async function points(accountNo: string): Promise<{ balance: number; entries: number; debt: number }> {
  const [row] = await q<{ balance: string | null; debt: string | null; n: number }>(
    ctx,
    `select p.balance::text as balance, p.debt::text as debt, (select count(*)::int from points_entries e where e.player_id = a.id) as n
       from accounts a left join points_accounts p on p.player_id = a.id where a.site_id = 'tw_web' and a.account_no = $1`,
    [accountNo],
  );
  return { balance: Number(row?.balance ?? 0), debt: Number(row?.debt ?? 0), entries: row?.n ?? 0 };
}

async function entriesOf(id: string) {
  return q<{ amount: string; bet_status: string; balance_after: string }>(
    ctx,
    `select amount::text, bet_status, balance_after::text from points_entries where provider_bet_id = $1 order by id`,
    [id],
  );
}

const earn = () => earnAll(ctx.database.db, { wait: true });

beforeAll(async () => {
  await q(
    ctx,
    `insert into store_settings (site_id, points_per_100) values ('tw_web', $1) on conflict (site_id) do update set points_per_100 = $1`,
    [RATE],
  );
  players = await playersAtDepth(ctx, 4, 'EVO', 3);
  // The demo's own settled bets earn at this rate too; start every test from an empty queue.
  await earn();
});

describe('points from valid bets (GetByValidBet)', () => {
  it('a settled bet earns floor(valid bet × rate ÷ 100.00), once; a replayed settlement earns nothing more', async () => {
    const p = players[0]!;
    const before = await points(p);
    const id = betId('pt');
    await batch(ctx, 'place', [placeItem(id, p)]);
    await earn();
    expect(await points(p)).toEqual(before); // Unsettled earns nothing
    expect(await batch(ctx, 'settle', [settleItem(id, '0.00', { validBet: '250.99' })])).toEqual(['OK']);
    await earn();
    expect((await points(p)).balance).toBe(before.balance + 7); // 250.99 × 3 / 100 = 7.53 → 7
    expect(await batch(ctx, 'settle', [settleItem(id, '0.00', { validBet: '250.99' })])).toEqual(['DUPLICATE']);
    await earn();
    // the same bet queued again (a crash after the commit, a duplicate trigger row) pays nothing twice
    await q(ctx, `insert into points_bet_queue (bet_row_id) select id from bets where provider_bet_id = $1`, [id]);
    await earn();
    expect((await points(p)).balance).toBe(before.balance + 7);
    expect(await entriesOf(id)).toMatchObject([{ amount: '7', bet_status: 'Settled' }]);
  });

  it('a resettle corrects the points up and down: entry = target − already earned', async () => {
    const p = players[1]!;
    const before = (await points(p)).balance;
    const id = betId('pt');
    await batch(ctx, 'place', [placeItem(id, p)]);
    await batch(ctx, 'settle', [settleItem(id, '0.00', { validBet: '100.00' })]);
    await earn();
    await batch(ctx, 'resettle', [settleItem(id, '10.00', { validBet: '300.00', settledAt: '2026-11-20T07:00:00.000Z' })]);
    await earn();
    expect((await points(p)).balance).toBe(before + 9);
    await batch(ctx, 'resettle', [settleItem(id, '10.00', { validBet: '50.00', settledAt: '2026-11-20T08:00:00.000Z' })]);
    await earn();
    expect((await points(p)).balance).toBe(before + 1);
    expect((await entriesOf(id)).map((e) => e.amount)).toEqual(['3', '6', '-8']);
    expect((await checkPoints(ctx.database.db)).ok).toBe(true);
  });

  it('a canceled bet earns nothing, and a settled version turned Canceled takes its points back', async () => {
    const p = players[2]!;
    const before = (await points(p)).balance;
    const canceled = betId('pt');
    await batch(ctx, 'place', [placeItem(canceled, p)]);
    await batch(ctx, 'cancel', [{ betId: canceled }]);
    await earn();
    expect(await entriesOf(canceled)).toEqual([]);
    // The provider API refuses to cancel a settled bet today; the job's rule does not depend on that.
    const settled = betId('pt');
    await batch(ctx, 'place', [placeItem(settled, p)]);
    await batch(ctx, 'settle', [settleItem(settled, '0.00', { validBet: '1000.00' })]);
    await earn();
    expect((await points(p)).balance).toBe(before + 30);
    await q(ctx, `update bets set status = 'Canceled', valid_bet = 0 where provider_bet_id = $1`, [settled]);
    await earn();
    expect((await points(p)).balance).toBe(before);
    expect((await entriesOf(settled)).map((e) => [e.amount, e.bet_status])).toEqual([
      ['30', 'Settled'],
      ['-30', 'Canceled'],
    ]);
  });

  it('a correction larger than the balance leaves debt, which later earnings pay first; the balance never goes negative', async () => {
    const p = players[0]!;
    const [{ id: playerId }] = (await q<{ id: number }>(ctx, `select id from accounts where site_id = 'tw_web' and account_no = $1`, [
      p,
    ])) as [{ id: number }];
    const id = betId('pt');
    await batch(ctx, 'place', [placeItem(id, p)]);
    await batch(ctx, 'settle', [settleItem(id, '0.00', { validBet: '10000.00' })]);
    await earn();
    const high = (await points(p)).balance;
    // The player spends all but 100 points on an order.
    const [cat] = await q<{ id: number }>(
      ctx,
      `insert into store_categories (site_id, name) values ('tw_web', '{"zh_TW":"債","en":"","th":"","vi":""}') returning id`,
    );
    const [goods] = await q<{ id: number }>(
      ctx,
      `insert into store_goods (site_id, category_id, name, description, price, stock) values ('tw_web', $1, '{"zh_TW":"債"}', '{}', $2, 0) returning id`,
      [cat!.id, high - 100],
    );
    const [order] = await q<{ id: number }>(
      ctx,
      `insert into store_orders (site_id, player_id, goods_id, quantity, points, idempotency_key) values ('tw_web', $1, $2, 1, $3, 'debt-test-1') returning id`,
      [playerId, goods!.id, high - 100],
    );
    await inTransaction(ctx.database.db, async (tx) => {
      const accounts = await lockPoints(tx, [{ playerId, siteId: 'tw_web' }]);
      await postPoints(tx, accounts, [{ playerId, siteId: 'tw_web', type: 'PointsStore', delta: BigInt(100 - high), orderId: order!.id }]);
    });
    // Then the bet is resettled to nothing: −300 against a balance of 100.
    await batch(ctx, 'resettle', [settleItem(id, '0.00', { validBet: '0.00', settledAt: '2026-11-20T07:00:00.000Z' })]);
    await earn();
    expect(await points(p)).toMatchObject({ balance: 0, debt: 200 });
    expect(await checkPoints(ctx.database.db)).toMatchObject({ ok: true });
    const id2 = betId('pt');
    await batch(ctx, 'place', [placeItem(id2, p)]);
    await batch(ctx, 'settle', [settleItem(id2, '0.00', { validBet: '10000.00' })]);
    await earn();
    expect(await points(p)).toMatchObject({ balance: 100, debt: 0 });
    expect(await checkPoints(ctx.database.db)).toMatchObject({ ok: true });
  });

  it('random settle / resettle / cancel mixes: each player’s points = the rate applied to the current settled versions', async () => {
    let seed = 20261125;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const mixPlayers = await playersAtDepth(ctx, 3, 'EVO', 3);
    const baseline = new Map<string, number>();
    for (const p of mixPlayers) baseline.set(p, (await points(p)).balance);
    const bets: { id: string; player: string; state: 'Unsettled' | 'Settled' | 'Canceled'; valid: number; at: number }[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 8; i++) {
        const id = betId('mix');
        const player = mixPlayers[rnd(mixPlayers.length)]!;
        await batch(ctx, 'place', [placeItem(id, player)]);
        bets.push({ id, player, state: 'Unsettled', valid: 0, at: 0 });
      }
      for (const b of bets) {
        const roll = rnd(10);
        const valid = rnd(100_000); // minor units
        const validText = `${Math.trunc(valid / 100)}.${String(valid % 100).padStart(2, '0')}`;
        if (b.state === 'Unsettled' && roll < 5) {
          await batch(ctx, 'settle', [settleItem(b.id, '0.00', { validBet: validText })]);
          Object.assign(b, { state: 'Settled', valid, at: 1 });
        } else if (b.state === 'Unsettled' && roll < 7) {
          await batch(ctx, 'cancel', [{ betId: b.id }]);
          b.state = 'Canceled';
        } else if (b.state === 'Settled' && roll < 4) {
          b.at += 1;
          const settledAt = new Date(Date.UTC(2026, 10, 20, 6, 5 + b.at)).toISOString();
          await batch(ctx, 'resettle', [settleItem(b.id, '0.00', { validBet: validText, settledAt })]);
          b.valid = valid;
        } else if (b.state === 'Settled' && roll === 9) {
          // replay of the settlement as it stands: DUPLICATE or conflict, never a change
          await batch(ctx, 'settle', [settleItem(b.id, '0.00', { validBet: '1.00' })]);
        }
      }
      if (rnd(2) === 0) await earn();
    }
    await earn();
    for (const p of mixPlayers) {
      const expected = bets
        .filter((b) => b.player === p && b.state === 'Settled')
        .reduce((sum, b) => sum + Math.floor((b.valid * RATE) / 10_000), 0);
      expect((await points(p)).balance - baseline.get(p)!, p).toBe(expected);
    }
    expect(await checkPoints(ctx.database.db)).toMatchObject({ ok: true });
  });
});
