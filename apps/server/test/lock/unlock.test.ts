import { describe, expect, it } from 'vitest';
import { errorMessage } from '@agent-bo/shared';
import { hashPassword } from '../../src/lib/password.js';
import { DEMO_CREDENTIALS, body, call, freshIp, signin, signinAs, useTestApp, type CallOptions } from '../helpers.js';

// The sign-in throttle's settings, small: slowed from 2 failures, locked at 4 (per account), 9 (per IP).
const ctx = useTestApp({
  throttle: {
    accountSlowAfter: 2,
    accountLockAfter: 4,
    ipSlowAfter: 6,
    ipLockAfter: 9,
    lockSeconds: 600,
    baseDelayMs: 100,
    maxDelayMs: 1000,
  },
});

function unlock(token: string | undefined, password: unknown, o: CallOptions = {}) {
  const payload = password === undefined ? {} : { password };
  return call(ctx.app, 'POST', '/api/manage/unlock', payload, { site: 'tw_web', lang: 'en', token, ...o });
}

/** Whether the session of `token` still answers (userinfo). */
async function sessionLive(token: string, ip: string): Promise<boolean> {
  const res = await call(ctx.app, 'POST', '/api/manage/userinfo', {}, { site: 'tw_web', token, ip });
  if (res.statusCode === 401) return false;
  expect(res.statusCode).toBe(200);
  return true;
}

async function counter(key: string): Promise<number | null> {
  const { rows } = await ctx.database.pool.query<{ failures: number }>('select failures from signin_throttle where key = $1', [key]);
  return rows[0]?.failures ?? null;
}

/** Sessions and throttle counters: what a refused request must leave as it was. */
async function fingerprint(): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ f: string }>(`select concat_ws('|',
    (select md5(coalesce(string_agg(id || ':' || coalesce(revoked_at::text, ''), ',' order by id), '')) from sessions),
    (select md5(coalesce(string_agg(key || ':' || failures, ',' order by key), '')) from signin_throttle)) as f`);
  return rows[0]!.f;
}

