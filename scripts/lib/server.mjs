/**
 * Starting the built server as a child process: the one way the browser suite
 * (e2e/support/global-setup.ts), the benchmarks (bench/support.mjs) and the API-description check
 * (scripts/api-client/check.mjs) start it. A free port, the process's output kept for the error
 * message, a wait for /healthz, and a stop that kills what does not stop.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverDist = path.join(root, 'apps', 'server', 'dist');

/** A port nothing listens on now (the kernel's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** How long a stopping server may take before it is killed (a graceful stop takes about a second). */
const STOP_GRACE_MS = 15_000;

/**
 * Spawns `dist/server.js` with exactly `env` (PORT among it) and waits until `healthUrl` answers
 * 200, for `readyTimeoutMs` at most; a server that exits or never answers is killed and its output
 * is in the error. `nodeArgs` go before the script (`--cpu-prof`).
 */
export async function spawnServer({ env, healthUrl, cwd = root, dist = serverDist, nodeArgs = [], readyTimeoutMs = 150_000 }) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(dist, 'server.js')], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk) => (out = (out + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // Unref'd, so the timer never holds the calling process open by itself.
      const giveUp = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
      await Promise.race([exited, giveUp]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await exited;
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${out}`);
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer ${healthUrl} within ${readyTimeoutMs} ms:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: child.pid, output: () => out, stop };
}

/**
 * The production build for a measurement or a check, on `env` (DATA_DIR or DATABASE_URL, and
 * what else the caller sets): this process's environment without its database, data folder and
 * Node options, LOG_LEVEL=warn, no rate limit, no demo traffic, on a free port of 127.0.0.1.
 * `dist`: another build's dist folder (a baseline to compare with).
 */
export async function startServer(env, nodeArgs = [], dist = serverDist) {
  const port = await freePort();
  const inherited = Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS'].includes(k));
  const server = await spawnServer({
    cwd: path.join(root, 'apps', 'server'),
    dist,
    nodeArgs,
    healthUrl: `http://127.0.0.1:${port}/healthz`,
    env: {
      ...Object.fromEntries(inherited),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_MAX: '0',
      // Every client of a measurement or check comes from 127.0.0.1: the counts per address of
      // code asks and failed sign-ins would throttle one run by another's (the limits per
      // account, and per account and address, still hold). The browser suite's servers
      // (e2e/support/global-setup.ts) are started there, with the same settings.
      CODE_ASKS_PER_ADDRESS: '0',
      SIGNIN_FAILURES_PER_ADDRESS: '0',
      // The demo server would otherwise play simulated provider traffic into every site without
      // bets, in the background, during the measurement.
      DEMO_TRAFFIC: 'off',
      ...env,
    },
  });
  return { port, ...server };
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
