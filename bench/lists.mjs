#!/usr/bin/env node
/**
 * Lists at the database's pace: the paged lists over HTTP against the very statements the
 * server sends for them, replayed straight through `pg` in the same run, at the same
 * concurrency. Cases: the member list (`agent/lower_agents`, rotating over the admin and agents
 * of levels 1–3), the operation log (the last 7 days) and the bet search (default filters,
 * today).
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/simulator && npm run build -w @agent-bo/server
 *   DATA_DIR=/tmp/agent-bo-medium npm run seed -- --scale medium
 *   node bench/lists.mjs --data-dir=/tmp/agent-bo-medium [--connections=32] [--duration=12] [--warmup=1] [--rounds=3]
 *                        [--raw-pool=10] [--cases=members,logs,bets] [--logs=30000] [--json=out.json]
 *                        [--server-node-args=--cpu-prof,--cpu-prof-dir=/tmp/prof]
 *
 * "SQL" is the request's statements (not the session lookup, which is the HTTP side's own cost)
 * as the list's service sends them: captured once by running the server's own service code
 * (apps/server/dist) on a recording pool, then replayed by `--connections` loops over a pool of
 * `--raw-pool` connections (the server's pool size), one statement after the other like the
 * server. Two replays: "bare" sends each text unnamed (parsed and planned every time, what a
 * plain client does), "prepared" as named statements (planned once per connection). The HTTP
 * figure divided by the bare SQL figure is the ratio the issue names.
 *
 * `--baseline-dist=DIR` also starts the server of another build (e.g. the commit before a change,
 * built into DIR) on the same database and measures it as a fourth side, interleaved with the
 * others: a before/after comparison in one run. The baseline's own statements, captured from its
 * code, are replayed bare as a fifth side: the ratios to "the bare query" before and after.
 * Give as many `--rounds` as there are sides (3 alone, the default; 5 with a baseline): the order
 * of the sides turns by one each round (see `interleaved`).
 *
 * CPU in cores per side: the machine (/proc/stat), the server measured, the processes of the
 * embedded PostgreSQL cluster, and this process (the client). The rest of the machine's figure is
 * other work on the machine.
 *
 * The seed writes no operation logs; when the site has fewer than `--logs` rows, rows are added
 * by SQL (spread over the last 30 days, targets drawn from the site's accounts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  embeddedUrl,
  log,
  machine,
  parseOptions,
  request,
  requireFromServer,
  serverDist,
  sleep,
  startServer,
  summary,
} from './support.mjs';

const opt = parseOptions({
  'data-dir': '',
  site: 'richman',
  connections: '32',
  duration: '12',
  warmup: '1',
  rounds: '3',
  'raw-pool': '10',
  cases: 'members,logs,bets',
  logs: '30000',
  json: '',
  'server-node-args': '',
  'baseline-dist': '',
});
if (!opt['data-dir']) throw new Error('--data-dir=<a DATA_DIR filled by npm run seed> is required');
const dataDir = path.resolve(opt['data-dir']);
const connections = Number(opt.connections);
const durationMs = Number(opt.duration) * 1000;
const warmupMs = Number(opt.warmup) * 1000;
const rounds = Number(opt.rounds);
const cases = opt.cases.split(',');

const pg = requireFromServer('pg');
/** The list services of a build (its dist folder), to capture the statements it sends. */
async function servicesOf(dist) {
  const from = (p) => import(pathToFileURL(path.join(dist, p)).href);
  return {
    authenticate: (await from('core/session.js')).authenticate,
    lowerAgents: (await from('modules/members/lists.js')).lowerAgents,
    operationLog: (await from('modules/logs/service.js')).operationLog,
    listBets: (await from('modules/bets/service.js')).listBets,
  };
}
const importServer = (p) => import(pathToFileURL(path.join(serverDist, p)).href);
const importDep = (name) => import(pathToFileURL(requireFromServer.resolve(name)).href);
const shared = await importDep('@agent-bo/shared');
const { drizzle } = await importDep('drizzle-orm/node-postgres');
const schema = await importServer('db/schema/index.js');
const current = await servicesOf(serverDist);
const before = opt['baseline-dist'] ? await servicesOf(path.resolve(opt['baseline-dist'])) : undefined;

const site = shared.SITES.find((s) => s.id === opt.site);
if (!site) throw new Error(`unknown site ${opt.site}`);
const host = site.hosts[0];
const url = embeddedUrl.bind(null, dataDir);

/** CPU seconds (user + system) of a process, from /proc. */
async function cpuOf(pid) {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(stat[11]) + Number(stat[12])) / 100;
}

