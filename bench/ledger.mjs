#!/usr/bin/env node
/**
 * Ledger benchmark (issue 4): transfers per second and p50/p99 latency through the HTTP API for
 * (a) one hot pair (an agent and its player, alternating recharge/withdraw) and (b) transfers
 * spread over a large tree (random agent ↔ one of its players among ~1,600 bench accounts),
 * on the embedded PostgreSQL and on an external one; then, in the same database, the raw-SQL
 * ceiling (insert the transaction row, two UPDATEs in id order, insert both entries, READ
 * COMMITTED, through `pg` with a pool) for the same two shapes, and the HTTP/raw ratio.
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/server
 *   node bench/ledger.mjs [--db=embedded,external] [--duration=10] [--warmup=2] [--connections=16]
 *                         [--agents=100] [--players=15] [--raw-pool=10]
 *                         [--external-url=postgres://postgres@127.0.0.1:5432/test] [--json=out.json]
 *                         [--server-node-args=--cpu-prof,--cpu-prof-dir=/tmp/prof]
 *                         [--rounds=1] [--variants='LEDGER_BATCH_IN_FLIGHT=1;LEDGER_BATCH_IN_FLIGHT=2']
 *
 * `--rounds=N` repeats the HTTP cases and the raw ceiling N times, alternating, so every HTTP
 * figure has its ceiling measured next to it. `--variants` (separated by `;`, each a comma list
 * of KEY=VALUE server settings) runs one server per variant on the same database — the first
 * owns it, the others connect with DATABASE_URL — and each round measures the HTTP cases on every
 * variant in turn, then the raw ceiling: a before/after of a setting under the same load.
 *
 * Everything runs on 127.0.0.1. The external run creates its own database bench_ledger_<pid>
 * and drops it at the end; the embedded run uses a temporary DATA_DIR, removed at the end.
 * The server is the production build (apps/server/dist/server.js) with LOG_LEVEL=warn and the
 * rate limit off (RATE_LIMIT_MAX=0); the client is this process (node:http, keep-alive, one
 * socket per connection, a fresh idempotency key per request).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, root, serverDist, startServer as startServerWith } from '../scripts/lib/server.mjs';

const requireFromServer = (await import('node:module')).createRequire(path.join(root, 'apps', 'server', 'package.json'));
const pg = requireFromServer('pg');

// ------------------------------------------------------------------------------------------
// options

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`bad argument ${a}`);
    return [m[1], m[2] ?? 'true'];
  }),
);
const opt = {
  dbs: (args.db ?? 'embedded,external').split(',').filter(Boolean),
  duration: Number(args.duration ?? 10),
  warmup: Number(args.warmup ?? 2),
  connections: Number(args.connections ?? 16),
  agents: Number(args.agents ?? 100),
  players: Number(args.players ?? 15),
  rawPool: Number(args['raw-pool'] ?? 10),
  externalUrl: args['external-url'] ?? 'postgres://postgres@127.0.0.1:5432/test',
  json: args.json,
  /** Extra node flags for the server process, comma separated (e.g. --cpu-prof,--cpu-prof-dir=/tmp/prof). */
  serverNodeArgs: (args['server-node-args'] ?? '').split(',').filter(Boolean),
  rounds: Number(args.rounds ?? 1),
  /** Server settings per variant: [{}] (one server as configured) unless --variants is given. */
  variants: (args.variants ?? '').split(';').map((v) =>
    Object.fromEntries(
      v
        .split(',')
        .filter(Boolean)
        .map((kv) => kv.split('=')),
    ),
  ),
};
if (!(opt.rounds >= 1 && opt.rounds <= 20)) throw new Error('--rounds must be 1..20');
if (!(opt.duration > 0 && opt.duration <= 120)) throw new Error('--duration must be 1..120 s');
if (!(opt.connections > 0 && opt.connections <= 256)) throw new Error('--connections must be 1..256');
if (!(opt.agents > 0 && opt.agents <= 1000 && opt.players > 0 && opt.players <= 100)) throw new Error('--agents 1..1000, --players 1..100');

const log = (...a) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------
// HTTP client

function post(agent, port, url, { token, body, key, timeoutMs = 30_000, method = 'POST' }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { 'x-site-id': 'tw_web' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    if (key) headers['idempotency-key'] = key;
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (err) {
          resolve({ status: res.statusCode, error: String(err) });
        }
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, error: err.message }));
    req.end(payload);
  });
}

