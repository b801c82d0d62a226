import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, call, signinAs, useTestApp } from '../helpers.js';
import { body, credit, fingerprint, newKey } from './support.js';

const ctx = useTestApp();
let admin: string;
let a01: number;
let before: string;

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
  a01 = await accountId(ctx, 'agentA01');
  before = await fingerprint(ctx);
});

const PATHS = ['agent/recharge', 'agent/withdraw', 'player/recharge', 'player/withdraw', 'player/poor', 'agent/poor'];

describe('bad amounts: a clear VALIDATION_FAILED naming the field, nothing moves', () => {
  const cases: [string, unknown][] = [
    ['negative', '-1.00'],
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['three decimals', '1.234'],
    ['not a number', 'abc'],
    ['exponent', '1e5'],
    ['empty', ''],
    ['comma', '1,000.00'],
    ['over the maximum', '100000000.01'],
    ['far over the maximum', '9999999999999'],
    ['a JSON number instead of a string', 1000],
    ['null', null],
  ];
  for (const path of PATHS) {
    it.each(cases)(`${path}: %s`, async (_label, amount) => {
      const res = await credit(ctx, admin, path, { id: a01, amount });
      expect(res.statusCode, res.body).toBe(400);
      const b = body(res);
      expect(b).toMatchObject({ success: false, code: 1000 });
      expect(JSON.stringify(b.data)).toContain('amount');
    });
  }
  it('a missing amount, an unknown field, a missing or string id', async () => {
    for (const payload of [{ id: a01 }, { id: a01, amount: '1.00', extra: 1 }, { amount: '1.00' }, { id: String(a01), amount: '1.00' }]) {
      const res = await credit(ctx, admin, 'agent/recharge', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 1000 });
    }
  });
  it('left balances, entries and logs unchanged', async () => {
    expect(await fingerprint(ctx)).toBe(before);
  });
});

describe('bad idempotency keys', () => {
  it('neither header nor field: IDEMPOTENCY_KEY_REQUIRED (3005)', async () => {
    for (const path of PATHS) {
      const res = await credit(ctx, admin, path, { id: a01, amount: '1.00' }, 'none');
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 3005 });
    }
  });
  it('a malformed header or field: VALIDATION_FAILED naming it', async () => {
    for (const key of ['short', 'has space inside', 'x'.repeat(65), 'bad/slash!', 'ünïcode-key']) {
      const viaHeader = await call(
        ctx.app,
        'POST',
        '/api/manage/agent/recharge',
        { id: a01, amount: '1.00' },
        { token: admin, site: 'tw_web', headers: { 'idempotency-key': key } },
      );
      expect(viaHeader.statusCode, key).toBe(400);
      expect(body(viaHeader)).toMatchObject({ code: 1000, data: [{ path: 'Idempotency-Key' }] });
      const viaField = await credit(ctx, admin, 'agent/recharge', { id: a01, amount: '1.00', idempotencyKey: key }, 'none');
      expect(viaField.statusCode, key).toBe(400);
      expect(body(viaField)).toMatchObject({ code: 1000 });
      expect(JSON.stringify(body(viaField).data)).toContain('idempotencyKey');
    }
  });
  it('header and field that differ: VALIDATION_FAILED; equal ones are fine', async () => {
    const res = await credit(ctx, admin, 'agent/recharge', { id: a01, amount: '1.00', idempotencyKey: newKey() }, newKey());
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1000, data: [{ path: 'idempotencyKey', message: 'idempotencyKey.mismatch' }] });
    expect(await fingerprint(ctx)).toBe(before);
    const key = newKey();
    const same = await credit(ctx, admin, 'agent/recharge', { id: a01, amount: '1.00', idempotencyKey: key }, key);
    expect(body(same).success, same.body).toBe(true);
  });
  it('a key in the field alone works', async () => {
    const res = await credit(ctx, admin, 'agent/recharge', { id: a01, amount: '1.00', idempotencyKey: newKey() }, 'none');
    expect(body(res).success, res.body).toBe(true);
  });
});
