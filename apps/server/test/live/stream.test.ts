import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, call, signinAs, useTestApp } from '../helpers.js';
import { insertBroadcasts, SseClient, texts } from './support.js';

/**
 * GET /api/manage/live/stream on a listening app (SSE needs a real socket; inject waits for the
 * end): the current broadcasts at connect, pushes after a committed NOTIFY of the caller's site
 * only, pushes at start/end boundaries, the session check of the heartbeat, and a LISTEN
 * connection that is killed and comes back.
 *
 * `localhost` is mapped to tw_mc for this app, so one listener serves two sites: 127.0.0.1 is
 * tw_web (shared SITES), localhost is tw_mc.
 */
const ctx = useTestApp({ siteHosts: { localhost: 'tw_mc' }, live: { heartbeatMs: 200, reconnectMinMs: 50, reconnectMaxMs: 200 } });

/** Injected requests of tw_web (inject's default host, localhost, is tw_mc here). */
const WEB = { site: 'tw_web', host: '127.0.0.1' };

let port: number;
let twToken: string;
let mcToken: string;
const open: SseClient[] = [];

beforeAll(async () => {
  // The demo seed's broadcasts would be part of every list: each test sets up its own.
  await ctx.database.pool.query(`delete from content_items where type = 'BROADCAST'`);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
  twToken = await signinAs(ctx.app, 'admin001', WEB);
  mcToken = await signinAs(ctx.app, 'admin001', { site: 'tw_mc', host: 'localhost' });
});

// Runs before the helper's app.close(): after an aborted fetch, node's fetch opens a spare
// connection that never sends a request, and server.close() would wait for it until the headers
// timeout (a minute). The streams themselves are closed by then.
afterAll(() => ctx.app.server.closeAllConnections());

afterEach(async () => {
  for (const client of open.splice(0)) client.close();
  await ctx.database.pool.query(`delete from content_items where type = 'BROADCAST'`);
});

async function connect(site: 'tw_web' | 'tw_mc' = 'tw_web', token = site === 'tw_web' ? twToken : mcToken): Promise<SseClient> {
  const host = site === 'tw_web' ? '127.0.0.1' : 'localhost';
  const client = await SseClient.open(`http://${host}:${port}/api/manage/live/stream`, {
    authorization: `Bearer ${token}`,
    'x-site-id': site,
  });
  open.push(client);
  return client;
}

