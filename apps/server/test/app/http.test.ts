import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@agent-bo/shared';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { body, call, createTestDatabase, signinAs, useTestApp } from '../helpers.js';

const ctx = useTestApp({ bodyLimit: 2048 });

describe('the envelope on every failure', () => {
  it('unknown API path → 404 envelope, translated', async () => {
    const res = await call(ctx.app, 'GET', '/api/does/not/exist', undefined, { lang: 'vi' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(body(res)).toEqual({ code: 404, success: false, message: errorMessage('NOT_FOUND', 'vi'), data: null });
  });

  it('unknown non-API path without a built web app → 404 envelope', async () => {
    const res = await call(ctx.app, 'GET', '/dashboard');
    expect(body(res)).toMatchObject({ code: 404, success: false });
  });

  it('known path, wrong method → 405 envelope', async () => {
    const res = await call(ctx.app, 'GET', '/api/manage/signin');
    expect(res.statusCode).toBe(405);
    expect(body(res)).toMatchObject({ code: 405, success: false });
  });

  it('malformed JSON → 400 BAD_REQUEST envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manage/signin',
      headers: { 'content-type': 'application/json', 'x-site-id': 'tw_web' },
      payload: '{"accountNo": ',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 400, success: false, data: null });
  });

  it('unsupported content type → 415 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manage/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(body(res)).toMatchObject({ code: 415, success: false });
  });

  it('body over the limit → 413 envelope', async () => {
    const res = await call(
      ctx.app,
      'POST',
      '/api/manage/signin',
      { accountNo: 'admin001', password: 'x'.repeat(4096) },
      { site: 'tw_web' },
    );
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ code: 413, success: false });
  });

  it('an internal error → 500 envelope without internals', async () => {
    const app = await buildApp({ db: ctx.database.db, pool: ctx.database.pool });
    app.get('/api/boom', async () => {
      throw new Error('secret detail: password=hunter2');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom', headers: { 'accept-language': 'en' } });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({ code: 500, success: false, message: errorMessage('INTERNAL', 'en'), data: null });
    expect(res.body).not.toContain('secret');
  });
});

