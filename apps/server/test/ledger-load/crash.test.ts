import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinorUnits } from '@agent-bo/shared';
import { createTestDatabase } from '../helpers.js';
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
 * entries of the run. Bounded: about two seconds of load before the kill.
 */

const CLIENT_AGENTS = [
  'agentA01', 'agentA02', 'agentA03', 'agentB01', 'agentB02', 'agentB03', 'agentB04', 'agentB05',
  'agentB06', 'agentC01', 'agentC02', 'agentC03', 'agentC04', 'agentC05', 'agentC06', 'agentC07',
];

let url: string;
let drop: () => Promise<void>;
let pool: pg.Pool;
let tree: Map<number, Account>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  pool = new pg.Pool({ connectionString: url, max: 2 });
  tree = await loadTree(pool);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s, 'SIGKILL')));
  await pool?.end();
  await drop?.();
});

async function clients(port: number): Promise<LoadClient[]> {
  const byNo = new Map([...tree.values()].map((a) => [a.accountNo, a]));
  const out: LoadClient[] = [];
  for (let i = 0; i < CLIENT_AGENTS.length; i += 2) {
    const batch = CLIENT_AGENTS.slice(i, i + 2);
    const tokens = await Promise.all(batch.map((no) => signin(port, no)));
    batch.forEach((no, j) => {
      const me = byNo.get(no)!;
      out.push({ accountNo: no, id: me.id, token: tokens[j]!, children: [...tree.values()].filter((a) => a.parentId === me.id), ports: [port] });
    });
  }
  return out;
}

/** Resends `rec` unchanged (same key, same body, same session) to `port`. */
function resend(port: number, rec: KeyRecord) {
  return request(port, 'POST', rec.request.url, { token: rec.request.token, body: rec.request.body, headers: rec.request.headers, timeoutMs: 15_000 });
}

describe('ledger crash safety', () => {
  it('SIGKILL of the server mid-load, restart on the same database: nothing lost, nothing half-done', async () => {
    const first = await startServer({ DATABASE_URL: url });
    servers.push(first);
    const run = runId();
    const load = await clients(first.port);
    const before = await balances(pool);

    const running = runLoad({
      run,
      clients: load,
      opsPerClient: 100_000,
      maxMs: 10_000,
      replayRate: 0.1,
      timeoutRetryRate: 0.05,
      conflictRate: 0.02,
      keyInBodyRate: 0.3,
      maxAmountMinor: 300_000,
      tolerateTransportErrors: true,
    });
    // kill once the load is well under way (at least 300 keys sent, or 3 s)
    const t0 = Date.now();
    while (Date.now() - t0 < 3000) {
      await sleep(50);
      const { rows } = await pool.query<{ n: string }>(`select count(*)::text as n from ledger_transactions where idempotency_key like $1`, [`${run}-%`]);
      if (Number(rows[0]!.n) >= 300) break;
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const report = await running;
    console.info(`[ledger-crash] ${summary(report)}`);

    const ok = report.records.filter((r) => r.final === 'ok');
    const unknown = report.records.filter((r) => r.final === 'unknown');
    expect(ok.length).toBeGreaterThan(100);
    // every client was cut off by the kill (transport error), not by the time bound
    expect(unknown.length).toBeGreaterThan(0);
    expect(report.counts.transportError).toBe(load.length);
    expect(report.problems.filter((p) => !/transport error|got error/.test(p))).toEqual([]);

    // restart on the same database
    const second = await startServer({ DATABASE_URL: url });
    servers.push(second);

    const rows = await ledgerRowsByKeyPrefix(pool, run);
    expect(compareWithLedger(report.records, rows)).toEqual([]);
    expect(compareBalances(before, await balances(pool), rows)).toEqual([]);
    const adminToken = await signin(second.port, 'admin001');
    const check = await ledgerCheck(second.port, adminToken);
    expect(check.data?.ok, JSON.stringify(check)).toBe(true);

    // the unanswered requests, resent with their keys: a replay of what is in, or a first execution
    let replayedAfterCrash = 0;
    for (const rec of unknown) {
      const existing = rows.get(rec.key)?.[0];
      const reply = await resend(second.port, rec);
      expect(reply.kind, rec.key).toBe('answer');
      if (reply.kind !== 'answer') continue;
      if (existing) {
        expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
        expect(reply.body.data.replayed).toBe(true);
        expect(String(reply.body.data.transactionId)).toBe(existing.transactionId);
        replayedAfterCrash++;
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
    console.info(`[ledger-crash] ${unknown.length} unanswered at the kill: ${replayedAfterCrash} were in (replayed after restart), ${unknown.length - replayedAfterCrash} were out`);

    // and now every key has a definite outcome: exactly once / not at all
    const after = await ledgerRowsByKeyPrefix(pool, run);
    expect(compareWithLedger(report.records, after)).toEqual([]);
    expect(report.records.every((r) => r.final !== 'unknown')).toBe(true);
    expect(compareBalances(before, await balances(pool), after)).toEqual([]);
    const check2 = await ledgerCheck(second.port, adminToken);
    expect(check2.data?.ok, JSON.stringify(check2)).toBe(true);
  }, 120_000);
});
