#!/usr/bin/env node
/**
 * The game client's lobby (`GET /api/client/lobby`, issue 13): reads per second and latency over
 * HTTP against its limit in the same run — the very same bytes served as a static file
 * (`/lobby.json`) by the same server process (@fastify/static, the path the web app's files take) —
 * and the revalidation a client makes with the ETag it holds (304, no body). Then the cost of a
 * change: a material write through the back office, and how long until the next read shows it.
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/simulator && npm run build -w @agent-bo/server
 *   node bench/lobby.mjs [--duration=8] [--connections=32] [--json=out.json]
 *
 * The server is the production build on a temporary DATA_DIR with the demo data (removed at the
 * end), LOG_LEVEL=warn, the rate limits off (RATE_LIMIT_MAX=0, CLIENT_API_RATE_LIMIT=0), its web
 * folder a temporary copy holding index.html and lobby.json. The client is this process
 * (node:http keep-alive, one socket per connection). The sides alternate in three rounds.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { log, machine, parseOptions, request, sleep, startServer, summary } from './support.mjs';

const opts = parseOptions({ duration: '8', connections: '32', rounds: '3', json: '' });
const connections = Number(opts.connections);
const rounds = Number(opts.rounds);
const slice = (Number(opts.duration) * 1000) / rounds;
const HOST = 'tw-web.localhost';

/** GET `url` raw: status, bytes and ms; never rejects. */
function get(agent, port, url, headers = {}) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, path: url, method: 'GET', agent, headers: { host: HOST, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () =>
        resolve({ status: res.statusCode, bytes, etag: res.headers.etag, ms: Number(process.hrtime.bigint() - t0) / 1e6 }),
      );
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    req.end();
  });
}

async function load(agent, port, url, headers, expectStatus, ms) {
  const latencies = [];
  let wrong = 0;
  const end = Date.now() + ms;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const r = await get(agent, port, url, headers);
        latencies.push(r.ms);
        if (r.status !== expectStatus) wrong++;
      }
    }),
  );
  return { n: latencies.length, seconds: Number(process.hrtime.bigint() - t0) / 1e9, wrong, latencies };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-lobby-'));
const webDir = await mkdtemp(path.join(os.tmpdir(), 'bench-lobby-web-'));
await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
const server = await startServer({ DATA_DIR: dataDir, WEB_DIST_DIR: webDir, CLIENT_API_RATE_LIMIT: '0' });
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const results = { machine: machine(), connections, duration: Number(opts.duration), sides: {} };

try {
  const first = await get(agent, server.port, '/api/client/lobby?lang=en');
  if (first.status !== 200) throw new Error(`lobby: HTTP ${first.status}`);
  // The static side serves the very bytes of the lobby's answer.
  const body = await new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/api/client/lobby?lang=en', headers: { host: HOST } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
  await writeFile(path.join(webDir, 'lobby.json'), body);
  const etag = first.etag;
  log(`lobby: ${body.length} bytes, ${JSON.parse(body.toString('utf8')).data.games.length} games`);

  const sides = {
    lobby: ['/api/client/lobby?lang=en', {}, 200],
    static: ['/lobby.json', {}, 200],
    revalidate: ['/api/client/lobby?lang=en', { 'if-none-match': etag }, 304],
  };
  const acc = Object.fromEntries(Object.keys(sides).map((k) => [k, { n: 0, seconds: 0, wrong: 0, latencies: [] }]));
  for (const [url, headers, status] of Object.values(sides)) await load(agent, server.port, url, headers, status, 1000);
  for (let r = 0; r < rounds; r++) {
    for (const [name, [url, headers, status]] of Object.entries(sides)) {
      const run = await load(agent, server.port, url, headers, status, slice);
      const a = acc[name];
      a.n += run.n;
      a.seconds += run.seconds;
      a.wrong += run.wrong;
      a.latencies.push(...run.latencies);
    }
  }
  for (const [name, a] of Object.entries(acc)) {
    results.sides[name] = { perSecond: Math.round(a.n / a.seconds), wrong: a.wrong, ...summary(a.latencies) };
    log(`${name}: ${results.sides[name].perSecond}/s p50 ${results.sides[name].p50} p99 ${results.sides[name].p99} ms (wrong ${a.wrong})`);
  }
  results.ratio = Number((results.sides.lobby.perSecond / results.sides.static.perSecond).toFixed(2));
  results.bytes = body.length;

  // A write through the back office, then how long until a read shows it (same process).
  const signin = await request(agent, server.port, '/api/manage/signin', {
    host: HOST,
    siteId: 'tw_web',
    body: { accountNo: 'admin001', password: 'Demo1234' },
  });
  const token = signin.body.data.token;
  const list = await request(agent, server.port, '/api/manage/material/game/list', {
    host: HOST,
    siteId: 'tw_web',
    token,
    body: { tag: 1 },
  });
  const ids = list.body.data.list.map((g) => g.id).reverse();
  const t0 = Date.now();
  const sorted = await request(agent, server.port, '/api/manage/material/tag/sort', {
    host: HOST,
    siteId: 'tw_web',
    token,
    body: { tag: 1, ids },
  });
  if (!sorted.body?.success) throw new Error(`tag/sort: ${JSON.stringify(sorted.body)}`);
  const written = Date.now();
  for (;;) {
    const r = await get(agent, server.port, '/api/client/lobby?lang=en', { 'if-none-match': etag });
    if (r.status === 200) break;
    if (Date.now() - written > 5000) throw new Error('the lobby did not change within 5 s of the write');
    await sleep(1);
  }
  results.change = { writeMs: written - t0, visibleAfterWriteMs: Date.now() - written };
  log(`change: the write took ${results.change.writeMs} ms; the next read showed it ${results.change.visibleAfterWriteMs} ms after`);
  results.machine.loadavgAfter = os.loadavg().map((x) => Number(x.toFixed(2)));
  console.log(JSON.stringify(results, null, 2));
  if (opts.json) await writeFile(opts.json, JSON.stringify(results, null, 2));
} finally {
  agent.destroy();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(webDir, { recursive: true, force: true });
}
