/**
 * Helpers shared by the issue-6 benchmarks (bench/bets.mjs, bench/report.mjs): options, a
 * keep-alive HTTP client, the production server started on a DATA_DIR, the embedded cluster's
 * URL, percentiles and the machine's load.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps', 'server', 'dist');
export const requireFromServer = createRequire(path.join(root, 'apps', 'server', 'package.json'));

export function parseOptions(defaults) {
  const args = Object.fromEntries(
    process.argv.slice(2).map((a) => {
      const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
      if (!m) throw new Error(`bad argument ${a}`);
      return [m[1], m[2] ?? 'true'];
    }),
  );
  for (const k of Object.keys(args))
    if (!(k in defaults)) throw new Error(`unknown option --${k} (known: ${Object.keys(defaults).join(', ')})`);
  return { ...defaults, ...args };
}

export const log = (...a) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** POST (or GET) JSON; resolves { status, body, ms } and never rejects. */
export function request(agent, port, url, { host, siteId, token, body, rawBody, headers = {}, method = 'POST', timeoutMs = 60_000 }) {
  return new Promise((resolve) => {
    const payload = rawBody !== undefined ? Buffer.from(rawBody) : body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const h = { ...headers };
    if (host) h.host = host;
    if (siteId) h['x-site-id'] = siteId;
    if (payload) {
      h['content-type'] = 'application/json';
      h['content-length'] = String(payload.length);
    }
    if (token) h.authorization = `Bearer ${token}`;
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: h, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        try {
          resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), ms });
        } catch (err) {
          resolve({ status: res.statusCode, error: String(err), ms });
        }
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, error: err.message, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    req.end(payload);
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The production build on `env` (DATA_DIR or DATABASE_URL), LOG_LEVEL=warn, no rate limit, no demo
 * traffic; `nodeArgs` e.g. --cpu-prof; `dist` another build's dist folder (a baseline to compare with).
 */
export async function startServer(env, nodeArgs = [], dist = serverDist) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, path.join(dist, 'server.js')], {
    cwd: path.join(root, 'apps', 'server'),
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS'].includes(k))),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_MAX: '0',
      // The demo server would otherwise play simulated provider traffic into every site without
      // bets, in the background, during the measurement.
      DEMO_TRAFFIC: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out = (out + c).slice(-10_000)));
  child.stderr.on('data', (c) => (out = (out + c).slice(-10_000)));
  const exited = new Promise((r) => child.on('exit', r));
  const probe = new http.Agent({ keepAlive: false });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (i > 3000) throw new Error(`server not ready:\n${out}`);
    const r = await request(probe, port, '/healthz', { method: 'GET', timeoutMs: 1000 });
    if (r.status === 200) break;
    await sleep(100);
  }
  return {
    port,
    pid: child.pid,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** postgres:// URL of the embedded cluster of `dataDir` while it runs (port from postmaster.pid). */
export function embeddedUrl(dataDir) {
  const port = Number(
    readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
      .split('\n')[3]
      ?.trim(),
  );
  const { user, password } = JSON.parse(readFileSync(path.join(dataDir, 'embedded-pg.json'), 'utf8'));
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/agent_bo`;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** { n, p50, p95, p99, max } in ms, two decimals. */
export function summary(latencies) {
  const s = [...latencies].sort((a, b) => a - b);
  const r = (x) => Number(x.toFixed(2));
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), p99: r(percentile(s, 99)), max: r(s[s.length - 1] ?? NaN) };
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
    node: process.version,
  };
}
