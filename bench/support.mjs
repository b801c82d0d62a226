/**
 * Helpers shared by the issue-6 benchmarks (bench/bets.mjs, bench/report.mjs): options, a
 * keep-alive HTTP client, the production server started on a DATA_DIR, the embedded cluster's
 * URL, percentiles and the machine's load.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from '../scripts/lib/server.mjs';

// Starting the server is shared with the browser suite and the API check (scripts/lib/server.mjs).
export { embeddedUrl, freePort, root, serverDist, startServer } from '../scripts/lib/server.mjs';
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
