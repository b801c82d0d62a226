import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../server-process.js';
import { createTestDatabase, DEMO_CREDENTIALS } from '../helpers.js';

/**
 * SIGTERM on the real server process (`src/server.ts` through tsx, on this file's database
 * clone): readiness turns 503 at once, the listener closes after SHUTDOWN_DELAY_MS, an in-flight
 * request still completes, and the process exits 0; or, when the request outlives
 * SHUTDOWN_TIMEOUT_MS, it is cut and the process exits 1 at the deadline. The in-flight request
 * is a credit move held on a row lock this test takes, so it is in flight for as long as the test
 * wants, whatever the machine's speed.
 */

let database: { url: string; drop: () => Promise<void> };
let locker: pg.Client;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  locker = new pg.Client({ connectionString: database.url });
  await locker.connect();
});

afterEach(async () => {
  await locker.query('rollback').catch(() => undefined);
});

afterAll(async () => {
  await stopServerProcesses(servers);
  await locker?.end();
  await database?.drop();
});

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(database.url, env);
  servers.push(server);
  return server;
}

async function signin(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/manage/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-id': 'tw_web' },
    body: JSON.stringify(DEMO_CREDENTIALS),
  });
  const json = (await res.json()) as { data: { token: string } };
  return json.data.token;
}

async function accountId(accountNo: string): Promise<number> {
  const { rows } = await locker.query<{ id: number }>(`select id from accounts where site_id = 'tw_web' and account_no = $1`, [accountNo]);
  return rows[0]!.id;
}

/**
 * Starts a recharge of agentA01 that waits on the row lock this test holds; resolves once it
 * waits, with its answer to come (wrapped: an async function returning a promise would wait for it).
 */
async function inFlightRecharge(port: number, key: string) {
  const token = await signin(port);
  const target = await accountId('agentA01');
  await locker.query('begin');
  await locker.query('select id from accounts where id = $1 for update', [target]);
  const answer = fetch(`http://127.0.0.1:${port}/api/manage/agent/recharge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-id': 'tw_web', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify({ id: target, amount: '1.00' }),
  }).then(
    async (res) => ({ status: res.status, json: (await res.json()) as { success: boolean } }),
    (err: unknown) => ({ error: err }),
  );
  for (let i = 0; ; i++) {
    // inside the locking transaction: drop the statistics snapshot, or every poll reads the first one
    await locker.query('select pg_stat_clear_snapshot()');
    const { rows } = await locker.query(
      `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) break;
    if (i > 400) throw new Error('the recharge never waited on the lock');
    await new Promise((r) => setTimeout(r, 25));
  }
  return { answer };
}

async function get(port: number, url: string): Promise<{ status: number; json: { data: { status?: string } | null } } | 'refused'> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`);
    return { status: res.status, json: (await res.json()) as { data: { status?: string } | null } };
  } catch {
    return 'refused';
  }
}

describe('graceful shutdown', () => {
  it(
    'turns /readyz to 503 at SIGTERM, stops accepting after the delay, finishes the in-flight request, exits 0',
    { timeout: 120_000 },
    async () => {
      const server = await startServer({ SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_TIMEOUT_MS: '20000' });
      expect(await get(server.port, '/readyz')).toMatchObject({ status: 200, json: { data: { status: 'ok' } } });
      const { answer: recharge } = await inFlightRecharge(server.port, `shutdown-ok-${process.pid}`);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // draining: not ready, still alive, still accepting during the delay
      let ready = await get(server.port, '/readyz');
      for (let i = 0; i < 100 && ready !== 'refused' && ready.status === 200; i++) {
        await new Promise((r) => setTimeout(r, 10));
        ready = await get(server.port, '/readyz');
      }
      expect(ready).toMatchObject({ status: 503, json: { data: { status: 'draining' } } });
      // then the listener closes while the request is still held
      let probe = await get(server.port, '/healthz');
      for (let i = 0; i < 400 && probe !== 'refused'; i++) {
        await new Promise((r) => setTimeout(r, 25));
        probe = await get(server.port, '/healthz');
      }
      expect(probe).toBe('refused');
      expect(server.child.exitCode).toBeNull();

      await locker.query('rollback');
      expect(await recharge).toMatchObject({ status: 200, json: { success: true } });
      const { code, at } = await server.exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(20_000);
      expect(server.output()).toMatch(/shutting down: draining/);
      expect(server.output()).toMatch(/"msg":"stopped"/);
    },
  );

  it('cuts a request that outlives SHUTDOWN_TIMEOUT_MS and exits 1 at the deadline', { timeout: 120_000 }, async () => {
    const key = `shutdown-cut-${process.pid}`;
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const { answer: recharge } = await inFlightRecharge(server.port, key);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1400);
    expect(at - signalled).toBeLessThan(10_000);
    expect(server.output()).toMatch(/deadline of 1500 ms reached/);
    expect(await recharge).toHaveProperty('error');
  });
});