describe('POST /api/manage/unlock', () => {
  it('unlocks with the right password and keeps the session', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentB01', { ip });
    const res = await unlock(token, DEMO_CREDENTIALS.password, { ip });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, success: true, message: '', data: { unlocked: true } });
    expect(await sessionLive(token, ip)).toBe(true);
  });

  it('answers WRONG_PASSWORD (400, not 401) for a wrong password, keeps the session and counts the failure on the sign-in counters', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentB02', { ip });
    const res = await unlock(token, 'Wrong1234', { ip });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 2010, success: false, message: errorMessage('WRONG_PASSWORD', 'en'), data: null });
    expect(await sessionLive(token, ip)).toBe(true);
    expect(await counter('acct:tw_web:agentb02')).toBe(1);
    expect(await counter(`ip:${ip}`)).toBe(1);
  });

  it('checks the password of the session’s own account: a shadow unlocks with its own, not its owner’s', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'shadowA01', { ip });
    await ctx.database.pool.query(`update accounts set password_hash = $1 where site_id = 'tw_web' and account_no = 'shadowA01'`, [
      await hashPassword('Shadow123'),
    ]);
    expect(body(await unlock(token, DEMO_CREDENTIALS.password, { ip })).code).toBe(2010);
    expect(body(await unlock(token, 'Shadow123', { ip })).data).toEqual({ unlocked: true });
  });

  it('slows repeated failures, then at the limit answers SIGNIN_LOCKED and revokes the session', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentC02', { ip });
    ctx.delays.length = 0;
    // accountLockAfter 4: failures 1-3 are WRONG_PASSWORD, the 3rd held back (slowed from 2)
    for (let i = 0; i < 3; i++) expect(body(await unlock(token, 'Wrong1234', { ip })).code).toBe(2010);
    expect(ctx.delays).toEqual([100]);
    expect(await sessionLive(token, ip)).toBe(true);

    const locked = await unlock(token, 'Wrong1234', { ip });
    expect(locked.statusCode).toBe(429);
    const b = body(locked);
    expect(b.code).toBe(1003);
    const seconds = Number(/in (\d+) seconds/.exec(b.message)?.[1]);
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);

    // the session is over: the next call is a 401 (the browser signs the user out) …
    const { rows } = await ctx.database.pool.query(
      `select revoked_at from sessions s join accounts a on a.id = s.account_id where a.account_no = 'agentC02' and a.site_id = 'tw_web'`,
    );
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    expect((await unlock(token, DEMO_CREDENTIALS.password, { ip })).statusCode).toBe(401);
    expect(await sessionLive(token, ip)).toBe(false);
    // … and signing in again from this address waits for the lock (another address is not locked out)
    expect(body(await signin(ctx.app, 'agentC02', undefined, { ip })).code).toBe(1003);
    expect(body(await signin(ctx.app, 'agentC02', undefined, { ip: freshIp() })).success).toBe(true);
  });

  it('refuses an unlock from an address locked at the account even with the right password, and revokes the session', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentC03', { ip });
    // someone at the same address guesses at the login page until this address is locked at the account
    for (let i = 0; i < 4; i++) await signin(ctx.app, 'agentC03', 'Wrong1234', { ip });
    const res = await unlock(token, DEMO_CREDENTIALS.password, { ip });
    expect(body(res).code).toBe(1003);
    expect(await sessionLive(token, ip)).toBe(false);
  });

  it('guessing from other addresses never locks the owner out of the lock screen', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentC05', { ip });
    for (let i = 0; i < 4; i++) await signin(ctx.app, 'agentC05', 'Wrong1234', { ip: freshIp() });
    expect(body(await unlock(token, DEMO_CREDENTIALS.password, { ip })).data).toEqual({ unlocked: true });
    expect(await sessionLive(token, ip)).toBe(true);
  });

  it('a right password clears the account counter, so earlier failures do not add up', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentC04', { ip });
    for (let i = 0; i < 3; i++) await unlock(token, 'Wrong1234', { ip });
    expect(await counter('acct:tw_web:agentc04')).toBe(3);
    expect(body(await unlock(token, DEMO_CREDENTIALS.password, { ip })).success).toBe(true);
    expect(await counter('acct:tw_web:agentc04')).toBeNull();
    // three more failures stay below the lock (4) again
    for (let i = 0; i < 3; i++) expect(body(await unlock(token, 'Wrong1234', { ip: freshIp() })).code).toBe(2010);
    expect(await sessionLive(token, ip)).toBe(true);
  });

  it('needs a session: none, an unknown token or a signed-out one → 401', async () => {
    expect((await unlock(undefined, DEMO_CREDENTIALS.password)).statusCode).toBe(401);
    expect(body(await unlock('x'.repeat(43), DEMO_CREDENTIALS.password))).toMatchObject({ code: 401, success: false });
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentC05', { ip });
    await call(ctx.app, 'POST', '/api/manage/signout', undefined, { site: 'tw_web', token, ip });
    expect((await unlock(token, DEMO_CREDENTIALS.password, { ip })).statusCode).toBe(401);
  });

  it('a disabled account’s session is gone: 401', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentC06', { ip });
    await ctx.database.pool.query(`update accounts set is_disabled = true where site_id = 'tw_web' and account_no = 'agentC06'`);
    expect((await unlock(token, DEMO_CREDENTIALS.password, { ip })).statusCode).toBe(401);
  });

  describe('bad input → 400 VALIDATION_FAILED, nothing counted or revoked', () => {
    const cases: [string, unknown, string][] = [
      ['missing password', {}, 'password'],
      ['empty password', { password: '' }, 'password'],
      ['password over 128 characters', { password: 'x'.repeat(129) }, 'password'],
      ['password not a string', { password: 12345678 }, 'password'],
      ['extra field', { password: DEMO_CREDENTIALS.password, accountNo: 'admin001' }, 'accountNo'],
    ];
    it.each(cases)('%s', async (_name, payload, field) => {
      const ip = freshIp();
      const token = await signinAs(ctx.app, 'agentD01', { ip });
      const before = await fingerprint();
      const res = await call(ctx.app, 'POST', '/api/manage/unlock', payload, { site: 'tw_web', token, ip });
      expect(res.statusCode).toBe(400);
      const b = body(res);
      expect(b).toMatchObject({ code: 1000, success: false });
      expect(b.data.map((i: { path: string }) => i.path)).toContain(field);
      expect(await fingerprint()).toBe(before);
      expect(await sessionLive(token, ip)).toBe(true);
    });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, { post?: { requestBody?: unknown } }> };
    expect(doc.paths['/api/manage/unlock']?.post?.requestBody).toBeDefined();
  });
});
