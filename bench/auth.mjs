#!/usr/bin/env node
/**
 * What authenticating a request costs now that effective codes come from roles (issue 15):
 * `GET /api/getPermCode` over HTTP (the auth statement plus the smallest handler) against the
 * very same auth statement run through `pg` as a named prepared statement, in one run, on the
 * demo site of the embedded PostgreSQL, for three callers:
 *   admin001   the site's root (no ancestors),
 *   agentA01   level 1, holding four roles,
 *   agentC01   level 3, below agentA01 and agentB01.
 * Then every account on agentC01's chain is given five more roles (each with a dozen codes) and
 * the same three are measured again, so the cost of holding roles shows next to its floor.
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/server
 *   node bench/auth.mjs [--duration=5] [--connections=16] [--json=out.json]
 *
 * The server is the production build on a temporary DATA_DIR (removed at the end), LOG_LEVEL=warn,
 * rate limit off; the client is this process (node:http keep-alive, one socket per connection).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { embeddedUrl, log, machine, parseOptions, request, requireFromServer, serverDist, startServer, summary } from './support.mjs';

const opts = parseOptions({ duration: '5', connections: '16', json: '' });
const duration = Number(opts.duration) * 1000;
const connections = Number(opts.connections);
const pg = requireFromServer('pg');

const SITE = { siteId: 'tw_web', host: 'tw-web.localhost' };
const CALLERS = ['admin001', 'agentA01', 'agentC01'];

/** Runs `once` on `connections` loops for `duration` ms; requests per second and latencies. */
async function load(once) {
  const latencies = [];
  let failures = 0;
  const end = Date.now() + duration;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint();
        const ok = await once(i);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (!ok) failures++;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: Math.round(latencies.length / seconds), failures, ...summary(latencies) };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-auth-'));
const server = await startServer({ DATA_DIR: dataDir });
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const pool = new pg.Pool({ connectionString: embeddedUrl(dataDir), max: connections });
const results = { machine: machine(), duration: Number(opts.duration), connections, rounds: [] };

try {
  const { createDatabase } = await import(pathToFileURL(path.join(serverDist, 'db', 'client.js')).href);
  const { authStatement } = await import(pathToFileURL(path.join(serverDist, 'core', 'session.js')).href);
  const builder = createDatabase(embeddedUrl(dataDir), { max: 1 });
  const statement = authStatement(builder.db);
  await builder.close();

  const tokens = {};
  for (const accountNo of CALLERS) {
    const r = await request(agent, server.port, '/api/manage/signin', { ...SITE, body: { accountNo, password: 'Demo1234' } });
    if (!r.body?.success) throw new Error(`sign-in of ${accountNo}: ${JSON.stringify(r.body ?? r)}`);
    tokens[accountNo] = r.body.data.token;
  }

  async function measure(label) {
    for (const accountNo of CALLERS) {
      const token = tokens[accountNo];
      const hash = createHash('sha256').update(token).digest('hex');
      const values = statement.params.map((p) => (p === 'tokenHash' ? hash : new Date().toISOString()));
      const check = await pool.query({ name: 'bench_auth', text: statement.text, values });
      if (check.rows.length !== 1) throw new Error(`the auth statement found ${check.rows.length} rows for ${accountNo}`);
      // warm both paths
      await load(async () => (await request(agent, server.port, '/api/getPermCode', { ...SITE, token, method: 'GET' })).status === 200);
      const httpRun = await load(
        async () => (await request(agent, server.port, '/api/getPermCode', { ...SITE, token, method: 'GET' })).status === 200,
      );
      const rawRun = await load(async () => (await pool.query({ name: 'bench_auth', text: statement.text, values })).rows.length === 1);
      const codes = (await request(agent, server.port, '/api/getPermCode', { ...SITE, token, method: 'GET' })).body?.data?.length;
      const row = {
        round: label,
        caller: accountNo,
        codes,
        http: httpRun,
        raw: rawRun,
        ratio: Number((httpRun.perSecond / rawRun.perSecond).toFixed(2)),
      };
      results.rounds.push(row);
      log(
        `${label} ${accountNo}: HTTP ${httpRun.perSecond}/s p50 ${httpRun.p50} p99 ${httpRun.p99} ms | auth SQL through pg ${rawRun.perSecond}/s p50 ${rawRun.p50} p99 ${rawRun.p99} ms | ratio ${row.ratio}`,
      );
    }
  }

  await measure('demo roles');
  // Five more roles of a dozen codes each on every account of agentC01's chain (and itself).
  const { rows: chain } = await pool.query(`select unnest(path || id) as id from accounts where site_id = $1 and account_no = 'agentC01'`, [
    SITE.siteId,
  ]);
  const { rows: codes } = await pool.query(`select codes from roles where site_id = $1 and builtin_key = 'content_editor'`, [SITE.siteId]);
  for (let i = 0; i < 5; i++) {
    const { rows } = await pool.query(
      `insert into roles (site_id, name, description, codes) values ($1, $2::jsonb, '{}'::jsonb, $3) returning id`,
      [SITE.siteId, JSON.stringify({ zh_TW: `bench ${i}` }), codes[0].codes],
    );
    await pool.query(`insert into account_roles (account_id, role_id) select unnest($1::integer[]), $2`, [
      chain.map((c) => c.id),
      rows[0].id,
    ]);
  }
  await measure('+5 roles per account');
  results.machine.loadavgAfter = os.loadavg().map((x) => Number(x.toFixed(2)));
  console.log(JSON.stringify(results, null, 2));
  if (opts.json) await writeFile(opts.json, JSON.stringify(results, null, 2));
} finally {
  await pool.end();
  agent.destroy();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
