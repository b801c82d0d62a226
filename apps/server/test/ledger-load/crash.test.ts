import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinorUnits } from '@agent-bo/shared';
import { createTestDatabase } from '../helpers.js';
import { TestPool } from '../test-pool.js';
import {
  ACCEPTABLE_REFUSALS,
  balances,
  compareBalances,
  compareWithLedger,
  ledgerCheck,
  ledgerRowsByKeyPrefix,
  loadTree,
  request,
  runId,
  runLoad,
  signin,
  sleep,
  startServer,
  stopServer,
  summary,
  survived,
  type Account,
  type KeyRecord,
  type LoadClient,
  type ServerProcess,
} from './harness.js';

/**
 * Issue 4 proof: the server process is SIGKILLed in the middle of a concurrent credit load and
 * restarted on the same database. Then the invariant check passes; every request the clients saw
 * succeed is exactly one ledger transaction; every refused one left nothing; a request that got
 * no answer is either wholly in (one transaction, entries summing to zero, both balances moved)
 * or wholly out — and resending it with its key after the restart answers accordingly (a replay
 * of the transaction that exists, or a first execution). Balances equal before + the ledger's
 * entries of the run. Bounded: a few seconds of load (250 commits, at most 8 s) before the kill.
 *
 * Twice: (1) the server process alone, on this file's clone of the suite's database (embedded or
 * CI's PostgreSQL), and (2) embedded mode with its own DATA_DIR, where the node process, the
 * postmaster and every backend are SIGKILLed at the same instant; the restart recovers the
 * cluster (WAL replay) and every acknowledged commit must still be there.
 */

const CLIENT_AGENTS = [
  'agentA01',
  'agentA02',
  'agentA03',
  'agentB01',
  'agentB02',
  'agentB03',
  'agentB04',
  'agentB05',
  'agentB06',
  'agentC01',
  'agentC02',
  'agentC03',
  'agentC04',
  'agentC05',
  'agentC06',
  'agentC07',
];

let url: string;
let drop: () => Promise<void>;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
});

afterAll(async () => {
  // SIGTERM: a live embedded server stops its cluster on the way out
  await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));
  await drop?.();
  for (const d of dataDirs) await rm(d, { recursive: true, force: true });
});

async function clients(port: number, tree: Map<number, Account>): Promise<LoadClient[]> {
  const byNo = new Map([...tree.values()].map((a) => [a.accountNo, a]));
  const out: LoadClient[] = [];
  for (let i = 0; i < CLIENT_AGENTS.length; i += 2) {
    const batch = CLIENT_AGENTS.slice(i, i + 2);
    const tokens = await Promise.all(batch.map((no) => signin(port, no)));
    batch.forEach((no, j) => {
      const me = byNo.get(no)!;
      out.push({
        accountNo: no,
        id: me.id,
        token: tokens[j]!,
        children: [...tree.values()].filter((a) => a.parentId === me.id),
        ports: [port],
      });
    });
  }
  return out;
}

/** Resends `rec` unchanged (same key, same body, same session) to `port`. */
function resend(port: number, rec: KeyRecord) {
  return request(port, 'POST', rec.request.url, {
    token: rec.request.token,
    body: rec.request.body,
    headers: rec.request.headers,
    timeoutMs: 15_000,
  });
}

interface CrashTarget {
  /** The database the checks read (reachable while the server is down only when external). */
  url: () => Promise<string>;
  start: () => Promise<ServerProcess>;
  /** Kills the server mid-load (SIGKILL). */
  kill: (server: ServerProcess) => Promise<void>;
}

