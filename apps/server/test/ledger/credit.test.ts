import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@agent-bo/shared';
import { accountId, call, signinAs, useTestApp } from '../helpers.js';
import { balanceOf, body, credit, fingerprint, newKey, q, setFlags } from './support.js';

const ctx = useTestApp();
let admin: string;
let a01: string;
let ids: Record<string, number>;

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
  a01 = await signinAs(ctx.app, 'agentA01');
  ids = {};
  for (const n of [
    'admin001',
    'agentA01',
    'agentA02',
    'agentB01',
    'agentB03',
    'agentC01',
    'shadowA01',
    'player091',
    'player094',
    'player097',
    'player073',
  ]) {
    ids[n] = await accountId(ctx, n);
  }
});

/** A refusal: the envelope code and HTTP status, and nothing moved. */
async function refused(token: string, path: string, payload: unknown, code: number, status = 400) {
  const before = await fingerprint(ctx);
  const res = await credit(ctx, token, path, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(body(res)).toMatchObject({ success: false, code });
  expect(await fingerprint(ctx)).toBe(before);
  return body(res);
}

describe('recharge and withdraw', () => {
  it('the house recharges a direct agent: both balances move, two entries, one RECHARGE log row', async () => {
    const houseBefore = await balanceOf(ctx, 'admin001');
    const childBefore = await balanceOf(ctx, 'agentA01');
    const res = await credit(ctx, admin, 'agent/recharge', { id: ids.agentA01, amount: '123.45', memo: 'top up' });
    const b = body(res);
    expect(b.success, res.body).toBe(true);
    expect(b.data).toMatchObject({
      kind: 'RECHARGE',
      amount: '123.45',
      replayed: false,
      from: { id: ids.admin001, accountNo: 'admin001' },
      to: { id: ids.agentA01, accountNo: 'agentA01' },
    });
    expect(b.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(b.data.from.balanceBefore).toBe(fmt(houseBefore));
    expect(b.data.from.balanceAfter).toBe(fmt(houseBefore - 12345n));
    expect(b.data.to.balanceBefore).toBe(fmt(childBefore));
    expect(b.data.to.balanceAfter).toBe(fmt(childBefore + 12345n));
    expect(await balanceOf(ctx, 'admin001')).toBe(houseBefore - 12345n);
    expect(await balanceOf(ctx, 'agentA01')).toBe(childBefore + 12345n);

    const entries = await q(
      ctx,
      'select account_id, counterparty_id, kind, amount::text, balance_after::text, operator_id, memo from ledger_entries where transaction_id = $1 order by id',
      [b.data.transactionId],
    );
    expect(entries).toEqual([
      {
        account_id: ids.admin001,
        counterparty_id: ids.agentA01,
        kind: 'RECHARGE',
        amount: '-12345',
        balance_after: String(houseBefore - 12345n),
        operator_id: ids.admin001,
        memo: 'top up',
      },
      {
        account_id: ids.agentA01,
        counterparty_id: ids.admin001,
        kind: 'RECHARGE',
        amount: '12345',
        balance_after: String(childBefore + 12345n),
        operator_id: ids.admin001,
        memo: 'top up',
      },
    ]);
    const [log] = await q(
      ctx,
      "select action, operator_id, target_id, before, after, ip from operation_logs where target_id = $1 and action = 'RECHARGE' order by id desc limit 1",
      [ids.agentA01],
    );
    expect(log).toMatchObject({
      action: 'RECHARGE',
      operator_id: ids.admin001,
      target_id: ids.agentA01,
      before: { balance: fmt(childBefore), operatorBalance: fmt(houseBefore) },
      after: {
        balance: fmt(childBefore + 12345n),
        operatorBalance: fmt(houseBefore - 12345n),
        amount: '123.45',
        transactionId: b.data.transactionId,
      },
      ip: '127.0.0.1',
    });
  });

  it('the house may go as far below zero as it issues (up to the largest single amount)', async () => {
    const res = await credit(ctx, admin, 'agent/recharge', { id: ids.agentA02, amount: '100000000.00' });
    expect(body(res).success, res.body).toBe(true);
    expect(await balanceOf(ctx, 'admin001')).toBeLessThan(-10_000_000_000n);
  });

  it('an agent recharges its direct agent and player; the payer pays', async () => {
    const payer = await balanceOf(ctx, 'agentA01');
    let res = await credit(ctx, a01, 'agent/recharge', { id: ids.agentB01, amount: '10' });
    expect(body(res).success, res.body).toBe(true);
    res = await credit(ctx, a01, 'player/recharge', { id: ids.player091, amount: '0.01' });
    expect(body(res).success, res.body).toBe(true);
    expect(body(res).data).toMatchObject({
      kind: 'RECHARGE',
      amount: '0.01',
      from: { accountNo: 'agentA01' },
      to: { accountNo: 'player091' },
    });
    expect(await balanceOf(ctx, 'agentA01')).toBe(payer - 1001n);
  });

  it('withdraw moves from the child to the caller (agent and player), logged WITHDRAW', async () => {
    const child = await balanceOf(ctx, 'player094');
    const caller = await balanceOf(ctx, 'agentA01');
    const res = await credit(ctx, a01, 'player/withdraw', { id: ids.player094, amount: '1.50' });
    expect(body(res).data, res.body).toMatchObject({
      kind: 'WITHDRAW',
      amount: '1.50',
      from: { accountNo: 'player094', balanceBefore: fmt(child), balanceAfter: fmt(child - 150n) },
      to: { accountNo: 'agentA01', balanceAfter: fmt(caller + 150n) },
    });
    const res2 = await credit(ctx, admin, 'agent/withdraw', { id: ids.agentA01, amount: '2.00' });
    expect(body(res2).data, res2.body).toMatchObject({ kind: 'WITHDRAW', from: { accountNo: 'agentA01' }, to: { accountNo: 'admin001' } });
    const logs = await q(ctx, "select action from operation_logs where action = 'WITHDRAW' and target_id in ($1, $2)", [
      ids.player094,
      ids.agentA01,
    ]);
    expect(logs).toHaveLength(2);
  });

  it('never more than the payer holds: a non-house payer on recharge, the child on withdraw (INSUFFICIENT_BALANCE)', async () => {
    const held = await balanceOf(ctx, 'agentA01');
    await refused(a01, 'agent/recharge', { id: ids.agentB01, amount: fmt(held + 1n) }, 3001);
    const child = await balanceOf(ctx, 'player097');
    await refused(a01, 'player/withdraw', { id: ids.player097, amount: fmt(child + 1n) }, 3001);
    // exactly everything is fine, and leaves zero
    const res = await credit(ctx, a01, 'player/withdraw', { id: ids.player097, amount: fmt(child) });
    expect(body(res).success, res.body).toBe(true);
    expect(await balanceOf(ctx, 'player097')).toBe(0n);
    await refused(a01, 'player/withdraw', { id: ids.player097, amount: '0.01' }, 3001);
  });
});

describe('who may move credit with whom', () => {
  it('only direct children: deeper inside the subtree is NOT_DIRECT_CHILD', async () => {
    await refused(admin, 'agent/recharge', { id: ids.agentB01, amount: '1.00' }, 3003);
    await refused(admin, 'agent/withdraw', { id: ids.agentC01, amount: '1.00' }, 3003);
    await refused(admin, 'player/recharge', { id: ids.player073, amount: '1.00' }, 3003);
  });

  it('outside the subtree, another site, nonexistent, oneself: ACCOUNT_NOT_FOUND (404)', async () => {
    await refused(a01, 'agent/recharge', { id: ids.agentA02, amount: '1.00' }, 1005, 404);
    await refused(a01, 'agent/recharge', { id: ids.agentB03, amount: '1.00' }, 1005, 404);
    await refused(a01, 'agent/withdraw', { id: ids.admin001, amount: '1.00' }, 1005, 404);
    await refused(a01, 'agent/recharge', { id: ids.agentA01, amount: '1.00' }, 1005, 404);
    const otherSite = await accountId(ctx, 'agentA01', 'tw_mc');
    await refused(admin, 'agent/recharge', { id: otherSite, amount: '1.00' }, 1005, 404);
    await refused(admin, 'agent/recharge', { id: 99_999_999, amount: '1.00' }, 1005, 404);
  });

  it('the wrong kind for the endpoint, and shadows, are ACCOUNT_NOT_FOUND', async () => {
    await refused(a01, 'agent/recharge', { id: ids.player091, amount: '1.00' }, 1005, 404);
    await refused(a01, 'player/recharge', { id: ids.agentB01, amount: '1.00' }, 1005, 404);
    await refused(a01, 'agent/recharge', { id: ids.shadowA01, amount: '1.00' }, 1005, 404);
    await refused(a01, 'player/withdraw', { id: ids.shadowA01, amount: '1.00' }, 1005, 404);
  });

  it('a shadow never moves credit (CALLER_READ_ONLY)', async () => {
    const shadow = await signinAs(ctx.app, 'shadowA01');
    await refused(shadow, 'agent/recharge', { id: ids.agentB01, amount: '1.00' }, 2006, 403);
    await refused(shadow, 'player/withdraw', { id: ids.player091, amount: '1.00' }, 2006, 403);
    const shadow00 = await signinAs(ctx.app, 'shadow00');
    await refused(shadow00, 'agent/recharge', { id: ids.agentA01, amount: '1.00' }, 2006, 403);
  });

  it('a fully read-only caller, own or inherited, moves nothing (CALLER_READ_ONLY)', async () => {
    await setFlags(ctx, 'agentA01', { is_full_readonly: true });
    try {
      await refused(a01, 'agent/recharge', { id: ids.agentB01, amount: '1.00' }, 2006, 403);
      const b01 = await signinAs(ctx.app, 'agentB01');
      await refused(b01, 'agent/recharge', { id: await accountId(ctx, 'agentC01'), amount: '1.00' }, 2006, 403);
    } finally {
      await setFlags(ctx, 'agentA01', { is_full_readonly: false });
    }
  });

  it('a disabled caller is signed out (401) before anything moves', async () => {
    const b01 = await signinAs(ctx.app, 'agentB01');
    await setFlags(ctx, 'agentB01', { is_disabled: true });
    try {
      await refused(b01, 'agent/recharge', { id: ids.agentC01, amount: '1.00' }, ERRORS.SESSION_ACCOUNT_DISABLED.code, 401);
    } finally {
      await setFlags(ctx, 'agentB01', { is_disabled: false });
    }
    await setFlags(ctx, 'agentA01', { is_full_disabled: true });
    try {
      await refused(b01, 'agent/recharge', { id: ids.agentC01, amount: '1.00' }, ERRORS.SESSION_ACCOUNT_DISABLED.code, 401);
    } finally {
      await setFlags(ctx, 'agentA01', { is_full_disabled: false });
    }
  });

  it('never to or from a disabled, fully disabled or fully read-only target (TARGET_RESTRICTED)', async () => {
    for (const flag of ['is_disabled', 'is_full_disabled', 'is_full_readonly'] as const) {
      await setFlags(ctx, 'agentB01', { [flag]: true });
      await setFlags(ctx, 'player091', { [flag]: true });
      try {
        await refused(a01, 'agent/recharge', { id: ids.agentB01, amount: '1.00' }, 3002);
        await refused(a01, 'agent/withdraw', { id: ids.agentB01, amount: '1.00' }, 3002);
        await refused(a01, 'player/recharge', { id: ids.player091, amount: '1.00' }, 3002);
        await refused(a01, 'player/withdraw', { id: ids.player091, amount: '1.00' }, 3002);
      } finally {
        await setFlags(ctx, 'agentB01', { [flag]: false });
        await setFlags(ctx, 'player091', { [flag]: false });
      }
    }
    const res = await credit(ctx, a01, 'agent/recharge', { id: ids.agentB01, amount: '1.00' });
    expect(body(res).success, res.body).toBe(true);
  });

  it('answers in the caller language', async () => {
    const res = await call(
      ctx.app,
      'POST',
      '/api/manage/agent/recharge',
      { id: ids.agentB01, amount: '99999999.99' },
      { token: a01, site: 'tw_web', lang: 'en', headers: { 'idempotency-key': newKey() } },
    );
    expect(body(res)).toMatchObject({ code: 3001, message: 'Insufficient balance' });
  });
});

function fmt(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
