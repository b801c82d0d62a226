import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES, errorMessage } from '@agent-bo/shared';
import { DEMO_CREDENTIALS, body, call, freshIp, signin, useTestApp } from '../helpers.js';

const ctx = useTestApp({
  throttle: {
    accountSlowAfter: 2,
    accountLockAfter: 4,
    accountAllSlowAfter: 5,
    ipSlowAfter: 6,
    ipLockAfter: 9,
    lockSeconds: 600,
    baseDelayMs: 100,
    maxDelayMs: 1000,
  },
});

describe('POST /api/manage/signin', () => {
  it('signs the demo admin in and returns token, expiry and user info', async () => {
    const res = await signin(ctx.app, DEMO_CREDENTIALS.accountNo, DEMO_CREDENTIALS.password, { ip: freshIp() });
    expect(res.statusCode).toBe(200);
    const b = body(res);
    expect(b).toMatchObject({ code: 0, success: true, message: '' });
    expect(b.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.data.expiresAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(b.data.user).toMatchObject({
      accountNo: 'admin001',
      lvl: 0,
      isShadow: false,
      siteId: 'tw_web',
      homePath: '/dashboard',
      roles: ['admin'],
      isDisabled: false,
      isFullDisabled: false,
      isFullReadonly: false,
    });
    expect(b.data.user.permission.permissions.map((p: { code: string }) => p.code)).toEqual([...PERMISSION_CODES]);
  });

  it('stores only a hash of the token and records the last login', async () => {
    const ip = freshIp();
    const b = body(await signin(ctx.app, 'agentA02', undefined, { ip }));
    const { rows } = await ctx.database.pool.query(
      `select s.token_hash, a.last_login_ip from sessions s join accounts a on a.id = s.account_id
       where a.account_no = 'agentA02' and a.site_id = 'tw_web' order by s.id desc limit 1`,
    );
    expect(rows[0].token_hash).not.toBe(b.data.token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].last_login_ip).toBe(ip);
  });

  it('accepts the account number in any case', async () => {
    const res = await signin(ctx.app, 'ADMIN001', undefined, { ip: freshIp() });
    expect(body(res).success).toBe(true);
  });

  it('gives the identical answer for a wrong password and an unknown account', async () => {
    const wrongPassword = await signin(ctx.app, 'agentA01', 'Wrong1234', { ip: freshIp(), lang: 'en' });
    const unknown = await signin(ctx.app, 'nobody0001', 'Wrong1234', { ip: freshIp(), lang: 'en' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrongPassword.statusCode);
    expect(unknown.body).toBe(wrongPassword.body);
    expect(body(unknown)).toEqual({ code: 1001, success: false, message: errorMessage('INVALID_CREDENTIALS', 'en'), data: null });
  });

  it('refuses players with the same answer as a wrong password', async () => {
    const res = await signin(ctx.app, 'player001', DEMO_CREDENTIALS.password, { ip: freshIp(), lang: 'en' });
    expect(body(res)).toEqual({ code: 1001, success: false, message: errorMessage('INVALID_CREDENTIALS', 'en'), data: null });
  });

  it('translates the message by accept-language (zh_TW default)', async () => {
    const zh = await signin(ctx.app, 'agentA01', 'Wrong1234', { ip: freshIp() });
    const th = await signin(ctx.app, 'agentA01', 'Wrong1234', { ip: freshIp(), lang: 'th-TH,th;q=0.9' });
    expect(body(zh).message).toBe(errorMessage('INVALID_CREDENTIALS', 'zh_TW'));
    expect(body(th).message).toBe(errorMessage('INVALID_CREDENTIALS', 'th'));
    // these two failures must not lock agentA01 for the later tests
    await ctx.database.pool.query(`delete from signin_throttle`);
  });

  describe('bad input → VALIDATION_FAILED with the offending fields', () => {
    const cases: [string, unknown, string][] = [
      ['missing password', { accountNo: 'admin001' }, 'password'],
      ['missing accountNo', { password: 'x' }, 'accountNo'],
      ['extra field', { accountNo: 'admin001', password: 'Demo1234', role: 'admin' }, 'role'],
      ['wrong type', { accountNo: 12345678, password: 'Demo1234' }, 'accountNo'],
      ['accountNo too short', { accountNo: 'abc', password: 'Demo1234' }, 'accountNo'],
      ['accountNo too long', { accountNo: 'a'.repeat(13), password: 'Demo1234' }, 'accountNo'],
      ['accountNo with symbols', { accountNo: "admin'--1", password: 'Demo1234' }, 'accountNo'],
      ['password over 128 characters', { accountNo: 'admin001', password: 'x'.repeat(129) }, 'password'],
      ['empty password', { accountNo: 'admin001', password: '' }, 'password'],
    ];
    it.each(cases)('%s', async (_name, payload, field) => {
      const res = await call(ctx.app, 'POST', '/api/manage/signin', payload, { site: 'tw_web', ip: freshIp() });
      expect(res.statusCode).toBe(400);
      const b = body(res);
      expect(b).toMatchObject({ code: 1000, success: false });
      expect(b.data.map((i: { path: string }) => i.path)).toContain(field);
    });

    it('a body that is not an object', async () => {
      const res = await call(ctx.app, 'POST', '/api/manage/signin', [1, 2], { site: 'tw_web' });
      expect(body(res)).toMatchObject({ code: 1000, success: false });
    });
  });

  describe('disabled accounts', () => {
    it('refuses a disabled account with ACCOUNT_DISABLED after a correct password', async () => {
      await ctx.database.pool.query(`update accounts set is_disabled = true where site_id = 'tw_web' and account_no = 'agentC03'`);
      const res = await signin(ctx.app, 'agentC03', undefined, { ip: freshIp() });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: 1002, success: false });
      // a wrong password on a disabled account still says only "wrong account or password"
      const wrong = await signin(ctx.app, 'agentC03', 'Wrong1234', { ip: freshIp() });
      expect(body(wrong).code).toBe(1001);
    });

    it('refuses an account whose ancestor is fully disabled', async () => {
      // agentA02 → agentB03 → agentC05
      await ctx.database.pool.query(`update accounts set is_full_disabled = true where site_id = 'tw_web' and account_no = 'agentB03'`);
      const child = await signin(ctx.app, 'agentC05', undefined, { ip: freshIp() });
      expect(body(child)).toMatchObject({ code: 1002, success: false });
      const self = await signin(ctx.app, 'agentB03', undefined, { ip: freshIp() });
      expect(body(self).code).toBe(1002);
      // the parent is not affected
      const parent = await signin(ctx.app, 'agentA02', undefined, { ip: freshIp() });
      expect(body(parent).success).toBe(true);
    });

    it('refuses a shadow whose owner is disabled', async () => {
      await ctx.database.pool.query(`update accounts set is_disabled = true where site_id = 'tw_web' and account_no = 'agentB01'`);
      const res = await signin(ctx.app, 'shadowB01', undefined, { ip: freshIp() });
      expect(body(res).code).toBe(1002);
      await ctx.database.pool.query(`update accounts set is_disabled = false where site_id = 'tw_web' and account_no = 'agentB01'`);
    });

    it('lets a fully read-only account sign in, flagged', async () => {
      await ctx.database.pool.query(`update accounts set is_full_readonly = true where site_id = 'tw_web' and account_no = 'agentA03'`);
      const res = await signin(ctx.app, 'agentB05', undefined, { ip: freshIp() });
      expect(body(res).data.user).toMatchObject({ accountNo: 'agentB05', isFullReadonly: true, isDisabled: false });
    });
  });

  describe('abuse control', () => {
    it('slows, then locks one address at one account; the lock holds against the right password from that address only', async () => {
      ctx.delays.length = 0;
      const ip = freshIp();
      const attempt = () => signin(ctx.app, 'agentC01', 'Wrong1234', { ip, lang: 'en' });
      // accountSlowAfter 2, accountLockAfter 4 (per account and address)
      for (let i = 0; i < 4; i++) expect(body(await attempt()).code).toBe(1001);
      // attempts 3 and 4 were held back, the second longer than the first
      expect(ctx.delays).toEqual([100, 200]);
      const locked = await attempt();
      expect(locked.statusCode).toBe(429);
      const b = body(locked);
      expect(b.code).toBe(1003);
      const seconds = Number(/in (\d+) seconds/.exec(b.message)?.[1]);
      expect(seconds).toBeGreaterThan(590);
      expect(seconds).toBeLessThanOrEqual(600);
      expect(locked.headers['retry-after']).toBe(String(seconds));
      const right = await signin(ctx.app, 'agentC01', DEMO_CREDENTIALS.password, { ip });
      expect(body(right).code).toBe(1003);
      // the account's owner, from another address, is not locked out
      expect(body(await signin(ctx.app, 'agentC01', undefined, { ip: freshIp() })).success).toBe(true);
      // other accounts are unaffected, from that address too
      expect(body(await signin(ctx.app, 'agentC02', undefined, { ip })).success).toBe(true);
    });

    it('counts failures per site: the same account number on another site is not locked', async () => {
      const ip = freshIp();
      for (let i = 0; i < 4; i++) await signin(ctx.app, 'agentC01', 'Wrong1234', { ip });
      expect(body(await signin(ctx.app, 'agentC01', undefined, { ip })).code).toBe(1003);
      const res = await signin(ctx.app, 'agentC01', undefined, { ip, site: 'tw_mc', host: 'tw-mc.localhost' });
      expect(body(res).success).toBe(true);
    });

    it('a success clears the account counters', async () => {
      const ip = freshIp();
      await signin(ctx.app, 'agentC04', 'Wrong1234', { ip });
      await signin(ctx.app, 'agentC04', 'Wrong1234', { ip });
      await signin(ctx.app, 'agentC04', undefined, { ip });
      const { rows } = await ctx.database.pool.query(`select key from signin_throttle where key like '%tw_web:agentc04%'`);
      expect(rows).toHaveLength(0);
      ctx.delays.length = 0;
      await signin(ctx.app, 'agentC04', 'Wrong1234', { ip: freshIp() });
      expect(ctx.delays).toEqual([]);
    });

    it('guessing at one account from many addresses slows it down but never locks its owner out', async () => {
      // accountAllSlowAfter 5: every address fails twice (below its own lock) at agentC08
      for (let i = 0; i < 6; i++) {
        const ip = freshIp();
        for (let j = 0; j < 2; j++) expect(body(await signin(ctx.app, 'agentC08', 'Wrong1234', { ip })).code).toBe(1001);
      }
      ctx.delays.length = 0;
      const owner = await signin(ctx.app, 'agentC08', undefined, { ip: freshIp() });
      expect(body(owner).success).toBe(true);
      // slowed (12 failures over all addresses, slowed from 5), capped by maxDelayMs
      expect(ctx.delays).toEqual([1000]);
    });

    it('one address failing across many accounts is slowed, then refused at what it tried, never at what it did not', async () => {
      ctx.delays.length = 0;
      const attacker = freshIp();
      // ipSlowAfter 6, ipLockAfter 9: nine accounts (seven unknown, two real), one failure each
      const tried = ['agentB02', 'agentB04', ...Array.from({ length: 7 }, (_, i) => `ghost${String(i).padStart(4, '0')}`)];
      for (const accountNo of tried) {
        const res = await signin(ctx.app, accountNo, 'Wrong1234', { ip: attacker });
        expect(body(res).code).toBe(1001);
      }
      // the attacker is slowed: attempts 7, 8 and 9 were held back, each longer
      expect(ctx.delays).toEqual([100, 200, 400]);

      // its own keys are locked: another attempt at an account it tried is refused with Retry-After
      for (const accountNo of ['agentB02', 'ghost0003']) {
        const again = await signin(ctx.app, accountNo, DEMO_CREDENTIALS.password, { ip: attacker, lang: 'en' });
        expect(again.statusCode).toBe(429);
        expect(body(again).code).toBe(1003);
        expect(Number(again.headers['retry-after'])).toBeGreaterThan(590);
      }

      // an account the address never tried still signs in from it (slowed, not refused) …
      ctx.delays.length = 0;
      const colleague = await signin(ctx.app, 'agentC07', DEMO_CREDENTIALS.password, { ip: attacker });
      expect(body(colleague).success).toBe(true);
      expect(ctx.delays).toEqual([800]);
      // … and the attacked accounts sign in from any other address
      for (const accountNo of ['agentB02', 'agentB04']) {
        expect(body(await signin(ctx.app, accountNo, undefined, { ip: freshIp() })).success, accountNo).toBe(true);
      }
    });
  });
});