describe('live stream', () => {
  it('answers an event stream with the current published broadcasts of the site, every locale, ISO instants', async () => {
    const [current, later] = await insertBroadcasts(ctx.database.pool, [
      { text: 'current', sort: 2 },
      { text: 'first by sort', sort: 1 },
      { text: 'draft', status: 'Draft' },
      { text: 'expired', startIn: -7200, endIn: -60 },
      { text: 'not yet', startIn: 3600, endIn: 7200 },
      { text: 'other site', site: 'tw_mc' },
    ]);
    const client = await connect();
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.response.headers.get('cache-control')).toMatch(/no-cache/);
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    // a hijacked reply skips onSend: the security headers and the request id are copied over
    expect(client.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(client.response.headers.get('x-request-id')).toBeTruthy();

    const list = await client.nextBroadcasts();
    expect(texts(list)).toEqual(['first by sort', 'current']);
    expect(list[1]).toEqual({
      id: current,
      text: { zh_TW: 'current（中文）', en: 'current', th: '', vi: '' },
      startAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      endAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sort: 2,
    });
    expect(list[0]!.id).toBe(later);
    expect(Date.parse(list[1]!.endAt) - Date.parse(list[1]!.startAt)).toBe(7_200_000);
  });

  it('refuses a request without a valid session with the 401 envelope', async () => {
    const res = await call(ctx.app, 'GET', '/api/manage/live/stream', undefined, WEB);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 401, data: null });
    const forged = await call(ctx.app, 'GET', '/api/manage/live/stream', undefined, { ...WEB, token: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(401);
  });

  it('is described in the OpenAPI document under `live`, with bearer security', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown; summary?: string; description?: string }>>;
    };
    const op = doc.paths['/api/manage/live/stream']?.get;
    expect(op?.tags).toEqual(['live']);
    expect(op?.security).toEqual([{ bearer: [] }]);
    expect(op?.description).toMatch(/text\/event-stream/);
  });

  it('sends the list again within 2 s of a committed change of the site, and not for another site’s change', async () => {
    const web = await connect('tw_web');
    const mc = await connect('tw_mc');
    expect(await web.nextBroadcasts()).toEqual([]);
    expect(await mc.nextBroadcasts()).toEqual([]);

    const saved = Date.now();
    await insertBroadcasts(ctx.database.pool, [{ text: 'breaking' }]);
    expect(texts(await web.nextBroadcasts(2000))).toEqual(['breaking']);
    expect(Date.now() - saved).toBeLessThan(2000);

    await insertBroadcasts(ctx.database.pool, [{ text: 'cabinet news', site: 'tw_mc' }]);
    expect(texts(await mc.nextBroadcasts(2000))).toEqual(['cabinet news']);
    await web.expectNone('broadcasts', 500);
  });

  it('does not push a change that was rolled back or drafted', async () => {
    const web = await connect();
    await web.nextBroadcasts();
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select pg_notify('content_changed', 'tw_web')`);
      await client.query('rollback');
    } finally {
      client.release();
    }
    await web.expectNone('broadcasts', 500);

    await insertBroadcasts(ctx.database.pool, [{ text: 'only a draft', status: 'Draft' }]);
    await web.expectNone('broadcasts', 500);
    await insertBroadcasts(ctx.database.pool, [{ text: 'published' }]);
    expect(texts(await web.nextBroadcasts(2000))).toEqual(['published']);
  });

  it('pushes at a broadcast’s start and again at its end, with no write in between', async () => {
    const web = await connect();
    await web.nextBroadcasts();
    await insertBroadcasts(ctx.database.pool, [
      { text: 'soon', startIn: 1, endIn: 2 },
      { text: 'steady', startIn: -60, endIn: 3600 },
    ]);
    expect(texts(await web.nextBroadcasts(2000))).toEqual(['steady']);
    expect(texts(await web.nextBroadcasts(3000))).toEqual(['soon', 'steady']);
    expect(texts(await web.nextBroadcasts(3000))).toEqual(['steady']);
  });

  it('keeps the stream alive with heartbeat comments and ends it with `end` once the session is revoked', async () => {
    const token = await signinAs(ctx.app, 'admin001', WEB);
    const web = await connect('tw_web', token);
    await web.nextBroadcasts();
    await new Promise((r) => setTimeout(r, 500));
    expect(web.comments).toBeGreaterThanOrEqual(1);
    expect(web.isEnded).toBe(false);

    const out = await call(ctx.app, 'POST', '/api/manage/signout', {}, { ...WEB, token });
    expect(out.statusCode).toBe(200);
    expect(JSON.parse((await web.next('end', 2000)).data)).toEqual({ reason: 'session' });
    await web.ended;
  });

  it('survives its LISTEN connection being killed: it reconnects and reads every site again', async () => {
    const web = await connect();
    await web.nextBroadcasts();
    const { rowCount } = await ctx.database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'agent-bo-live' and datname = current_database()`,
    );
    expect(rowCount).toBe(1);
    // Written while nothing listened: no NOTIFY reaches this process, the re-read after reconnecting does.
    await insertBroadcasts(ctx.database.pool, [{ text: 'while away' }], { notify: false });
    expect(texts(await web.nextBroadcasts(3000))).toEqual(['while away']);

    await insertBroadcasts(ctx.database.pool, [{ text: 'after' }]);
    expect(texts(await web.nextBroadcasts(2000)).sort()).toEqual(['after', 'while away']);
  });
});
