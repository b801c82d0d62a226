import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, signinAs, useTestApp } from '../helpers.js';
import { balanceOf, body, credit, fingerprint, newKey, q } from './support.js';

const ctx = useTestApp();
let admin: string;
let a01: string;
let ids: Record<string, number>;

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
  a01 = await signinAs(ctx.app, 'agentA01');
  ids = {};
  for (const n of ['agentA01', 'agentA02', 'agentB01', 'player091']) ids[n] = await accountId(ctx, n);
});

describe('idempotency', () => {
  it('a replay answers the first result (replayed: true) and moves nothing', async () => {
    const key = newKey();
    const first = await credit(ctx, admin, 'agent/recharge', { id: ids.agentA01, amount: '5.00', memo: 'once' }, key);
    expect(body(first).data.replayed).toBe(false);
    const after = await fingerprint(ctx);
    for (let i = 0; i < 3; i++) {
      const again = await credit(ctx, admin, 'agent/recharge', { id: ids.agentA01, amount: '5.00', memo: 'once' }, key);
      expect(again.statusCode).toBe(200);
      expect(body(again).data).toEqual({ ...body(first).data, replayed: true });
    }
    // the key in the field is the same key
    const viaField = await credit(
      ctx,
      admin,
      'agent/recharge',
      { id: ids.agentA01, amount: '5.00', memo: 'once', idempotencyKey: key },
      'none',
    );
    expect(body(viaField).data).toEqual({ ...body(first).data, replayed: true });
    // "5" and "5.00" are the same amount
    const normalised = await credit(ctx, admin, 'agent/recharge', { id: ids.agentA01, amount: '5', memo: 'once' }, key);
    expect(body(normalised).data.replayed).toBe(true);
    expect(await fingerprint(ctx)).toBe(after);
  });

  it('the same key with another body, target or endpoint: IDEMPOTENCY_CONFLICT (409), nothing moves', async () => {
    const key = newKey();
    const first = await credit(ctx, admin, 'agent/recharge', { id: ids.agentA01, amount: '5.00' }, key);
    expect(body(first).success).toBe(true);
    const after = await fingerprint(ctx);
    for (const [path, payload] of [
      ['agent/recharge', { id: ids.agentA01, amount: '5.01' }],
      ['agent/recharge', { id: ids.agentA02, amount: '5.00' }],
      ['agent/recharge', { id: ids.agentA01, amount: '5.00', memo: 'other' }],
      ['agent/withdraw', { id: ids.agentA01, amount: '5.00' }],
    ] as const) {
      const res = await credit(ctx, admin, path, payload, key);
      expect(res.statusCode, res.body).toBe(409);
      expect(body(res)).toMatchObject({ success: false, code: 3004 });
    }
    expect(await fingerprint(ctx)).toBe(after);
  });

  it('keys are scoped per operator: another caller with the same key moves independently', async () => {
    const key = newKey();
    const one = await credit(ctx, admin, 'agent/recharge', { id: ids.agentA01, amount: '3.00' }, key);
    const two = await credit(ctx, a01, 'agent/recharge', { id: ids.agentB01, amount: '3.00' }, key);
    expect(body(one).data.replayed).toBe(false);
    expect(body(two).data.replayed).toBe(false);
    expect(body(two).data.transactionId).not.toBe(body(one).data.transactionId);
  });

  it('a refusal binds its key: a resend answers the same refusal, even after a top-up, and moves nothing', async () => {
    const key = newKey();
    const held = await balanceOf(ctx, 'player091');
    const amount = `${(held + 100n) / 100n}.${((held + 100n) % 100n).toString().padStart(2, '0')}`;
    const refused = await credit(ctx, a01, 'player/withdraw', { id: ids.player091, amount }, key);
    expect(body(refused)).toMatchObject({ code: 3001 });
    const retried = await credit(ctx, a01, 'player/withdraw', { id: ids.player091, amount }, key);
    expect(body(retried)).toMatchObject({ code: 3001 });
    // Top the player up: the old key still answers its first outcome; a new key goes through.
    expect(body(await credit(ctx, a01, 'player/recharge', { id: ids.player091, amount: '1.00' })).success).toBe(true);
    const resent = await credit(ctx, a01, 'player/withdraw', { id: ids.player091, amount }, key);
    expect(body(resent)).toMatchObject({ code: 3001 });
    expect(await balanceOf(ctx, 'player091')).toBe(held + 100n);
    const [stored] = await q<{ refusal: string; entries: number }>(
      ctx,
      'select t.refusal, (select count(*)::int from ledger_entries e where e.transaction_id = t.id) as entries from ledger_transactions t where t.idempotency_key = $1',
      [key],
    );
    expect(stored).toEqual({ refusal: 'INSUFFICIENT_BALANCE', entries: 0 });
    // Another body with the refused key is a conflict, as with an accepted key.
    expect(body(await credit(ctx, a01, 'player/withdraw', { id: ids.player091, amount: '0.01' }, key))).toMatchObject({ code: 3004 });
    const ok = await credit(ctx, a01, 'player/withdraw', { id: ids.player091, amount }, newKey());
    expect(body(ok).data, ok.body).toMatchObject({ replayed: false, kind: 'WITHDRAW' });
    expect(await balanceOf(ctx, 'player091')).toBe(0n);
  });

  it('simultaneous identical requests with one key: exactly one move, every answer the same transaction', async () => {
    const key = newKey();
    const entriesBefore = (await q<{ n: number }>(ctx, 'select count(*)::int as n from ledger_entries'))[0]!.n;
    const child = await balanceOf(ctx, 'agentA02');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => credit(ctx, admin, 'agent/recharge', { id: ids.agentA02, amount: '7.00' }, key)),
    );
    const datas = results.map((r) => body(r).data);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(datas.map((d) => d.transactionId)).size).toBe(1);
    expect(datas.filter((d) => !d.replayed)).toHaveLength(1);
    expect(await balanceOf(ctx, 'agentA02')).toBe(child + 700n);
    expect((await q<{ n: number }>(ctx, 'select count(*)::int as n from ledger_entries'))[0]!.n).toBe(entriesBefore + 2);
    const logs = await q(ctx, "select count(*)::int as n from operation_logs where action = 'RECHARGE' and after->>'transactionId' = $1", [
      datas[0].transactionId,
    ]);
    expect(logs).toEqual([{ n: 1 }]);
  });

  it('simultaneous requests with one key and different bodies: one moves, the others are conflicts', async () => {
    const key = newKey();
    const child = await balanceOf(ctx, 'agentA02');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => credit(ctx, admin, 'agent/recharge', { id: ids.agentA02, amount: `${i + 1}.00` }, key)),
    );
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await balanceOf(ctx, 'agentA02')).toBe(child + BigInt(body(okOnes[0]!).data.amount.replace('.', '')));
  });

  it('many different keys at once on one hot pair: every move lands, balances add up', async () => {
    const child = await balanceOf(ctx, 'agentB01');
    const payer = await balanceOf(ctx, 'agentA01');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        credit(ctx, a01, i % 3 === 0 ? 'agent/withdraw' : 'agent/recharge', { id: ids.agentB01, amount: '1.00' }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    // 20 recharges, 10 withdrawals
    expect(await balanceOf(ctx, 'agentB01')).toBe(child + 1000n);
    expect(await balanceOf(ctx, 'agentA01')).toBe(payer - 1000n);
  });
});
