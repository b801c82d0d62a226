import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { apiDocsEnabled, loadEnv } from '../../src/env.js';
import { body, call, freshIp, signinAs, useTestApp } from '../helpers.js';

/**
 * What the API lets browsers, proxies and strangers keep or read: no API answer is stored, the
 * docs and the metrics are not public in production, and check_account_no (which tells whether
 * an account number exists) is for callers who may create accounts, a limited number of times.
 */
const ctx = useTestApp();

async function withApp(config: Parameters<typeof buildApp>[0]['config'], run: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ db: ctx.database.db, pool: ctx.database.pool, config: { rateLimit: false, ...config } });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe('Cache-Control: no-store on every API answer', () => {
  it('successes, refusals, validation failures and unknown API paths', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    const answers = [
      await call(ctx.app, 'POST', '/api/manage/signin', { accountNo: 'admin001', password: 'Demo1234' }, { site: 'tw_web', ip: freshIp() }),
      await call(ctx.app, 'POST', '/api/manage/userinfo', {}, { token, site: 'tw_web' }),
      await call(ctx.app, 'GET', '/api/getPermCode', undefined, { token, site: 'tw_web' }),
      await call(ctx.app, 'GET', '/api/getPermCode', undefined, { site: 'tw_web' }),
      await call(ctx.app, 'POST', '/api/manage/agent/lower_agents', { page: 'x' }, { token, site: 'tw_web' }),
      await call(ctx.app, 'GET', '/api/no/such/path'),
      await call(ctx.app, 'GET', '/api/manage/signin'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 400, 404, 405]);
    for (const res of answers) expect(res.headers['cache-control'], res.body.slice(0, 60)).toBe('no-store');
  });

  it('a route with caching of its own keeps it (the game client’s public reads)', async () => {
    const res = await call(ctx.app, 'GET', '/api/client/content?type=ANNOUNCEMENT&lang=en', undefined, { host: 'localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it('outside the API nothing is added', async () => {
    const res = await call(ctx.app, 'GET', '/healthz');
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('the API docs', () => {
  it('are served when on', async () => {
    await withApp({ apiDocs: true }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    });
  });

  it('do not exist when off: the UI, its files and the JSON answer 404 envelopes', async () => {
    await withApp({ apiDocs: false }, async (app) => {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(body(res).code, url).toBe(404);
      }
      // the API itself is unaffected
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });

  it('API_DOCS: off by default in production, on elsewhere, and the setting wins', () => {
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'production' }))).toBe(false);
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'production', API_DOCS: 'on' }))).toBe(true);
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'development', API_DOCS: 'off' }))).toBe(false);
    expect(apiDocsEnabled(loadEnv({}))).toBe(true);
    expect(() => loadEnv({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

describe('/metrics', () => {
  it('is not public: absent without METRICS_TOKEN (the production default), 401 without the bearer', async () => {
    expect(loadEnv({ NODE_ENV: 'production' }).METRICS_TOKEN).toBeUndefined();
    await withApp({ metricsToken: null }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    });
    await withApp({ metricsToken: 'a-long-enough-metrics-token' }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer another-long-token-here' } });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-long-enough-metrics-token' } });
      expect(right.statusCode).toBe(200);
    });
  });
});

describe('check_account_no', () => {
  const check = (app: FastifyInstance, token: string, accountNo = 'freshOne99') =>
    call(app, 'POST', '/api/manage/agent/check_account_no', { accountNo }, { token, site: 'tw_web', lang: 'en' });

  it('answers callers who may create accounts', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    expect(body(await check(ctx.app, token)).data).toEqual({ available: true });
    expect(body(await check(ctx.app, token, 'admin001')).data).toEqual({ available: false });
  });

  it('refuses shadows and restricted callers, who may not create accounts', async () => {
    const shadow = await signinAs(ctx.app, 'shadowA01');
    const res = await check(ctx.app, shadow, 'admin001');
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 2006, success: false, data: null });

    const readonly = await signinAs(ctx.app, 'agentB06');
    await ctx.database.pool.query(`update accounts set is_full_readonly = true where site_id = 'tw_web' and account_no = 'agentB06'`);
    try {
      expect(body(await check(ctx.app, readonly, 'admin001')).code).toBe(2006);
    } finally {
      await ctx.database.pool.query(`update accounts set is_full_readonly = false where site_id = 'tw_web' and account_no = 'agentB06'`);
    }
  });

  it('is limited per session: 60 a minute, then 429 with Retry-After; another session has its own', async () => {
    const first = await signinAs(ctx.app, 'agentA02');
    const second = await signinAs(ctx.app, 'agentA03');
    // its limit holds even where the general limit is off (as in this test app)
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await check(ctx.app, first)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    const refused = await check(ctx.app, first);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ code: 429, success: false });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(ctx.app, second)).statusCode).toBe(200);
  });
});
