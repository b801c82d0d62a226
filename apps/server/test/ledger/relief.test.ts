import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, call, signinAs, useTestApp } from '../helpers.js';
import { businessDayStart } from '../../src/modules/ledger/business-day.js';
import { balanceOf, body, credit, fingerprint, newKey, q } from './support.js';

// Asia/Taipei (tw_web) is UTC+8: local noon is 04:00 UTC.
let clock = new Date('2026-03-10T03:00:00Z');
const ctx = useTestApp({ now: () => clock });
let a01: string;
let ids: Record<string, number>;

const money = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

/** Brings a direct player of agentA01 down to `minor` through a withdrawal (a proper ledger move). */
async function bringDown(accountNo: string, minor: bigint) {
  const held = await balanceOf(ctx, accountNo);
  if (held === minor) return;
  const res = await credit(ctx, a01, held > minor ? 'player/withdraw' : 'player/recharge', {
    id: ids[accountNo],
    amount: money(held > minor ? held - minor : minor - held),
  });
  expect(body(res).success, res.body).toBe(true);
}

async function refused(path: string, payload: unknown, code: number, token = a01, status = 400) {
  const before = await fingerprint(ctx);
  const res = await credit(ctx, token, path, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(body(res)).toMatchObject({ success: false, code });
  expect(await fingerprint(ctx)).toBe(before);
}

beforeAll(async () => {
  a01 = await signinAs(ctx.app, 'agentA01');
  ids = {};
  for (const n of ['agentA01', 'agentB01', 'player091', 'player094', 'player097', 'player100', 'player073'])
    ids[n] = await accountId(ctx, n);
});

describe('relief (POOR_USER)', () => {
  it("GET ledger/relief_rule: the site's rule (defaults 10.00 / 100.00 / once a day)", async () => {
    const res = await call(ctx.app, 'GET', '/api/manage/ledger/relief_rule', undefined, { token: a01, site: 'tw_web' });
    expect(body(res)).toMatchObject({ success: true, data: { threshold: '10.00', maxAmount: '100.00', dailyCount: 1 } });
  });

  it('refuses a player at or above the threshold (RELIEF_NOT_ELIGIBLE)', async () => {
    expect(await balanceOf(ctx, 'player091')).toBeGreaterThan(1000n);
    await refused('player/poor', { id: ids.player091, amount: '1.00' }, 3006);
    await bringDown('player091', 1000n); // exactly the threshold is not below it
    await refused('player/poor', { id: ids.player091, amount: '1.00' }, 3006);
  });

  it('refuses more than the maximum (RELIEF_NOT_ELIGIBLE), pays up to it from the caller like a recharge', async () => {
    await bringDown('player091', 999n);
    await refused('player/poor', { id: ids.player091, amount: '100.01' }, 3006);
    const payer = await balanceOf(ctx, 'agentA01');
    const res = await credit(ctx, a01, 'player/poor', { id: ids.player091, amount: '100.00', memo: 'hard times' });
    expect(body(res).data, res.body).toMatchObject({
      kind: 'POOR_USER',
      amount: '100.00',
      from: { accountNo: 'agentA01', balanceBefore: money(payer), balanceAfter: money(payer - 10000n) },
      to: { accountNo: 'player091', balanceBefore: '9.99', balanceAfter: '109.99' },
      replayed: false,
    });
    const entries = await q(ctx, 'select kind, amount::text from ledger_entries where transaction_id = $1 order by amount', [
      body(res).data.transactionId,
    ]);
    expect(entries).toEqual([
      { kind: 'POOR_USER', amount: '-10000' },
      { kind: 'POOR_USER', amount: '10000' },
    ]);
    const [log] = await q(
      ctx,
      "select action, operator_id, before, after from operation_logs where target_id = $1 and action = 'POOR_USER'",
      [ids.player091],
    );
    expect(log).toMatchObject({
      action: 'POOR_USER',
      operator_id: ids.agentA01,
      before: { balance: '9.99' },
      after: { balance: '109.99', amount: '100.00' },
    });
  });

  it('once per business day: a second grant the same day is RELIEF_DAILY_CAP, also at 11:59:59; from 12:00 it is a new day', async () => {
    const firstKey = newKey();
    await bringDown('player091', 500n);
    await refused('player/poor', { id: ids.player091, amount: '1.00' }, 3007);
    clock = new Date('2026-03-10T03:59:59Z'); // 11:59:59 in Taipei: still the day that began yesterday noon
    await refused('player/poor', { id: ids.player091, amount: '1.00' }, 3007);
    clock = new Date('2026-03-10T04:00:00Z'); // 12:00:00: a new business day
    const res = await credit(ctx, a01, 'player/poor', { id: ids.player091, amount: '1.00' }, firstKey);
    expect(body(res).data, res.body).toMatchObject({ kind: 'POOR_USER', replayed: false });
    await bringDown('player091', 0n);
    await refused('player/poor', { id: ids.player091, amount: '1.00' }, 3007);
    // a replay of the granted request still answers its first result
    const replay = await credit(ctx, a01, 'player/poor', { id: ids.player091, amount: '1.00' }, firstKey);
    expect(body(replay).data).toEqual({ ...body(res).data, replayed: true });
    // the next day at 11:59:59 is still the same business day
    clock = new Date('2026-03-11T03:59:59Z');
    await refused('player/poor', { id: ids.player091, amount: '1.00' }, 3007);
  });

  it('the cap is per player: another player may still get relief that day', async () => {
    await bringDown('player094', 0n);
    const res = await credit(ctx, a01, 'player/poor', { id: ids.player094, amount: '5.00' });
    expect(body(res).success, res.body).toBe(true);
  });

  it('agent/poor is an alias of player/poor: relief goes to players only', async () => {
    await bringDown('player097', 100n);
    const res = await credit(ctx, a01, 'agent/poor', { id: ids.player097, amount: '2.00' });
    expect(body(res).data, res.body).toMatchObject({ kind: 'POOR_USER', to: { accountNo: 'player097' } });
    await refused('agent/poor', { id: ids.agentB01, amount: '1.00' }, 1005, a01, 404);
    await refused('player/poor', { id: ids.agentB01, amount: '1.00' }, 1005, a01, 404);
  });

  it('follows the site setting: two a day, or none', async () => {
    await q(ctx, "update sites set relief_daily_count = 2 where id = 'tw_web'");
    await bringDown('player100', 0n);
    expect(body(await credit(ctx, a01, 'player/poor', { id: ids.player100, amount: '1.00' })).success).toBe(true);
    expect(body(await credit(ctx, a01, 'player/poor', { id: ids.player100, amount: '1.00' })).success).toBe(true);
    await refused('player/poor', { id: ids.player100, amount: '1.00' }, 3007);
    await q(ctx, "update sites set relief_daily_count = 0, relief_threshold = 100000, relief_max_amount = 500 where id = 'tw_web'");
    clock = new Date('2026-03-12T05:00:00Z');
    await refused('player/poor', { id: ids.player100, amount: '1.00' }, 3007);
    const rule = await call(ctx.app, 'GET', '/api/manage/ledger/relief_rule', undefined, { token: a01, site: 'tw_web' });
    expect(body(rule).data).toEqual({ threshold: '1000.00', maxAmount: '5.00', dailyCount: 0 });
    await q(ctx, "update sites set relief_daily_count = 1, relief_threshold = 1000, relief_max_amount = 10000 where id = 'tw_web'");
  });

  it('the payer must hold the grant (INSUFFICIENT_BALANCE), like a recharge', async () => {
    // agentA01 takes back all but 0.50 of agentB01; agentB01 then cannot pay 1.00 of relief
    const held = await balanceOf(ctx, 'agentB01');
    expect(body(await credit(ctx, a01, 'agent/withdraw', { id: ids.agentB01, amount: money(held - 50n) })).success).toBe(true);
    const b01 = await signinAs(ctx.app, 'agentB01');
    const playerHeld = await balanceOf(ctx, 'player073');
    const down = await credit(ctx, b01, 'player/withdraw', { id: ids.player073, amount: money(playerHeld) });
    expect(body(down).success, down.body).toBe(true);
    const payer = await balanceOf(ctx, 'agentB01');
    expect(payer).toBe(50n + playerHeld);
    if (payer >= 100n) {
      const back = await credit(ctx, a01, 'agent/withdraw', { id: ids.agentB01, amount: money(payer - 50n) });
      expect(body(back).success, back.body).toBe(true);
    }
    await refused('player/poor', { id: ids.player073, amount: '1.00' }, 3001, b01);
  });
});

describe('business day start', () => {
  it('is 12:00 in the site time zone: before noon the day began yesterday', () => {
    expect(businessDayStart(new Date('2026-03-10T03:59:59Z'), 'Asia/Taipei').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(businessDayStart(new Date('2026-03-10T04:00:00Z'), 'Asia/Taipei').toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(businessDayStart(new Date('2026-03-10T15:59:59Z'), 'Asia/Taipei').toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(businessDayStart(new Date('2026-03-10T16:00:00Z'), 'Asia/Taipei').toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(businessDayStart(new Date('2026-07-01T10:30:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(businessDayStart(new Date('2026-03-29T10:30:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-29T10:00:00.000Z');
  });
});
