import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTimeZone } from '@agent-bo/shared';
import { formatDateTime } from '../../src/lib/dates.js';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../server-process.js';
import { createTestDatabase, DEMO_CREDENTIALS } from '../helpers.js';
import { TestPool } from '../test-pool.js';
import { SseClient, texts } from './support.js';

/**
 * Two real server processes (`src/server.ts` through tsx) on one database: a broadcast saved
 * (and then deleted) through process A's content API reaches a stream held by process B, through PostgreSQL's NOTIFY and B's own
 * LISTEN connection — nothing in memory is shared. Then B is stopped with SIGTERM while the stream
 * is open: the stream ends and the process exits at once instead of waiting for it.
 */

let database: { url: string; drop: () => Promise<void> };
let pool: TestPool;
const servers: ServerProcess[] = [];
const clients: SseClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new TestPool(database.url);
  await pool.query(`delete from content_items where type = 'BROADCAST'`);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await stopServerProcesses(servers);
  await pool?.close();
  await database?.drop();
});

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess(database.url, { SHUTDOWN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '20000' });
  servers.push(server);
  return server;
}

const headers = (token?: string) => ({
  'content-type': 'application/json',
  'x-site-id': 'tw_web',
  ...(token && { authorization: `Bearer ${token}` }),
});

async function signin(server: ServerProcess): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/manage/signin`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify(DEMO_CREDENTIALS),
  });
  const json = (await res.json()) as { data: { token: string } };
  return json.data.token;
}

/** Saves a broadcast current for the next hour through the content API (admin001 holds ACTIVITY_WRITE). */
async function saveBroadcast(server: ServerProcess, token: string, text: string): Promise<number> {
  const at = (offsetMs: number) => formatDateTime(new Date(Date.now() + offsetMs), siteTimeZone('tw_web'));
  const res = await fetch(`http://127.0.0.1:${server.port}/api/manage/activity/save`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({
      type: 'BROADCAST',
      title: { zh_TW: `${text}（中文）`, en: text },
      startAt: at(-60_000),
      endAt: at(3_600_000),
      status: 'Published',
    }),
  });
  const json = (await res.json()) as { success: boolean; data: { id: number } };
  expect(json).toMatchObject({ success: true });
  return json.data.id;
}

async function deleteItems(server: ServerProcess, token: string, ids: number[]): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/manage/activity/delete`, {
    method: 'DELETE',
    headers: headers(token),
    body: JSON.stringify({ ids }),
  });
  expect(await res.json()).toMatchObject({ success: true });
}

async function stream(server: ServerProcess, token: string): Promise<SseClient> {
  const client = await SseClient.open(`http://127.0.0.1:${server.port}/api/manage/live/stream`, headers(token));
  clients.push(client);
  expect(client.response.status).toBe(200);
  return client;
}

describe('live stream across two server processes', () => {
  it('a broadcast saved, then deleted, through process A reaches a stream on process B within 2 s', { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([startServer(), startServer()]);
    const onB = await stream(b, await signin(b));
    const tokenA = await signin(a);
    const onA = await stream(a, tokenA);
    expect(await onB.nextBroadcasts()).toEqual([]);
    expect(await onA.nextBroadcasts()).toEqual([]);

    const saved = Date.now();
    const id = await saveBroadcast(a, tokenA, 'from process A');
    expect(texts(await onB.nextBroadcasts(2000))).toEqual(['from process A']);
    expect(Date.now() - saved).toBeLessThan(2000);
    expect(texts(await onA.nextBroadcasts(2000))).toEqual(['from process A']);

    await deleteItems(a, tokenA, [id]);
    expect(await onB.nextBroadcasts(2000)).toEqual([]);

    // SIGTERM with the stream open: B ends it (the client would reconnect elsewhere) and exits 0 without waiting.
    const signalled = Date.now();
    b.child.kill('SIGTERM');
    await onB.ended;
    expect((await b.exited).code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(b.output()).not.toMatch(/deadline of \d+ ms reached/);
  });
});