const oneShot = new http.Agent({ keepAlive: true, maxSockets: 16 });

async function signin(port, accountNo) {
  const r = await post(oneShot, port, '/api/manage/signin', { body: { accountNo, password: 'Demo1234' } });
  if (!r.body?.success) throw new Error(`sign-in ${accountNo}: ${JSON.stringify(r)}`);
  return r.body.data.token;
}

const minorToString = (n) => `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`;
let keySeq = 0;
const runTag = `bn${process.pid}${randomBytes(2).toString('hex')}`;
const newKey = () => `${runTag}-${++keySeq}`;

async function credit(agent, port, token, childKind, op, childId, amountMinor) {
  const url = `/api/manage/${childKind === 'AGENT' ? 'agent' : 'player'}/${op}`;
  return post(agent, port, url, { token, body: { id: childId, amount: minorToString(amountMinor) }, key: newKey() });
}

/** Runs `items` through `fn` with `limit` in flight. */
async function pool(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

// ------------------------------------------------------------------------------------------
// measurement

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * `connections` workers call `once(worker, i)` back to back for warmup + duration seconds; only
 * calls that start and end inside the measured window count. `once` returns 'ok', a refusal
 * code, or 'error'.
 */
async function measure(name, connections, once) {
  const lat = [];
  const outcomes = {};
  let measuring = false;
  let stop = false;
  const workers = Array.from({ length: connections }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      const t0 = process.hrtime.bigint();
      const wasMeasuring = measuring;
      const outcome = await once(w, i);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (wasMeasuring && measuring) {
        lat.push(ms);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }
  });
  await sleep(opt.warmup * 1000);
  measuring = true;
  const start = process.hrtime.bigint();
  await sleep(opt.duration * 1000);
  measuring = false;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  stop = true;
  await Promise.all(workers);
  lat.sort((a, b) => a - b);
  const ok = outcomes.ok ?? 0;
  const result = {
    name,
    connections,
    seconds: Number(seconds.toFixed(2)),
    transfersPerSecond: Math.round(ok / seconds),
    requestsPerSecond: Math.round(lat.length / seconds),
    p50ms: Number(percentile(lat, 50).toFixed(2)),
    p99ms: Number(percentile(lat, 99).toFixed(2)),
    maxms: Number((lat[lat.length - 1] ?? NaN).toFixed(2)),
    outcomes,
  };
  log(JSON.stringify(result));
  return result;
}

// ------------------------------------------------------------------------------------------
// servers and databases

/** The production build on `env` (scripts/lib/server.mjs), with this run's --server-node-args. */
const startServer = (env) => startServerWith(env, opt.serverNodeArgs);