describe('operations', () => {
  it('/healthz checks the database', async () => {
    const res = await call(ctx.app, 'GET', '/healthz');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 0, success: true, data: { status: 'ok', db: 'ok' } });
  });

  it('/healthz answers 503 when the database is gone', async () => {
    const created = await createTestDatabase();
    const database = createDatabase(created.url, { max: 1 });
    const app = await buildApp({ db: database.db, pool: database.pool });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();
    await created.drop();
    expect(res.statusCode).toBe(503);
    expect(body(res)).toMatchObject({ code: 503, success: false });
  });

  it('echoes a well-formed x-request-id and makes one up otherwise', async () => {
    const mine = await call(ctx.app, 'GET', '/healthz', undefined, { headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const bad = await call(ctx.app, 'GET', '/healthz', undefined, { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI description and the docs UI at /api/docs', async () => {
    const ui = await call(ctx.app, 'GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const spec = await call(ctx.app, 'GET', '/api/docs/json');
    const doc = spec.json() as { paths: Record<string, unknown>; openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/manage/signin',
      '/api/manage/signout',
      '/api/manage/userinfo',
      '/api/getPermCode',
      '/api/getMenuList',
      '/api/manage/dashboard/overview',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    // the UI's scripts are files of our origin, which the CSP allows
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const init = await call(ctx.app, 'GET', '/api/docs/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
  });
});

describe('security', () => {
  it('sets security headers with a CSP an antd SPA passes', async () => {
    const res = await call(ctx.app, 'GET', '/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends no CORS headers unless configured', async () => {
    const res = await call(ctx.app, 'OPTIONS', '/api/manage/signin', undefined, {
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows configured CORS origins only', async () => {
    const app = await buildApp({ db: ctx.database.db, pool: ctx.database.pool, config: { corsOrigins: ['http://admin.example'] } });
    const ok = await app.inject({
      method: 'OPTIONS',
      url: '/api/manage/signin',
      headers: { origin: 'http://admin.example', 'access-control-request-method': 'POST' },
    });
    const other = await app.inject({
      method: 'OPTIONS',
      url: '/api/manage/signin',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    await app.close();
    expect(ok.headers['access-control-allow-origin']).toBe('http://admin.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits globally with the envelope', async () => {
    const app = await buildApp({ db: ctx.database.db, pool: ctx.database.pool, config: { rateLimit: { max: 3, timeWindowMs: 60_000 } } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await app.inject({ method: 'GET', url: '/healthz' })).statusCode);
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-language': 'en' } });
    await app.close();
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(body(res)).toEqual({ code: 429, success: false, message: errorMessage('TOO_MANY_REQUESTS', 'en'), data: null });
  });
});

const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];`;

describe('the web app', () => {
  let dist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Database;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
    );
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    // What the web build writes: precompressed siblings of its text files.
    await writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_JS);
    await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
    await writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
    await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(await readFile(path.join(dist, 'index.html'))));
    await writeFile(path.join(dist, 'index.html.gz'), gzipSync(await readFile(path.join(dist, 'index.html'))));
    // What apps/web/build/prerender-login.mjs writes: index.html with the login page painted in.
    await mkdir(path.join(dist, 'login'));
    for (const name of ['zh_TW.light', 'en.dark']) {
      const html = `<!doctype html><div id="login-snapshot">${name}</div><div id="root"></div>${'<p>padding</p>'.repeat(200)}`;
      await writeFile(path.join(dist, 'login', `${name}.html`), html);
      await writeFile(path.join(dist, 'login', `${name}.html.br`), brotliCompressSync(html));
    }
    database = ctx.database;
    app = await buildApp({ db: database.db, pool: database.pool, config: { webDistDir: dist, rateLimit: false } });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves files and falls back to index.html for page paths', async () => {
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('id="root"');
    const deep = await app.inject({ method: 'GET', url: '/member/index?tab=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.body).toContain('id="root"');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed file the request accepts, brotli first, and says it varies on it', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_JS);

    // a file without compressed siblings is sent as it is
    const small = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('hashed assets are immutable, compressed or not; the page is revalidated, compressed too', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': encoding } });
      expect(asset.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/dashboard']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toContain('id="root"');
    }
  });

  it('sends /login with the login page painted in, in the look the appearance cookie names', async () => {
    const snapshotOf = (res: { body: string }) => /<div id="login-snapshot">([^<]*)<\/div>/.exec(res.body)?.[1] ?? null;
    const login = (cookie?: string, url = '/login') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    // no cookie (a first visit): the app's defaults, zh_TW and light
    const first = await login();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);
    expect(snapshotOf(first)).toBe('zh_TW.light');

    expect(snapshotOf(await login('theme=x; bo_appearance=en.dark; other=1'))).toBe('en.dark');
    expect(snapshotOf(await login('bo_appearance=en.dark', '/login?redirect=%2Fmember'))).toBe('en.dark');
    const compressed = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'bo_appearance=en.dark', 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<div id="login-snapshot">en.dark</div>');

    // a custom look, or one the build has no copy of: the plain page, which the app paints itself
    for (const cookie of ['bo_appearance=custom', 'bo_appearance=th.dark']) {
      const res = await login(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(snapshotOf(res), cookie).toBeNull();
      expect(res.body, cookie).toContain('id="root"');
    }
    // a value that is no look at all counts as none: the defaults
    for (const cookie of ['bo_appearance=..%2F..%2Findex.light', 'bo_appearance=en.dark.html', 'bo_appearance=en.blue']) {
      expect(snapshotOf(await login(cookie)), cookie).toBe('zh_TW.light');
    }
    // other pages never carry it
    for (const url of ['/', '/dashboard', '/login/x']) expect(snapshotOf(await login('bo_appearance=en.dark', url)), url).toBeNull();
  });

  it('keeps envelope 404s for missing files and API paths', async () => {
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).code).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(body(api).code).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/dashboard' });
    expect(body(post).code).toBe(404);
  });

  it('never answers operational paths with the web app', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toMatch(/application\/json/);
    expect(body(ready)).toMatchObject({ success: true, data: { status: 'ok' } });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(body(health)).toMatchObject({ success: true, data: { status: 'ok' } });
    // no METRICS_TOKEN: /metrics does not exist, and is no page either
    for (const url of ['/metrics', '/metrics/', '/readyz/x', '/livez', '/health', '/ready', '/status', '/ping', '/.well-known/security']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(body(res).code, url).toBe(404);
    }
    // a page path that merely starts like one is still a page
    const page = await app.inject({ method: 'GET', url: '/readyzone' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('the API still works next to the web app', async () => {
    const token = await signinAs(app, 'admin001');
    expect(token.length).toBeGreaterThan(20);
  });
});