/**
 * CPU seconds of each process of the embedded cluster (the postmaster's children: backends and
 * workers), by pid.
 */
async function clusterCpu() {
  const postmaster = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const out = new Map();
  for (const pid of (await readFile(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')).trim().split(/\s+/)) {
    if (pid) out.set(pid, await cpuOf(Number(pid)).catch(() => 0));
  }
  return out;
}

/** CPU the cluster's processes used between two `clusterCpu()` readings (a process that ended between them is not counted). */
function clusterDelta(from, to) {
  let sum = 0;
  for (const [pid, cpu] of to) sum += cpu - (from.get(pid) ?? 0);
  return sum;
}

/** Busy and total jiffies of the whole machine (/proc/stat). */
async function machineJiffies() {
  const f = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** A pool that keeps every statement it is given (text, values, name, row mode) while `on`. */
class RecordingPool extends pg.Pool {
  recorded = [];
  on_ = false;
  query(config, values, cb) {
    if (this.on_ && config) {
      const c = typeof config === 'string' ? { text: config } : config;
      this.recorded.push({ text: c.text, values: values ?? c.values ?? [], rowMode: c.rowMode, name: c.name });
    }
    return super.query(config, values, cb);
  }
}

/**
 * `connections` loops calling `fn` for `warmupMs` + `windowMs`; only calls that start and end
 * inside the measured window count. Returns the latencies and the server's CPU seconds in it.
 */
async function slice(fn, windowMs, pid) {
  const t0 = Date.now();
  const from = t0 + warmupMs;
  const to = from + windowMs;
  const lat = [];
  let errors = 0;
  let firstError;
  let cpuFrom;
  let machineFrom;
  let clientFrom;
  let pgFrom;
  const cpuMark = (async () => {
    await sleep(warmupMs);
    cpuFrom = pid ? await cpuOf(pid) : undefined;
    machineFrom = await machineJiffies();
    clientFrom = process.cpuUsage();
    pgFrom = await clusterCpu();
  })();
  let i = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (;;) {
        const start = Date.now();
        if (start >= to) return;
        const s = process.hrtime.bigint();
        try {
          await fn(i++);
        } catch (err) {
          errors++;
          firstError ??= String(err?.message ?? err).slice(0, 300);
        }
        const end = Date.now();
        if (start >= from && end <= to) lat.push(Number(process.hrtime.bigint() - s) / 1e6);
      }
    }),
  );
  await cpuMark;
  const m = await machineJiffies();
  const c = process.cpuUsage(clientFrom);
  const pgCpu = clusterDelta(pgFrom, await clusterCpu());
  return {
    pg: pgCpu,
    lat,
    errors,
    firstError,
    cpu: pid ? (await cpuOf(pid)) - cpuFrom : 0,
    machine: ((m.busy - machineFrom.busy) / (m.total - machineFrom.total)) * os.cpus().length * (windowMs / 1000),
    client: (c.user + c.system) / 1e6,
  };
}

/**
 * The sides of a case measured in `rounds` interleaved rounds (HTTP, bare SQL, prepared SQL, then
 * again), each side `duration / rounds` per round, so a change of the machine's other load
 * during the case touches every side alike. Each round starts one side later than the one before
 * (round 2: bare SQL, prepared SQL, HTTP): a side's place in the round matters. With the same
 * build on both HTTP sides and a fixed order, the side after the prepared replay ran 15 % slower
 * (1,217 against 1,434 requests/s), so with as many rounds as sides each side has every place once.
 */
async function interleaved(sides) {
  const windowMs = durationMs / rounds;
  const acc = Object.fromEntries(
    Object.keys(sides).map((k) => [k, { lat: [], errors: 0, firstError: undefined, cpu: 0, machine: 0, client: 0, pg: 0 }]),
  );
  const entries = Object.entries(sides);
  for (let r = 0; r < rounds; r++) {
    const shift = r % entries.length;
    for (const [k, { fn, pid }] of [...entries.slice(shift), ...entries.slice(0, shift)]) {
      const x = await slice(fn, windowMs, pid);
      const a = acc[k];
      a.lat.push(...x.lat);
      a.errors += x.errors;
      a.firstError ??= x.firstError;
      a.cpu += x.cpu;
      a.machine += x.machine;
      a.client += x.client;
      a.pg += x.pg;
    }
  }
  const seconds = durationMs / 1000;
  const cores = (x) => Number((x / seconds).toFixed(2));
  return Object.fromEntries(
    Object.entries(acc).map(([k, a]) => [
      k,
      {
        perSecond: Math.round(a.lat.length / seconds),
        errors: a.errors,
        ...(a.firstError ? { firstError: a.firstError } : {}),
        ...summary(a.lat),
        cores: {
          machine: cores(a.machine),
          ...(sides[k].pid ? { server: cores(a.cpu) } : {}),
          postgres: cores(a.pg),
          client: cores(a.client),
        },
      },
    ]),
  );
}

