import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_REPORT_MAX_BYTES, errorMessage } from '@agent-bo/shared';
import { buildApp } from '../../src/app.js';
import { accountId, body, call, freshIp, signinAs, useTestApp } from '../helpers.js';
import { entry, report, rowCount } from './support.js';

// A small per-IP report limit so the test can pass it; each test below uses its own address.
const ctx = useTestApp({ clientErrors: { rateLimit: { max: 5, timeWindowMs: 60_000 } } });

async function lastRows(n: number) {
  const { rows } = await ctx.database.pool.query(
    'select site_id, account_id, type, name, file, message, stack, detail, url, reported_time, user_agent, ip, created_at from client_errors order by id desc limit $1',
    [n],
  );
  return rows;
}

describe('POST /api/manage/error_log/report', () => {
  it('stores every entry without a session: site from the host, no account, user agent, ip, receipt time', async () => {
    const ip = freshIp();
    const before = await rowCount(ctx);
    const entries = [
      entry({ type: 'promise', message: 'first' }),
      entry({ type: 'resource', message: 'second', url: 'http://localhost:3000/log/index' }),
    ];
    const res = await report(ctx, { entries }, { ip, headers: { 'user-agent': 'TestBrowser/1.0' } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, success: true, message: '', data: { accepted: 2 } });
    expect(await rowCount(ctx)).toBe(before + 2);
    const [second, first] = await lastRows(2);
    expect(first).toMatchObject({
      site_id: 'tw_web',
      account_id: null,
      type: 'promise',
      name: entries[0]!.name,
      file: entries[0]!.file,
      message: 'first',
      stack: entries[0]!.stack,
      detail: entries[0]!.detail,
      url: entries[0]!.url,
      reported_time: entries[0]!.time,
      user_agent: 'TestBrowser/1.0',
      ip,
    });
    expect(second).toMatchObject({ type: 'resource', message: 'second', url: 'http://localhost:3000/log/index' });
    expect(Math.abs((first.created_at as Date).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('records the account when a valid session token is sent', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentA01', { ip });
    expect(body(await report(ctx, { entries: [entry()] }, { ip, token })).success).toBe(true);
    const [row] = await lastRows(1);
    expect(row.account_id).toBe(await accountId(ctx, 'agentA01'));
  });

  it('never answers 401: an unknown, malformed or signed-out token reports anonymously', async () => {
    const ip = freshIp();
    const token = await signinAs(ctx.app, 'agentA02', { ip });
    await call(ctx.app, 'POST', '/api/manage/signout', undefined, { site: 'tw_web', token, ip });
    for (const headers of [
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${'x'.repeat(43)}` },
      { authorization: 'Basic abc' },
    ]) {
      const res = await report(ctx, { entries: [entry({ message: headers.authorization.slice(0, 12) })] }, { ip, headers });
      expect(res.statusCode).toBe(200);
      const [row] = await lastRows(1);
      expect(row).toMatchObject({ account_id: null, message: headers.authorization.slice(0, 12) });
    }
  });

  it('takes the site from the host', async () => {
    const res = await report(
      ctx,
      { entries: [entry({ message: 'from tw_mc' })] },
      { ip: freshIp(), site: 'tw_mc', host: 'tw-mc.localhost' },
    );
    expect(body(res).success).toBe(true);
    const [row] = await lastRows(1);
    expect(row).toMatchObject({ site_id: 'tw_mc', message: 'from tw_mc' });
    // a site header naming another site than the host's is refused, as everywhere
    const mismatch = await report(ctx, { entries: [entry()] }, { ip: freshIp(), site: 'tw_web', host: 'tw-mc.localhost' });
    expect(body(mismatch)).toMatchObject({ code: 1004, success: false });
  });

  it('cuts the user agent to 500 characters', async () => {
    await report(ctx, { entries: [entry()] }, { ip: freshIp(), headers: { 'user-agent': 'U'.repeat(900) } });
    const [row] = await lastRows(1);
    expect(row.user_agent).toBe('U'.repeat(500));
  });

  it('accepts every field at its maximum length', async () => {
    const max = entry({
      name: 'n'.repeat(CLIENT_ERROR_LIMITS.name),
      file: 'f'.repeat(CLIENT_ERROR_LIMITS.file),
      message: 'm'.repeat(CLIENT_ERROR_LIMITS.message),
      stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack),
      detail: 'd'.repeat(CLIENT_ERROR_LIMITS.detail),
      url: 'u'.repeat(CLIENT_ERROR_LIMITS.url),
    });
    expect(body(await report(ctx, { entries: [max] }, { ip: freshIp() })).data).toEqual({ accepted: 1 });
    const [row] = await lastRows(1);
    expect(row.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
  });

  describe('bad input → 400 VALIDATION_FAILED and no row', () => {
    const long = (field: keyof typeof CLIENT_ERROR_LIMITS) => 'x'.repeat(CLIENT_ERROR_LIMITS[field] + 1);
    const cases: [string, unknown, string][] = [
      ['message over its limit', { entries: [entry({ message: long('message') })] }, 'entries.0.message'],
      ['stack over its limit', { entries: [entry(), entry({ stack: long('stack') })] }, 'entries.1.stack'],
      ['url over its limit', { entries: [entry({ url: long('url') })] }, 'entries.0.url'],
      ['name over its limit', { entries: [entry({ name: long('name') })] }, 'entries.0.name'],
      ['no entries', { entries: [] }, 'entries'],
      ['too many entries', { entries: Array.from({ length: CLIENT_ERROR_LIMITS.entries + 1 }, () => entry()) }, 'entries'],
      ['unknown type', { entries: [{ ...entry(), type: 'vue' }] }, 'entries.0.type'],
      ['time not YYYY-MM-DD HH:mm:ss', { entries: [entry({ time: '2026-11-21T15:00:00Z' })] }, 'entries.0.time'],
      ['missing field', { entries: [{ ...entry(), stack: undefined }] }, 'entries.0.stack'],
      ['extra field', { entries: [{ ...entry(), level: 'fatal' }] }, 'entries.0.level'],
    ];
    it.each(cases)('%s', async (_name, payload, field) => {
      const before = await rowCount(ctx);
      const res = await report(ctx, payload, { ip: freshIp() });
      expect(res.statusCode).toBe(400);
      const b = body(res);
      expect(b).toMatchObject({ code: 1000, success: false });
      expect(b.data.map((i: { path: string }) => i.path)).toContain(field);
      expect(await rowCount(ctx)).toBe(before);
    });
  });

  it(`refuses a body over ${CLIENT_ERROR_REPORT_MAX_BYTES} bytes with the 413 envelope, although each field is within its limit`, async () => {
    const big = entry({
      message: 'm'.repeat(CLIENT_ERROR_LIMITS.message),
      stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack),
      detail: 'd'.repeat(CLIENT_ERROR_LIMITS.detail),
    });
    const payload = { entries: Array.from({ length: 5 }, () => big) };
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeGreaterThan(CLIENT_ERROR_REPORT_MAX_BYTES);
    // well under the app-wide body limit (1 MiB): the route's own limit refuses it
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(ctx.app.initialConfig.bodyLimit!);
    const before = await rowCount(ctx);
    const res = await report(ctx, payload, { ip: freshIp() });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ code: 413, success: false, message: errorMessage('PAYLOAD_TOO_LARGE', 'en'), data: null });
    expect(await rowCount(ctx)).toBe(before);
  });

  it('limits reports per client IP with the 429 envelope, although the global limit is off', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await report(ctx, { entries: [entry()] }, { ip })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const before = await rowCount(ctx);
    const refused = await report(ctx, { entries: [entry()] }, { ip });
    expect(body(refused)).toEqual({ code: 429, success: false, message: errorMessage('TOO_MANY_REQUESTS', 'en'), data: null });
    expect(await rowCount(ctx)).toBe(before);
    // another address is not affected; other routes are not limited
    expect(body(await report(ctx, { entries: [entry()] }, { ip: freshIp() })).success).toBe(true);
    for (let i = 0; i < 6; i++)
      expect((await call(ctx.app, 'POST', '/api/manage/userinfo', {}, { site: 'tw_web', ip })).statusCode).toBe(401);
  });

  it('has its own limit when the global one is on: neither counts towards the other', async () => {
    const app = await buildApp({
      db: ctx.database.db,
      pool: ctx.database.pool,
      config: { rateLimit: { max: 2, timeWindowMs: 60_000 }, clientErrors: { rateLimit: { max: 4, timeWindowMs: 60_000 } } },
    });
    try {
      const send = () =>
        app.inject({ method: 'POST', url: '/api/manage/error_log/report', payload: { entries: [entry()] }, remoteAddress: '10.250.0.1' });
      const reports: number[] = [];
      for (let i = 0; i < 5; i++) reports.push((await send()).statusCode);
      expect(reports).toEqual([200, 200, 200, 200, 429]);
      const others: number[] = [];
      for (let i = 0; i < 3; i++)
        others.push((await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.250.0.1' })).statusCode);
      expect(others).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  describe('retention', () => {
    it('keeps the newest rows per site up to the cap; other sites are untouched', async () => {
      const app = await buildApp({
        db: ctx.database.db,
        pool: ctx.database.pool,
        config: { rateLimit: false, clientErrors: { rateLimit: false, maxRowsPerSite: 3 } },
      });
      try {
        await ctx.database.pool.query(`delete from client_errors`);
        await app.inject({
          method: 'POST',
          url: '/api/manage/error_log/report',
          headers: { host: 'richman.localhost' },
          payload: { entries: [entry({ message: 'richman' })] },
        });
        for (let i = 1; i <= 4; i++) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/manage/error_log/report',
            payload: { entries: [entry({ message: `m${i}a` }), entry({ message: `m${i}b` })] },
          });
          expect(res.statusCode).toBe(200);
        }
        const { rows } = await ctx.database.pool.query(`select site_id, message from client_errors order by id`);
        expect(rows).toEqual([
          { site_id: 'richman', message: 'richman' },
          { site_id: 'tw_web', message: 'm3b' },
          { site_id: 'tw_web', message: 'm4a' },
          { site_id: 'tw_web', message: 'm4b' },
        ]);
      } finally {
        await app.close();
      }
    });

    it('drops rows older than the age limit (30 days by default) when a report arrives', async () => {
      await ctx.database.pool.query(`delete from client_errors`);
      await report(ctx, { entries: [entry({ message: 'old' }), entry({ message: 'recent' })] }, { ip: freshIp() });
      await ctx.database.pool.query(`update client_errors set created_at = now() - interval '31 days' where message = 'old'`);
      await ctx.database.pool.query(`update client_errors set created_at = now() - interval '29 days' where message = 'recent'`);
      await report(ctx, { entries: [entry({ message: 'new' })] }, { ip: freshIp(), site: 'ph_mc', host: 'ph-mc.localhost' });
      const { rows } = await ctx.database.pool.query(`select message from client_errors order by id`);
      expect(rows.map((r) => r.message)).toEqual(['recent', 'new']);
    });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, { post?: { requestBody?: unknown } }> };
    expect(doc.paths['/api/manage/error_log/report']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/manage/error_log/list']?.post?.requestBody).toBeDefined();
  });
});
