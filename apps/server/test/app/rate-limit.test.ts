import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@agent-bo/shared';
import { buildApp } from '../../src/app.js';
import { body, call, signinAs, useTestApp } from '../helpers.js';

/**
 * The general request limit counts API calls only — never the web app's files or its page — and
 * gives each bearer session its own budget, under a ceiling per address.
 */
const ctx = useTestApp();

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-rate-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'app.css'), 'body{}');
  await writeFile(path.join(dist, 'favicon.ico'), 'icon');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

async function withApp(
  rateLimit: { max: number; timeWindowMs: number; addressMax?: number },
  run: (app: FastifyInstance) => Promise<void>,
) {
  const app = await buildApp({ db: ctx.database.db, pool: ctx.database.pool, config: { webDistDir: dist, rateLimit } });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

const ADDRESS = '10.200.0.1';
const get = (app: FastifyInstance, url: string, o: { token?: string; ip?: string } = {}) =>
  call(app, 'GET', url, undefined, { site: 'tw_web', lang: 'en', ip: o.ip ?? ADDRESS, token: o.token });

describe('static files and the web app page are not API calls', () => {
  it('200 page loads from one address never meet the limit, while API calls from it still do', async () => {
    await withApp({ max: 5, timeWindowMs: 60_000 }, async (app) => {
      const statuses = new Set<number>();
      // a page load: the shell (root and deep links), its scripts, styles and icon
      const files = ['/', '/dashboard', '/member/index?tab=2', '/assets/app.js', '/assets/app.css', '/favicon.ico', '/index.html'];
      for (let i = 0; i < 200; i++) {
        const res = await get(app, files[i % files.length]!);
        statuses.add(res.statusCode);
        expect(res.headers['content-type'], files[i % files.length]).not.toMatch(/json/);
      }
      expect([...statuses]).toEqual([200]);

      const api: number[] = [];
      for (let i = 0; i < 6; i++) api.push((await get(app, '/api/getPermCode')).statusCode);
      expect(api).toEqual([401, 401, 401, 401, 401, 429]);
      const refused = await get(app, '/api/getPermCode');
      expect(body(refused)).toEqual({ code: 429, success: false, message: errorMessage('TOO_MANY_REQUESTS', 'en'), data: null });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // the page still loads for that address
      expect((await get(app, '/dashboard')).statusCode).toBe(200);
      expect((await get(app, '/assets/app.js')).statusCode).toBe(200);
    });
  });

  it('operational paths and unknown API paths still count', async () => {
    await withApp({ max: 2, timeWindowMs: 60_000 }, async (app) => {
      const codes: number[] = [];
      for (const url of ['/healthz', '/api/nothing/here', '/readyz']) codes.push((await get(app, url, { ip: '10.200.0.2' })).statusCode);
      expect(codes).toEqual([200, 404, 429]);
    });
  });
});

describe('budgets per session, under a ceiling per address', () => {
  it('two sessions behind one address have separate budgets', async () => {
    // Sessions made by the test app, so sign-ins do not spend the budgets under test.
    const first = await signinAs(ctx.app, 'agentA01');
    const second = await signinAs(ctx.app, 'agentA02');
    await withApp({ max: 5, timeWindowMs: 60_000, addressMax: 100 }, async (app) => {
      const a: number[] = [];
      for (let i = 0; i < 6; i++) a.push((await get(app, '/api/getPermCode', { token: first })).statusCode);
      expect(a).toEqual([200, 200, 200, 200, 200, 429]);
      // the other person at the same address is untouched by the first one's spending
      const b: number[] = [];
      for (let i = 0; i < 5; i++) b.push((await get(app, '/api/getPermCode', { token: second })).statusCode);
      expect(b).toEqual([200, 200, 200, 200, 200]);
      // and so is a call without a session from that address (its own, per-address budget)
      expect((await get(app, '/healthz')).statusCode).toBe(200);
      // the first session is still refused, from any address
      expect((await get(app, '/api/getPermCode', { token: first, ip: '10.200.0.9' })).statusCode).toBe(429);
    });
  });

  it('made-up tokens do not buy an address unlimited budgets: the ceiling per address holds', async () => {
    await withApp({ max: 5, timeWindowMs: 60_000, addressMax: 8 }, async (app) => {
      const codes: number[] = [];
      for (let i = 0; i < 10; i++)
        codes.push((await get(app, '/api/getPermCode', { token: `made-up-token-${i}`, ip: '10.200.0.3' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
      // another address is not affected
      expect((await get(app, '/api/getPermCode', { token: 'made-up-token-x', ip: '10.200.0.4' })).statusCode).toBe(401);
    });
  });

  it('a route with a limit of its own keeps it (the signed provider API is exempt)', async () => {
    await withApp({ max: 1, timeWindowMs: 60_000 }, async (app) => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(app, 'POST', '/api/provider/v1/bets/place', { siteId: 'tw_web', items: [] }, { ip: '10.200.0.5' });
        codes.push(res.statusCode);
      }
      expect(codes.includes(429)).toBe(false);
    });
  });
});