async function crashAndProve(label: string, target: CrashTarget) {
  const first = await target.start();
  servers.push(first);
  let pool = new TestPool(await target.url());
  const tree = await loadTree(pool);
  const run = runId();
  const load = await clients(first.port, tree);
  const before = await balances(pool);

  const running = runLoad({
    run,
    clients: load,
    opsPerClient: 100_000,
    maxMs: 20_000,
    replayRate: 0.1,
    timeoutRetryRate: 0.05,
    conflictRate: 0.02,
    keyInBodyRate: 0.3,
    maxAmountMinor: 300_000,
    tolerateTransportErrors: true,
  });
  // kill once the load is well under way: 250 transactions committed (at most 8 s on a busy machine)
  const t0 = Date.now();
  while (Date.now() - t0 < 8000) {
    await sleep(50);
    const { rows } = await pool.query<{ n: string }>(`select count(*)::text as n from ledger_transactions where idempotency_key like $1`, [
      `${run}-%`,
    ]);
    if (Number(rows[0]!.n) >= 250) break;
  }
  await pool.close();
  await target.kill(first);
  const report = await running;
  console.info(`[ledger-crash ${label}] ${summary(report)}`);

  const ok = report.records.filter((r) => r.final === 'ok');
  const unknown = report.records.filter((r) => r.final === 'unknown');
  expect(ok.length).toBeGreaterThan(50);
  // every client was cut off by the kill (a transport error), not by the time bound
  expect(unknown.length).toBeGreaterThan(0);
  expect(report.counts.transportError).toBe(load.length);
  expect(report.problems.filter((p) => !/transport error|got error/.test(p))).toEqual([]);

  // restart on the same data
  const second = await target.start();
  servers.push(second);
  pool = new TestPool(await target.url());
  try {
    const rows = await ledgerRowsByKeyPrefix(pool, run);
    expect(compareWithLedger(report.records, rows)).toEqual([]);
    expect(compareBalances(before, await balances(pool), rows)).toEqual([]);
    const adminToken = await signin(second.port, 'admin001');
    const check = await ledgerCheck(second.port, adminToken);
    expect(check.data?.ok, JSON.stringify(check)).toBe(true);

    // the unanswered requests, resent with their keys: a replay of what is in, or a first execution
    let wereIn = 0;
    for (const rec of unknown) {
      const existing = rows.get(rec.key)?.[0];
      const reply = await resend(second.port, rec);
      expect(reply.kind, rec.key).toBe('answer');
      if (reply.kind !== 'answer') continue;
      if (existing) {
        expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
        expect(reply.body.data.replayed).toBe(true);
        expect(String(reply.body.data.transactionId)).toBe(existing.transactionId);
        wereIn++;
        rec.final = 'ok';
        rec.transactionId = existing.transactionId;
      } else if (reply.body.success) {
        expect(reply.body.data.replayed).toBe(false);
        expect(reply.body.data.amount).toBe(formatMinorUnits(rec.amountMinor));
        rec.final = 'ok';
        rec.transactionId = String(reply.body.data.transactionId);
      } else {
        expect(ACCEPTABLE_REFUSALS.has(reply.body.code), JSON.stringify(reply.body)).toBe(true);
        rec.final = 'refused';
        rec.code = reply.body.code;
      }
    }
    console.info(
      `[ledger-crash ${label}] ${unknown.length} unanswered at the kill: ${wereIn} were in (replayed after the restart), ${unknown.length - wereIn} were out`,
    );

    // now every key has a definite outcome: exactly once, or not at all
    const after = await ledgerRowsByKeyPrefix(pool, run);
    expect(report.records.every((r) => r.final !== 'unknown')).toBe(true);
    expect(compareWithLedger(report.records, after)).toEqual([]);
    expect(compareBalances(before, await balances(pool), after)).toEqual([]);
    const check2 = await ledgerCheck(second.port, adminToken);
    expect(check2.data?.ok, JSON.stringify(check2)).toBe(true);
    // only the first process was meant to die: the restarted one served everything since
    expect(survived(second)).toEqual([]);
  } finally {
    await pool.close();
  }
}

/** True while `pid` runs (a zombie counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Direct children of `pid` (PostgreSQL's backends and auxiliary processes of a postmaster). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe('ledger crash safety', () => {
  it('SIGKILL of the server process mid-load, restart on the same database: nothing lost, nothing half-done', async () => {
    await crashAndProve('server process', {
      url: async () => url,
      start: () => startServer({ DATABASE_URL: url }),
      kill: async (s) => {
        s.child.kill('SIGKILL');
        await s.exited;
      },
    });
  }, 120_000);

  it('embedded mode: SIGKILL of the server and of its whole PostgreSQL at once, restart on the same DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-crash-'));
    dataDirs.push(dataDir);
    const pgDir = path.join(dataDir, 'pg');
    const pidFile = () => readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    await crashAndProve('server + embedded PostgreSQL', {
      url: async () => {
        const cred = JSON.parse(readFileSync(path.join(dataDir, 'embedded-pg.json'), 'utf8')) as { user: string; password: string };
        const port = Number(pidFile()[3]);
        return `postgres://${encodeURIComponent(cred.user)}:${encodeURIComponent(cred.password)}@127.0.0.1:${port}/agent_bo`;
      },
      start: async () => {
        const restart = existsSync(path.join(pgDir, 'PG_VERSION'));
        const s = await startServer({ DATA_DIR: dataDir });
        // the restart really recovered a crashed cluster
        if (restart)
          expect(readFileSync(path.join(pgDir, 'postgres.log'), 'utf8')).toMatch(/not properly shut down|automatic recovery in progress/);
        return s;
      },
      kill: async (s) => {
        const postmaster = Number(pidFile()[0]);
        const group = [postmaster, ...childrenOf(postmaster)];
        // the whole server at one instant: node, the postmaster and every backend (a power cut, minus the OS cache)
        s.child.kill('SIGKILL');
        for (const pid of group) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        await s.exited;
        for (let i = 0; i < 100 && group.some(alive); i++) await sleep(50);
        expect(group.filter(alive)).toEqual([]);
      },
    });
  }, 150_000);
});
