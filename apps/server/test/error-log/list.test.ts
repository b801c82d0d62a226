import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@agent-bo/shared';
import { formatDateTime } from '../../src/lib/dates.js';
import { body, freshIp, signinAs, useTestApp } from '../helpers.js';
import { entry, list, report } from './support.js';

const ctx = useTestApp({ clientErrors: { rateLimit: false } });

const MC = { site: 'tw_mc', host: 'tw-mc.localhost' };
let admin: string;

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001', { ip: freshIp() });
  const agent = await signinAs(ctx.app, 'agentB01', { ip: freshIp() });
  // 23 anonymous script errors, then five of other kinds (one signed in), then one on tw_mc
  for (let i = 1; i <= 23; i += 1) {
    await report(
      ctx,
      { entries: [entry({ message: `script error ${String(i).padStart(2, '0')}` })] },
      { ip: '10.9.0.1', headers: { 'user-agent': 'UA-test' } },
    );
  }
  await report(
    ctx,
    { entries: [entry({ type: 'promise', name: 'UnhandledRejection', message: 'fetch failed' })] },
    { ip: '10.9.0.2', token: agent },
  );
  await report(
    ctx,
    { entries: [entry({ type: 'resource', name: 'IMG', message: 'load failed', url: 'http://localhost:3000/Dashboard' })] },
    { ip: '10.9.0.2' },
  );
  await report(ctx, { entries: [entry({ type: 'react', name: 'RenderError', message: '100% broken_thing' })] }, { ip: '10.9.0.2' });
  await report(ctx, { entries: [entry({ type: 'react', name: 'RenderError', message: '100 percent brokenXthing' })] }, { ip: '10.9.0.2' });
  await report(
    ctx,
    { entries: [entry({ type: 'script', name: 'SyntaxError', message: 'Unexpected token', time: '2026-11-20 09:30:00' })] },
    { ip: '10.9.0.2' },
  );
  await report(ctx, { entries: [entry({ message: 'cabinet only' })] }, { ip: '10.9.0.3', ...MC });
});

describe('POST /api/manage/error_log/list', () => {
  it('lists this site’s entries newest first, with paging and the total', async () => {
    const res = await list(ctx, admin, { page: 1, pageSize: 10 });
    expect(res.statusCode).toBe(200);
    const b = body(res);
    expect(b).toMatchObject({ code: 0, success: true, data: { page: 1, pageSize: 10, total: 28 } });
    expect(b.data.list).toHaveLength(10);
    expect(b.data.list[0]).toMatchObject({
      type: 'script',
      name: 'SyntaxError',
      message: 'Unexpected token',
      time: '2026-11-20 09:30:00',
      accountNo: null,
      ip: '10.9.0.2',
    });
    const ids = b.data.list.map((r: { id: number }) => r.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const page3 = body(await list(ctx, admin, { page: 3, pageSize: 10 })).data;
    expect(page3).toMatchObject({ page: 3, total: 28 });
    expect(page3.list.map((r: { message: string }) => r.message)).toEqual(
      Array.from({ length: 8 }, (_, i) => `script error ${String(8 - i).padStart(2, '0')}`),
    );
    // defaults: page 1, 10 rows
    expect(body(await list(ctx, admin, {})).data).toMatchObject({ page: 1, pageSize: 10, total: 28 });
    expect(body(await list(ctx, admin, { page: 4, pageSize: 10 })).data.list).toEqual([]);
  });

  it('returns every stored field, the reporter’s account number and the receipt time in the site time zone', async () => {
    const { rows } = await ctx.database.pool.query(`select id, created_at from client_errors where message = 'fetch failed'`);
    const [row] = body(await list(ctx, admin, { type: 'promise' })).data.list;
    const sample = entry();
    expect(row).toEqual({
      id: Number(rows[0].id),
      type: 'promise',
      name: 'UnhandledRejection',
      file: sample.file,
      message: 'fetch failed',
      stack: sample.stack,
      detail: sample.detail,
      url: sample.url,
      accountNo: 'agentB01',
      userAgent: 'lightMyRequest',
      ip: '10.9.0.2',
      time: sample.time,
      createdAt: formatDateTime(rows[0].created_at as Date, 'Asia/Taipei'),
    });
  });

  it('filters by type', async () => {
    const b = body(await list(ctx, admin, { type: 'react', pageSize: 50 })).data;
    expect(b.total).toBe(2);
    expect(b.list.every((r: { type: string }) => r.type === 'react')).toBe(true);
    expect(body(await list(ctx, admin, { type: 'script', pageSize: 50 })).data.total).toBe(24);
  });

  it('filters by a keyword in the message, name or URL, ignoring case and taking % and _ literally', async () => {
    const messages = async (keyword: string, type?: string) =>
      body(await list(ctx, admin, { keyword, type, pageSize: 50 })).data.list.map((r: { message: string }) => r.message);
    expect(await messages('FETCH')).toEqual(['fetch failed']);
    expect(await messages('syntaxerror')).toEqual(['Unexpected token']);
    expect(await messages('/dashboard')).toEqual(['load failed']);
    expect(await messages('100%')).toEqual(['100% broken_thing']);
    expect(await messages('broken_thing')).toEqual(['100% broken_thing']);
    expect(await messages('  error 2')).toHaveLength(4); // trimmed: 'error 2' matches 20–23
    expect(await messages('error 2', 'promise')).toEqual([]);
    expect(await messages('nothing like this')).toEqual([]);
  });

  it('shows only the caller’s site', async () => {
    const all = body(await list(ctx, admin, { pageSize: 100 })).data;
    expect(all.list.map((r: { message: string }) => r.message)).not.toContain('cabinet only');
    const mcAdmin = await signinAs(ctx.app, 'admin001', { ip: freshIp(), ...MC });
    const mc = body(await list(ctx, mcAdmin, { pageSize: 100 }, MC)).data;
    expect(mc.total).toBe(1);
    expect(mc.list[0]).toMatchObject({ message: 'cabinet only', ip: '10.9.0.3' });
  });

  it('needs the DEVELOPER code: agents without it (every demo agent but the admin) are refused', async () => {
    for (const accountNo of ['agentA01', 'shadow00']) {
      const token = await signinAs(ctx.app, accountNo, { ip: freshIp() });
      const res = await list(ctx, token, {});
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ code: 1006, success: false, message: errorMessage('PERMISSION_DENIED', 'en'), data: null });
    }
  });

  it('needs a session', async () => {
    expect((await list(ctx, undefined, {})).statusCode).toBe(401);
  });

  it('validates the request', async () => {
    for (const payload of [{ pageSize: 7 }, { type: 'vue' }, { keyword: 'k'.repeat(101) }, { page: 0 }, { sort: 'asc' }]) {
      const res = await list(ctx, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(1000);
    }
  });
});