log(`starting the server on ${dataDir}`);
const server = await startServer({ DATA_DIR: dataDir }, opt['server-node-args'] ? opt['server-node-args'].split(',') : []);
const baseline = opt['baseline-dist'] ? await startServer({ DATABASE_URL: url() }, [], path.resolve(opt['baseline-dist'])) : undefined;
// One recording pool per build: both prepare statements of the same names (the session lookup),
// whose texts may differ between builds.
const recorders = new Map([current, before].filter(Boolean).map((m) => [m, new RecordingPool({ connectionString: url(), max: 2 })]));
const dbOf = (m) => drizzle({ client: recorders.get(m), schema });
const raw = new pg.Pool({ connectionString: url(), max: Number(opt['raw-pool']) });
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const results = { machine: machine(), options: opt, cases: [] };

try {
  const call = (u, body, token, port = server.port) => request(agent, port, u, { host, siteId: site.id, token, body });
  const signin = await call('/api/manage/signin', { accountNo: 'lgadmin01', password: 'Demo1234' });
  if (!signin.body?.success) throw new Error(`sign-in: ${JSON.stringify(signin.body ?? signin)}`);
  const token = signin.body.data.token;
  const callers = new Map([[current, await current.authenticate(dbOf(current), token, site.id)]]);
  if (before) callers.set(before, await before.authenticate(dbOf(before), token, site.id));

  /** The statements `fn` sends through the code of build `m`. */
  async function capture(m, fn) {
    const recording = recorders.get(m);
    recording.recorded = [];
    recording.on_ = true;
    try {
      await fn(dbOf(m));
    } finally {
      recording.on_ = false;
    }
    return recording.recorded;
  }

  /**
   * One case: `requests` is a list of { body, run } where `run(db)` is the service call of that
   * body; HTTP posts the bodies round robin, the SQL replays their captured statements.
   */
  async function measure(name, route, requests, check) {
    for (const r of requests) {
      r.statements = await capture(current, (db) => r.run(current, callers.get(current), db));
      if (before) r.baselineStatements = await capture(before, (db) => r.run(before, callers.get(before), db));
    }
    const first = await call(route, requests[0].body, token);
    if (!first.body?.success) throw new Error(`${route}: ${JSON.stringify(first.body ?? first).slice(0, 500)}`);
    const shape = check(first.body.data);
    const statements = requests[0].statements.length;
    // The baseline build must answer the same bytes for every body.
    let sameAnswers;
    if (baseline) {
      sameAnswers = true;
      for (const r of requests) {
        const [a, b] = await Promise.all([call(route, r.body, token), call(route, r.body, token, baseline.port)]);
        if (JSON.stringify(a.body) !== JSON.stringify(b.body)) {
          sameAnswers = false;
          log(`${name}: different answers for ${JSON.stringify(r.body)}`);
        }
      }
    }
    log(`${name}: ${requests.length} request bodies, ${statements} statements each (first: ${shape})`);

    const loadBefore = machine().loadavg;
    const replay =
      (named, of = 'statements') =>
      async (i) => {
        const k = i % requests.length;
        for (const [j, s] of requests[k][of].entries()) {
          await raw.query({ text: s.text, values: s.values, rowMode: s.rowMode, ...(named ? { name: `bench_${name}_${k}_${j}` } : {}) });
        }
      };
    const httpOf = (port) => async (i) => {
      const r = await call(route, requests[i % requests.length].body, token, port);
      if (r.status !== 200 || !r.body?.success) throw new Error(`${r.status} ${JSON.stringify(r.body ?? r.error).slice(0, 200)}`);
    };
    const sides = await interleaved({
      http: { fn: httpOf(server.port), pid: server.pid },
      ...(baseline ? { httpBaseline: { fn: httpOf(baseline.port), pid: baseline.pid } } : {}),
      bare: { fn: replay(false) },
      ...(before ? { bareBaseline: { fn: replay(false, 'baselineStatements') } } : {}),
      prepared: { fn: replay(true) },
    });
    const { http: httpResult, httpBaseline, bare, bareBaseline, prepared } = sides;
    const loadAfter = machine().loadavg;
    const r = {
      name,
      route,
      shape,
      statements,
      ...(baseline ? { sameAnswers } : {}),
      http: httpResult,
      ...(httpBaseline ? { httpBaseline, ratioToBaseline: Number((httpResult.perSecond / httpBaseline.perSecond).toFixed(2)) } : {}),
      sqlBare: bare,
      ...(bareBaseline
        ? {
            baselineStatements: requests[0].baselineStatements.length,
            sqlBareBaseline: bareBaseline,
            ratioToBaselineBare: Number((httpResult.perSecond / bareBaseline.perSecond).toFixed(2)),
            baselineRatioBare: Number((httpBaseline.perSecond / bareBaseline.perSecond).toFixed(2)),
          }
        : {}),
      sqlPrepared: prepared,
      ratioBare: Number((httpResult.perSecond / bare.perSecond).toFixed(2)),
      ratioPrepared: Number((httpResult.perSecond / prepared.perSecond).toFixed(2)),
      loadBefore,
      loadAfter,
    };
    log(JSON.stringify(r));
    results.cases.push(r);
  }

  const { rows: meta } = await raw.query(
    `select (select max(business_date)::text from bets where site_id = $1) as last,
            (select id from accounts where site_id = $1 and parent_id is null) as admin_id,
            (select count(*)::int from operation_logs where site_id = $1) as logs`,
    [site.id],
  );
  const { admin_id: adminId } = meta[0];

  for (const c of cases) {
    if (c === 'members') {
      // The admin's own level, then agents of levels 1–3 that have agents below them.
      const { rows } = await raw.query(
        `select a.id from accounts a
          where a.site_id = $1 and a.kind = 'AGENT' and not a.is_shadow and a.lvl between 1 and 3
            and exists (select 1 from accounts c where c.parent_id = a.id and c.kind = 'AGENT' and not c.is_shadow)
          order by a.lvl, a.id limit 15`,
        [site.id],
      );
      const bodies = [{}, ...rows.map((r) => ({ parentId: r.id }))];
      await measure(
        'members',
        '/api/manage/agent/lower_agents',
        bodies.map((body) => ({ body, run: (m, caller, db) => m.lowerAgents(db, caller, shared.lowerAgentsRequestSchema.parse(body)) })),
        (d) => `${d.list.length} of ${d.total}`,
      );
    } else if (c === 'logs') {
      const want = Number(opt.logs);
      if (meta[0].logs < want) {
        log(`adding ${want - meta[0].logs} operation-log rows over the last 30 days`);
        await raw.query(
          `insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at)
           select $1, $2, t.id, (array['PLAYER_MODIFY','RATIO_LOG','DISABLE','ACTIVE'])[1 + g % 4],
                  jsonb_build_object('ratio', g % 90), jsonb_build_object('ratio', (g + 1) % 90), '127.0.0.1',
                  now() - (g::double precision / $3) * interval '30 days'
             from generate_series(1, $3) g
             join lateral (select id from accounts where site_id = $1 and parent_id is not null offset (g * 7919) % 20000 limit 1) t on true`,
          [site.id, adminId, want - meta[0].logs],
        );
      }
      const now = new Date();
      const tz = shared.siteTimeZone(site.id);
      const wall = (d) => new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' }).format(d);
      const body = { start: wall(new Date(now.getTime() - 7 * 86_400_000)), end: wall(now) };
      await measure(
        'logs',
        '/api/manage/log/operation',
        [
          {
            body,
            run: (m, caller, db) =>
              m.operationLog(db, caller, shared.operationLogRequestSchema.parse(body), shared.operationLogRequestSchema.parse(body)),
          },
        ],
        (d) => `${d.list.length} of ${d.total}`,
      );
    } else if (c === 'bets') {
      const body = {};
      await measure(
        'bets',
        '/api/manage/bet/list',
        [
          {
            body,
            run: (m, caller, db) => {
              const f = shared.betListRequestSchema.parse(body);
              return m.listBets(db, caller, f, f, new Date());
            },
          },
        ],
        (d) => `${d.list.length} of ${d.total}${d.totalCapped ? '+' : ''}`,
      );
    } else throw new Error(`unknown case ${c}`);
  }
  results.machineAfter = machine();
  if (opt.json) await writeFile(opt.json, JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
} finally {
  agent.destroy();
  for (const r of recorders.values()) await r.end();
  await raw.end();
  await baseline?.stop();
  await server.stop();
}
