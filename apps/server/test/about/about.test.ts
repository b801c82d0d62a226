import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '@agent-bo/shared';
import { buildApp } from '../../src/app.js';
import { DEMO_CREDENTIALS, body, call, signinAs, useTestApp } from '../helpers.js';

const DOCS_URL = 'https://docs.example.com/back-office/';
const ctx = useTestApp({ docsUrl: DOCS_URL });

const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const MC = { site: 'tw_mc', host: 'tw-mc.localhost' };

async function databaseVersion(): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ server_version: string }>('show server_version');
  return rows[0]!.server_version;
}

async function siteName(id: string): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ name: string }>('select name from sites where id = $1', [id]);
  return rows[0]!.name;
}

describe('GET /api/manage/about', () => {
  it('tells a signed-in admin the running server: versions, start time, site and the documentation links', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    const res = await call(ctx.app, 'GET', '/api/manage/about', undefined, { token, site: 'tw_web' });
    expect(res.statusCode).toBe(200);
    const answer = body(res);
    expect(answer).toMatchObject({ code: 0, success: true, message: '' });
    expect(answer.data).toEqual({
      server: {
        version: SERVER_VERSION,
        nodeVersion: process.version,
        databaseVersion: await databaseVersion(),
        startedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
      site: { id: 'tw_web', name: await siteName('tw_web') },
      apiDocs: { served: true, path: '/api/docs' },
      docsUrl: DOCS_URL,
    });
    // The process's own start: what its uptime says, to the second (the test clock plays no part).
    const started = Date.parse(answer.data.server.startedAt);
    expect(Math.abs(started - (Date.now() - process.uptime() * 1000))).toBeLessThan(1000);
    expect(answer.data.server.databaseVersion).toMatch(/^\d+(\.\d+)?/);
    // What it says is served is served.
    expect((await call(ctx.app, 'GET', '/api/docs/json')).statusCode).toBe(200);
  });

  it('answers every signed-in caller, with the site of the caller’s session', async () => {
    const agent = await signinAs(ctx.app, 'agentA03');
    const own = body(await call(ctx.app, 'GET', '/api/manage/about', undefined, { token: agent, site: 'tw_web' }));
    expect(own.data.site).toEqual({ id: 'tw_web', name: await siteName('tw_web') });

    const mcAdmin = await signinAs(ctx.app, 'admin001', MC);
    const mc = await call(ctx.app, 'GET', '/api/manage/about', undefined, { token: mcAdmin, ...MC });
    expect(mc.statusCode).toBe(200);
    expect(body(mc).data.site).toEqual({ id: 'tw_mc', name: await siteName('tw_mc') });
  });

  it('refuses a caller without a session: the 401 envelope', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await call(ctx.app, 'GET', '/api/manage/about', undefined, { token, site: 'tw_web', lang: 'en' });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ code: 401, success: false, message: errorMessage('UNAUTHORIZED', 'en'), data: null });
    }
  });

  it('says when the API description is not served, where it would be under another prefix, and no documentation without DOCS_URL', async () => {
    const app = await buildApp({
      db: ctx.database.db,
      pool: ctx.database.pool,
      config: { rateLimit: false, apiPrefix: '/bo', apiDocs: false },
    });
    try {
      const signin = await call(
        app,
        'POST',
        '/bo/manage/signin',
        { accountNo: 'admin001', password: DEMO_CREDENTIALS.password },
        { site: 'tw_web' },
      );
      const token = body(signin).data.token as string;
      const res = await call(app, 'GET', '/bo/manage/about', undefined, { token, site: 'tw_web' });
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toMatchObject({ apiDocs: { served: false, path: '/bo/docs' }, docsUrl: null });
      expect((await call(app, 'GET', '/bo/docs')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
