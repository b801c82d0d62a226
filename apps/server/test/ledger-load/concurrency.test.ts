import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers.js';
import { TestPool } from '../test-pool.js';
import {
  balances,
  cashLogByMemo,
  compareBalances,
  compareWithCashLog,
  compareWithLedger,
  ledgerCheck,
  ledgerRowsByKeyPrefix,
  loadTree,
  runId,
  runLoad,
  signin,
  startServer,
  stopServer,
  summary,
  survived,
  type Account,
  type LoadClient,
  type ServerProcess,
} from './harness.js';

/**
 * Issue 4 proof: many concurrent clients over real HTTP move credit with their direct children
 * across the demo tree, with replayed and timed-out-then-resent idempotency keys and reused keys
 * with another body mixed in — on one server process, then on two processes sharing the
 * database (the clients and every replay alternate between them). Afterwards the server's
 * invariant check passes, every accepted key is exactly one ledger transaction (its answer's id
 * and amount, entries summing to zero between payer and payee), no refused key left a row,
 * every balance equals its value before plus the run's ledger entries (no lost update), and the
 * cash log (the log page's CSV export, as the admin) shows each accepted request once — its two
 * entries under the answered transaction id — and no refused one.
 *
 * The servers run `src/server.ts` as child processes with DATABASE_URL on this file's clone of
 * the suite's demo-seeded template, so this runs on the embedded PostgreSQL and on CI's.
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
  'agentC08',
  'agentC09',
  'agentC10',
  'agentC11',
  'agentC12',
  'agentD01',
  'agentD02',
  'agentD03',
];

let url: string;
let drop: () => Promise<void>;
let pool: TestPool;
let tree: Map<number, Account>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  pool = new TestPool(url);
  tree = await loadTree(pool);
  servers.push(await startServer({ DATABASE_URL: url }));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s)));
  await pool?.close();
  await drop?.();
});

async function clientsOn(ports: number[]): Promise<LoadClient[]> {
  const byNo = new Map([...tree.values()].map((a) => [a.accountNo, a]));
  const clients: LoadClient[] = [];
  // sign in two at a time (argon2 on two cores), each client on its own process
  for (let i = 0; i < CLIENT_AGENTS.length; i += 2) {
    const batch = CLIENT_AGENTS.slice(i, i + 2);
    const tokens = await Promise.all(batch.map((no, j) => signin(ports[(i + j) % ports.length]!, no)));
    batch.forEach((no, j) => {
      const me = byNo.get(no)!;
      const children = [...tree.values()].filter((a) => a.parentId === me.id);
      // first port = where it signed in; the rest after it: requests alternate over all
      const first = (i + j) % ports.length;
      clients.push({ accountNo: no, id: me.id, token: tokens[j]!, children, ports: [...ports.slice(first), ...ports.slice(0, first)] });
    });
  }
  return clients;
}

async function proveRun(ports: number[]) {
  const run = runId();
  const clients = await clientsOn(ports);
  const before = await balances(pool);

  const report = await runLoad({
    run,
    clients,
    opsPerClient: 30,
    maxMs: 20_000,
    replayRate: 0.15,
    timeoutRetryRate: 0.08,
    conflictRate: 0.05,
    keyInBodyRate: 0.3,
    maxAmountMinor: 300_000,
  });
  console.info(`[ledger-load ${ports.length} process(es)] ${summary(report)}`);

  expect(report.problems).toEqual([]);
  const ok = report.records.filter((r) => r.final === 'ok');
  const refused = report.records.filter((r) => r.final === 'refused');
  expect(report.records.filter((r) => r.final === 'unknown')).toEqual([]);
  // the load really was concurrent and mixed: plenty accepted, some refused, replays and retries exercised
  expect(ok.length).toBeGreaterThan(report.records.length / 2);
  expect(refused.length).toBeGreaterThan(0);
  expect(report.counts.replay ?? 0).toBeGreaterThan(20);
  expect(report.counts.timeoutRetry ?? 0).toBeGreaterThan(20);
  expect(report.counts.conflict ?? 0).toBeGreaterThan(5);

  const rows = await ledgerRowsByKeyPrefix(pool, run);
  expect(compareWithLedger(report.records, rows)).toEqual([]);
  expect(rows.size).toBe(ok.length);
  expect(compareBalances(before, await balances(pool), rows)).toEqual([]);

  const adminToken = await signin(ports[0]!, 'admin001');
  const check = await ledgerCheck(ports[ports.length - 1]!, adminToken);
  expect(check.success).toBe(true);
  expect(check.data.ok, JSON.stringify(check.data)).toBe(true);

  // what the log page shows: each accepted request once in the cash log (two entries), refused ones never
  expect(compareWithCashLog(report.records, await cashLogByMemo(ports[0]!, adminToken))).toEqual([]);

  // every process served the whole run: none crashed or was replaced
  for (const s of servers) expect(survived(s)).toEqual([]);
}

describe('ledger under concurrent HTTP load', () => {
  it('one server process: 24 clients, replays, timeouts and resends, reused keys', async () => {
    await proveRun([servers[0]!.port]);
  }, 90_000);

  it('two server processes sharing the database: clients and replays spread over both', async () => {
    servers.push(await startServer({ DATABASE_URL: url }));
    await proveRun([servers[0]!.port, servers[1]!.port]);
  }, 120_000);
});
