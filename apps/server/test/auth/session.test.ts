import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, type ErrorName, type Locale } from '@agent-bo/shared';
import { body, call, signin, signinAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();

/** The refusal envelope of a token that signs nothing in, saying why. */
const refusal = (name: ErrorName, lang: Locale = 'en') => ({
  code: ERRORS[name].code,
  success: false,
  message: errorMessage(name, lang),
  data: null,
});

const userinfo = (token: string | undefined, o: Parameters<typeof call>[4] = {}) =>
  call(ctx.app, 'POST', '/api/manage/userinfo', {}, { token, site: 'tw_web', ...o });

describe('sessions', () => {
  it('a valid token reaches a protected route', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const res = await userinfo(token);
    expect(res.statusCode).toBe(200);
    expect(body(res).data.accountNo).toBe('agentA01');
  });

  it('no token, a malformed header or an unknown token → 401 UNAUTHORIZED', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ];
    for (const headers of variants) {
      const res = await call(ctx.app, 'POST', '/api/manage/userinfo', {}, { site: 'tw_web', headers, lang: 'en' });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ code: 401, success: false, message: errorMessage('UNAUTHORIZED', 'en'), data: null });
    }
  });

  it('sign-out revokes the session: the token then gets 401', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const out = await call(ctx.app, 'POST', '/api/manage/signout', undefined, { token, site: 'tw_web' });
    expect(out.statusCode).toBe(200);
    expect(body(out)).toEqual({ code: 0, success: true, message: '', data: null });
    expect(body(await userinfo(token, { lang: 'en' }))).toEqual(refusal('SESSION_ENDED'));
    // signing out twice is a 401 too, not a success
    expect((await call(ctx.app, 'POST', '/api/manage/signout', undefined, { token, site: 'tw_web' })).statusCode).toBe(401);
  });

  it('sign-out revokes only that session', async () => {
    const a = await signinAs(ctx.app, 'agentA01');
    const b = await signinAs(ctx.app, 'agentA01');
    await call(ctx.app, 'POST', '/api/manage/signout', undefined, { token: a, site: 'tw_web' });
    expect((await userinfo(b)).statusCode).toBe(200);
  });

  it('an expired token gets 401', async () => {
    const token = await signinAs(ctx.app, 'agentA02');
    await ctx.database.pool.query(`update sessions set expires_at = now() - interval '1 second' where id = (select max(id) from sessions)`);
    const res = await userinfo(token, { lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual(refusal('SESSION_EXPIRED'));
  });

  it('the session lifetime is SESSION_TTL_MINUTES', async () => {
    await signinAs(ctx.app, 'agentA02');
    const { rows } = await ctx.database.pool.query(
      `select extract(epoch from (expires_at - created_at))::int as ttl from sessions order by id desc limit 1`,
    );
    expect(Math.abs(rows[0].ttl - 720 * 60)).toBeLessThan(5);
  });

  it('an account disabled after sign-in loses its session', async () => {
    const token = await signinAs(ctx.app, 'agentB02');
    await ctx.database.pool.query(`update accounts set is_disabled = true where site_id = 'tw_web' and account_no = 'agentB02'`);
    const res = await userinfo(token, { lang: 'zh_TW' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual(refusal('SESSION_ACCOUNT_DISABLED', 'zh_TW'));
    await ctx.database.pool.query(`update accounts set is_disabled = false where site_id = 'tw_web' and account_no = 'agentB02'`);
    expect((await userinfo(token)).statusCode).toBe(200);
  });

  it('an ancestor fully disabled after sign-in ends the descendants’ sessions', async () => {
    const token = await signinAs(ctx.app, 'agentC04');
    await ctx.database.pool.query(`update accounts set is_full_disabled = true where site_id = 'tw_web' and account_no = 'agentA01'`);
    expect(body(await userinfo(token, { lang: 'en' }))).toEqual(refusal('SESSION_ACCOUNT_DISABLED'));
    await ctx.database.pool.query(`update accounts set is_full_disabled = false where site_id = 'tw_web' and account_no = 'agentA01'`);
  });
});

describe('site agreement (host, x-site-id header, session)', () => {
  it('a site header that disagrees with the host → SITE_MISMATCH, also at sign-in', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const res = await userinfo(token, { site: 'tw_mc', lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 1004, success: false, message: errorMessage('SITE_MISMATCH', 'en'), data: null });
    expect(body(await signin(ctx.app, 'agentA01', undefined, { site: 'ph_mc' })).code).toBe(1004);
  });

  it('an unknown site id in the header → SITE_MISMATCH', async () => {
    expect(body(await signin(ctx.app, 'agentA01', undefined, { site: 'nowhere' })).code).toBe(1004);
  });

  it('a host that selects no site → SITE_MISMATCH', async () => {
    expect(body(await signin(ctx.app, 'agentA01', undefined, { site: 'tw_web', host: 'evil.example.com' })).code).toBe(1004);
  });

  it('the site follows the host: tw-mc.localhost signs in to tw_mc', async () => {
    const res = await signin(ctx.app, 'agentA01', undefined, { site: 'tw_mc', host: 'tw-mc.localhost:3000' });
    expect(body(res).data.user.siteId).toBe('tw_mc');
    // without the header the host alone decides
    const bare = await call(
      ctx.app,
      'POST',
      '/api/manage/signin',
      { accountNo: 'agentA01', password: 'Demo1234' },
      { host: 'ph-mc.localhost' },
    );
    expect(body(bare).data.user.siteId).toBe('ph_mc');
  });

  it('a token used from another site (host and header agreeing) → 401', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const res = await userinfo(token, { site: 'tw_mc', host: 'tw-mc.localhost', lang: 'en' });
    expect(res.statusCode).toBe(401);
    // Not a session of this site: nothing about the other site's session is told.
    expect(body(res)).toEqual(refusal('UNAUTHORIZED'));
  });
});