/** The server's process CPU time (user+sys, seconds) from /proc, to see who uses the cores. */
async function cpuSeconds(pid) {
  try {
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return (Number(stat[11]) + Number(stat[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Busy and total jiffies of the whole machine (/proc/stat), to see how much of it the run had. */
async function machineJiffies() {
  const f = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** PostgreSQL backends connected to our database (the server's pool, the raw pool). */
let backendPids = async () => [];

/**
 * CPU shares (in cores) over `fn`: the whole machine, the server process, this client process,
 * the PostgreSQL backends of our database, and the rest (other backends, PostgreSQL's own
 * background processes, anything else running on the machine).
 */
async function withCpu(serverPid, fn) {
  const m0 = await machineJiffies();
  const s0 = await cpuSeconds(serverPid);
  const pidsBefore = await backendPids();
  const p0 = new Map();
  for (const pid of pidsBefore) p0.set(pid, await cpuSeconds(pid));
  const c0 = process.cpuUsage();
  const t0 = Date.now();
  const result = await fn();
  const wall = (Date.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const m1 = await machineJiffies();
  const cores = os.cpus().length;
  const machine = ((m1.busy - m0.busy) / (m1.total - m0.total)) * cores;
  const server = ((await cpuSeconds(serverPid)) - s0) / wall;
  const client = (c.user + c.system) / 1e6 / wall;
  let pgSeconds = 0;
  for (const pid of await backendPids()) {
    const now = await cpuSeconds(pid);
    if (!Number.isNaN(now)) pgSeconds += now - (p0.get(pid) ?? 0);
  }
  const pgCores = pgSeconds / wall;
  const cpu = {
    machineBusyCores: round2(machine),
    serverCores: round2(server),
    clientCores: round2(client),
    pgBackendCores: round2(pgCores),
    restCores: round2(machine - server - client - pgCores),
  };
  return { result, cpu };
}
const round2 = (n) => Number(n.toFixed(2));

async function dbSettings(client) {
  const { rows } = await client.query(
    `select name, setting from pg_settings where name in ('server_version','fsync','synchronous_commit','shared_buffers','max_connections','wal_level') order by name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}

// ------------------------------------------------------------------------------------------
// the bench tree (SQL bulk, balances funded through the ledger)

async function addBenchTree(client) {
  const { rows: existing } = await client.query(
    `select count(*)::int as n from accounts where site_id = 'tw_web' and account_no like 'bkag%'`,
  );
  if (existing[0].n > 0) throw new Error('bench accounts already exist');
  // agents under agentA01, shaped like its child agentB01 (permissions, providers, bet limits), ratio 0
  await client.query(
    `insert into accounts (site_id, kind, parent_id, lvl, path, account_no, nick_name, password_hash, balance, ratio, permissions, providers, bet_limits, verify_status, created_by)
     select p.site_id, 'AGENT', p.id, p.lvl + 1, p.path || p.id, 'bkag' || lpad(g::text, 4, '0'), 'Bench ' || g, p.password_hash, 0, 0,
            t.permissions, t.providers, t.bet_limits, 'VERIFIED', p.id
       from generate_series(1, $1::int) g
       join accounts p on p.site_id = 'tw_web' and p.account_no = 'agentA01'
       join accounts t on t.site_id = 'tw_web' and t.account_no = 'agentB01'`,
    [opt.agents],
  );
  await client.query(
    `insert into accounts (site_id, kind, parent_id, lvl, path, account_no, nick_name, password_hash, balance, ratio, permissions, providers, bet_limits, verify_status, created_by)
     select a.site_id, 'PLAYER', a.id, a.lvl + 1, a.path || a.id, a.account_no || 'p' || lpad(g::text, 3, '0'), 'Bench player', a.password_hash, 0, 0,
            '{}', a.providers, a.bet_limits, 'VERIFIED', a.id
       from accounts a cross join generate_series(1, $1::int) g
      where a.site_id = 'tw_web' and a.account_no like 'bkag%' and a.kind = 'AGENT'`,
    [opt.players],
  );
  const { rows } = await client.query(
    `select a.id, a.account_no, a.kind, a.parent_id from accounts a where a.site_id = 'tw_web' and a.account_no like 'bkag%' order by a.id`,
  );
  const agents = rows.filter((r) => r.kind === 'AGENT').map((a) => ({ id: a.id, accountNo: a.account_no, players: [] }));
  const byId = new Map(agents.map((a) => [a.id, a]));
  for (const r of rows) if (r.kind === 'PLAYER') byId.get(r.parent_id).players.push(r.id);
  const { rows: a01 } = await client.query(`select id from accounts where site_id = 'tw_web' and account_no = 'agentA01'`);
  return { agents, a01: a01[0].id };
}

async function fund(port, tree) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const adminToken = await signin(port, 'admin001');
  const a01Token = await signin(port, 'agentA01');
  const perAgent = 200_000_00; // 200,000.00 each
  const perPlayer = 1_000_00; // 1,000.00 each
  const check = (r, what) => {
    if (!r.body?.success) throw new Error(`${what}: ${JSON.stringify(r.body ?? r)}`);
  };
  check(await credit(agent, port, adminToken, 'AGENT', 'recharge', tree.a01, perAgent * tree.agents.length + 1_000_00), 'admin → agentA01');
  await pool(tree.agents, 8, async (a) =>
    check(await credit(agent, port, a01Token, 'AGENT', 'recharge', a.id, perAgent), `agentA01 → ${a.accountNo}`),
  );
  log(`signing in ${tree.agents.length} bench agents`);
  await pool(tree.agents, 2, async (a) => {
    a.token = await signin(port, a.accountNo);
  });
  const pairs = tree.agents.flatMap((a) => a.players.map((p) => ({ a, p })));
  await pool(pairs, 16, async ({ a, p }) =>
    check(await credit(agent, port, a.token, 'PLAYER', 'recharge', p, perPlayer), `${a.accountNo} → ${p}`),
  );
  agent.destroy();
  return { adminToken, pairs };
}

// ------------------------------------------------------------------------------------------
// HTTP cases

const outcomeOf = (r) => (r.body?.success ? 'ok' : r.body ? `refused${r.body.code}` : `error:${r.error ?? r.status}`);

async function httpCases(port, serverPid, tree, pairs) {
  const agents = Array.from({ length: opt.connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const hot = tree.agents[0];
  const hotPlayer = hot.players[0];
  const hotCase = await withCpu(serverPid, () =>
    measure('http hot pair', opt.connections, async (w, i) =>
      outcomeOf(await credit(agents[w], port, hot.token, 'PLAYER', i % 2 === 0 ? 'recharge' : 'withdraw', hotPlayer, 100)),
    ),
  );
  const randomCase = await withCpu(serverPid, () =>
    measure('http random tree', opt.connections, async (w) => {
      const { a, p } = pairs[Math.floor(Math.random() * pairs.length)];
      const op = Math.random() < 0.5 ? 'recharge' : 'withdraw';
      return outcomeOf(await credit(agents[w], port, a.token, 'PLAYER', op, p, 1 + Math.floor(Math.random() * 500)));
    }),
  );
  for (const a of agents) a.destroy();
  return { hot: { ...hotCase.result, cpu: hotCase.cpu }, random: { ...randomCase.result, cpu: randomCase.cpu } };
}

// ------------------------------------------------------------------------------------------
// raw-SQL ceiling

async function rawCases(url, accountCount, serverPid) {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`
    drop table if exists bench_raw_entries, bench_raw_transactions, bench_raw_accounts;
    create table bench_raw_accounts (id int primary key, balance bigint not null check (balance >= 0));
    create table bench_raw_transactions (id bigserial primary key, idempotency_key text not null unique, created_at timestamptz not null default now());
    create table bench_raw_entries (id bigserial primary key, transaction_id bigint not null references bench_raw_transactions(id),
      account_id int not null references bench_raw_accounts(id), amount bigint not null, balance_after bigint not null,
      created_at timestamptz not null default now());
    create index on bench_raw_entries (account_id, created_at);
    create index on bench_raw_entries (transaction_id);
    insert into bench_raw_accounts select g, 100000000 from generate_series(1, ${accountCount}) g;`);
  await setup.end();

  const rawPool = new pg.Pool({ connectionString: url, max: opt.rawPool });
  await Promise.all(Array.from({ length: opt.rawPool }, async () => (await rawPool.connect()).release()));
  let seq = 0;
  async function transfer(from, to, amount) {
    const c = await rawPool.connect();
    try {
      await c.query('begin'); // READ COMMITTED (the default)
      const t = await c.query('insert into bench_raw_transactions (idempotency_key) values ($1) returning id', [`raw-${++seq}`]);
      const after = {};
      for (const [id, delta] of [
        [from, -amount],
        [to, amount],
      ].sort((x, y) => x[0] - y[0])) {
        const u = await c.query(
          'update bench_raw_accounts set balance = balance + $2 where id = $1 and balance + $2 >= 0 returning balance',
          [id, delta],
        );
        if (u.rowCount !== 1) throw new Error('insufficient');
        after[id] = u.rows[0].balance;
      }
      await c.query(
        'insert into bench_raw_entries (transaction_id, account_id, amount, balance_after) values ($1, $2, $3, $4), ($1, $5, $6, $7)',
        [t.rows[0].id, from, -amount, after[from], to, amount, after[to]],
      );
      await c.query('commit');
      return 'ok';
    } catch (err) {
      await c.query('rollback').catch(() => undefined);
      return `error:${err.message}`;
    } finally {
      c.release();
    }
  }
  const hot = await withCpu(serverPid, () =>
    measure('raw sql hot pair', opt.connections, (_w, i) => (i % 2 === 0 ? transfer(1, 2, 100) : transfer(2, 1, 100))),
  );
  const random = await withCpu(serverPid, () =>
    measure('raw sql random', opt.connections, () => {
      const a = 1 + Math.floor(Math.random() * accountCount);
      let b = 1 + Math.floor(Math.random() * (accountCount - 1));
      if (b >= a) b++;
      return transfer(a, b, 1 + Math.floor(Math.random() * 500));
    }),
  );
  await rawPool.end();
  const cleanup = new pg.Client({ connectionString: url });
  await cleanup.connect();
  await cleanup.query('drop table if exists bench_raw_entries, bench_raw_transactions, bench_raw_accounts');
  await cleanup.end();
  return { hot: { ...hot.result, cpu: hot.cpu }, random: { ...random.result, cpu: random.cpu } };
}

// ------------------------------------------------------------------------------------------
// one database

let extraServers = [];

async function benchDatabase(kind) {
  let server;
  let dataDir;
  let dbUrl;
  let dropDb;
  try {
    if (kind === 'embedded') {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-bench-'));
      const pgPort = await freePort();
      log(`embedded: starting the server (initdb, migrations, demo seed) in ${dataDir}`);
      server = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ...opt.variants[0] });
      const cred = JSON.parse(await readFile(path.join(dataDir, 'embedded-pg.json'), 'utf8'));
      dbUrl = `postgres://${encodeURIComponent(cred.user)}:${encodeURIComponent(cred.password)}@127.0.0.1:${pgPort}/agent_bo`;
    } else {
      const name = `bench_ledger_${process.pid}`;
      const admin = new pg.Client({ connectionString: opt.externalUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(opt.externalUrl);
      u.pathname = `/${name}`;
      dbUrl = u.toString();
      dropDb = async () => {
        const c = new pg.Client({ connectionString: opt.externalUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
      log(`external: migrating and demo-seeding ${name}`);
      const { createDatabase } = await import(pathToFileURL(path.join(serverDist, 'db', 'client.js')).href);
      const { runMigrations } = await import(pathToFileURL(path.join(serverDist, 'db', 'migrate.js')).href);
      const { seedDemo } = await import(pathToFileURL(path.join(serverDist, 'db', 'seed', 'demo.js')).href);
      const database = createDatabase(dbUrl, { max: 2 });
      await runMigrations(database.pool);
      await seedDemo(database.db);
      await database.close();
      server = await startServer({ DATABASE_URL: dbUrl, HANDOFF_KEY: randomBytes(32).toString('hex'), ...opt.variants[0] });
    }

    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const settings = await dbSettings(client);
    backendPids = async () =>
      (await client.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows.map(
        (r) => r.pid,
      );
    const tree = await addBenchTree(client);
    const { rows: cnt } = await client.query(`select count(*)::int as n from accounts where site_id = 'tw_web'`);
    log(
      `${kind}: ${cnt[0].n} accounts on tw_web (${tree.agents.length} bench agents × ${opt.players} players added); funding through the API`,
    );
    const { adminToken, pairs } = await fund(server.port, tree);

    // The other variants: servers of their own on the same database.
    const servers = [server];
    for (const variant of opt.variants.slice(1)) {
      log(`${kind}: starting a server with ${JSON.stringify(variant)}`);
      servers.push(await startServer({ DATABASE_URL: dbUrl, HANDOFF_KEY: randomBytes(32).toString('hex'), ...variant }));
    }
    extraServers = servers.slice(1);

    const loadavg = os.loadavg().map(round2);
    const rounds = [];
    for (let round = 1; round <= opt.rounds; round++) {
      const variants = [];
      for (const [i, s] of servers.entries()) {
        log(`${kind}: round ${round}, variant ${JSON.stringify(opt.variants[i])}`);
        variants.push({
          settings: opt.variants[i],
          loadavgBefore: os.loadavg().map(round2),
          http: await httpCases(s.port, s.pid, tree, pairs),
        });
      }
      // raw ceiling on the same PostgreSQL; the servers stay up, idle
      const raw = await rawCases(dbUrl, tree.agents.length * (1 + opt.players), server.pid);
      for (const v of variants)
        v.ratio = {
          hot: Number((v.http.hot.transfersPerSecond / raw.hot.transfersPerSecond).toFixed(2)),
          random: Number((v.http.random.transfersPerSecond / raw.random.transfersPerSecond).toFixed(2)),
        };
      rounds.push({ round, variants, raw });
    }
    const httpResult = rounds[0].variants[0].http;
    const raw = rounds[0].raw;

    const check = await post(false, server.port, '/api/manage/ledger/check', { method: 'GET', token: adminToken, timeoutMs: 120_000 });
    const checkOk = check.body?.data?.ok === true;
    log(`${kind}: ledger/check ok = ${checkOk}`);
    if (!checkOk) log(JSON.stringify(check.body).slice(0, 2000));
    const { rows: sizes } = await client.query(
      `select (select count(*) from ledger_transactions)::int as tx, (select count(*) from ledger_entries)::int as entries`,
    );
    await client.end();
    backendPids = async () => [];
    return {
      database: kind,
      settings,
      http: httpResult,
      raw,
      ratio: {
        hot: Number((httpResult.hot.transfersPerSecond / raw.hot.transfersPerSecond).toFixed(2)),
        random: Number((httpResult.random.transfersPerSecond / raw.random.transfersPerSecond).toFixed(2)),
      },
      loadavgBefore: loadavg,
      rounds,
      ledgerCheckOk: checkOk,
      ledgerRows: sizes[0],
    };
  } finally {
    for (const s of extraServers) await s.stop();
    extraServers = [];
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await dropDb?.();
  }
}

// ------------------------------------------------------------------------------------------

const git = (...a) => {
  try {
    return execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};
const source = {
  commit: git('rev-parse', '--short', 'HEAD'),
  // uncommitted server/shared sources at bench time (the dist build may include them)
  dirty: git('status', '--short', '--', 'apps/server/src', 'packages/shared/src').split('\n').filter(Boolean),
};
const machine = {
  nproc: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
  node: process.version,
};
log(`machine ${JSON.stringify(machine)}; source ${JSON.stringify(source)}; options ${JSON.stringify(opt)}`);
const results = [];
for (const db of opt.dbs) results.push(await benchDatabase(db));
oneShot.destroy();

const row = (db, name, r) =>
  `| ${db} | ${name} | ${r.connections} | ${r.transfersPerSecond} | ${r.p50ms} | ${r.p99ms} | ${r.cpu.machineBusyCores} / ${r.cpu.serverCores} / ${r.cpu.pgBackendCores} / ${r.cpu.clientCores} / ${r.cpu.restCores} | ${JSON.stringify(r.outcomes)} |`;
const lines = [
  `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.memoryGiB} GiB, node ${machine.node}; ${opt.duration} s per case after ${opt.warmup} s warm-up`,
  `source: ${source.commit}${source.dirty.length ? ` + uncommitted ${source.dirty.join('; ')}` : ''}`,
  '',
  '| database | case | connections | transfers/s | p50 ms | p99 ms | CPU cores: machine / server / pg backends / client / rest | outcomes |',
  '|---|---|---|---|---|---|---|---|',
];
for (const r of results) {
  lines.push(row(r.database, 'HTTP hot pair', r.http.hot));
  lines.push(row(r.database, 'HTTP random tree', r.http.random));
  lines.push(row(r.database, `raw SQL hot pair (pool ${opt.rawPool})`, r.raw.hot));
  lines.push(row(r.database, `raw SQL random (pool ${opt.rawPool})`, r.raw.random));
}
lines.push('');
if (opt.rounds > 1 || opt.variants.length > 1) {
  lines.push(
    '',
    '| database | round | variant | HTTP hot /s | raw hot /s | hot ratio | HTTP random /s | raw random /s | random ratio | HTTP p99 hot / random ms | load before |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of results)
    for (const rd of r.rounds)
      for (const v of rd.variants)
        lines.push(
          `| ${r.database} | ${rd.round} | ${JSON.stringify(v.settings)} | ${v.http.hot.transfersPerSecond} | ${rd.raw.hot.transfersPerSecond} | ${v.ratio.hot} | ${v.http.random.transfersPerSecond} | ${rd.raw.random.transfersPerSecond} | ${v.ratio.random} | ${v.http.hot.p99ms} / ${v.http.random.p99ms} | ${v.loadavgBefore.join(' ')} |`,
        );
  lines.push('');
}
for (const r of results) {
  lines.push(
    `${r.database} (PostgreSQL ${r.settings.server_version}, fsync ${r.settings.fsync}, synchronous_commit ${r.settings.synchronous_commit}): HTTP/raw hot ${r.ratio.hot}, random ${r.ratio.random}; load average before ${r.loadavgBefore.join(' ')}; ledger/check ok ${r.ledgerCheckOk}; ${r.ledgerRows.tx} transactions`,
  );
}
console.log(lines.join('\n'));
if (opt.json) await writeFile(opt.json, JSON.stringify({ machine, source, options: opt, results }, null, 2));
