import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './workers.js';

const repoRoot = resolve(import.meta.dirname, '../..');

/** One test server: where it answers and its embedded database. */
export interface TestServer {
  baseUrl: string;
  /** The server's embedded database, for tests that must change what only the server can (e.g. expire a session). */
  databaseUrl: string;
  /** A folder of this server's run, removed with it: the signed-in browser states its spec files share. */
  stateDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: worker n (VITEST_POOL_ID) uses servers[n - 1]. */
    servers: TestServer[];
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/**
 * The demo's activity pop-ups open over every page after sign-in; the specs that are not about
 * them would each have to close them first. The browser run starts with no pop-ups chosen, and
 * the content spec chooses its own through the screen. Likewise the demo's watermark (issue 38)
 * lies over every screen: the run starts with it off, and the site-shell spec turns it on.
 */
async function withoutDemoOverlays(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update content_items set pop_order = null where pop_order is not null');
    await client.query('update sites set watermark = false where watermark');
  } finally {
    await client.end();
  }
}

/**
 * Starts the built server (embedded PostgreSQL, demo seed) on a free port with its own data
 * folder, so a browser run never touches the developer's data or port 3000. Returns it and how to
 * stop it.
 */
async function startServer(): Promise<{ server: TestServer; stop: () => Promise<void> }> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-bo-e2e-'));
  const output: string[] = [];
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every spec's browser contexts come from 127.0.0.1 within a few minutes, well past the
      // per-address limit meant for real clients; the limiter itself is tested in the server
      // suite (test/app), so the browser run switches it off rather than waiting out windows.
      RATE_LIMIT_MAX: '0',
      // The README's screenshots (scripts/readme-screenshots.mjs) show the demo as `npm start`
      // plays it: a month of simulated bets. The suite itself runs without that traffic.
      ...(process.env.E2E_DEMO_TRAFFIC === 'on' && { DEMO_TRAFFIC: 'on' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // A graceful stop takes about a second; past 15 s the server is killed. The timer is
    // unref'd so it never holds the test process open by itself.
    const giveUp = new Promise((r) => setTimeout(r, 15_000).unref());
    if (child.exitCode === null) await Promise.race([exited, giveUp]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(`${baseUrl}/healthz`, child, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    console.error(output.join(''));
    throw error;
  }
  const credentials = JSON.parse(readFileSync(join(dataDir, 'embedded-pg.json'), 'utf8')) as { user: string; password: string };
  const databaseUrl = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${pgPort}/agent_bo`;
  await withoutDemoOverlays(databaseUrl);
  const stateDir = join(dataDir, 'browser-states');
  mkdirSync(stateDir);
  return { server: { baseUrl, databaseUrl, stateDir }, stop };
}

/** One server per worker, started side by side. */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const stops = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop] : []));
  const failure = started.find((s) => s.status === 'rejected');
  if (failure) {
    await Promise.all(stops.map((stop) => stop()));
    throw failure.reason;
  }
  project.provide(
    'servers',
    started.map((s) => (s as PromiseFulfilledResult<{ server: TestServer }>).value.server),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
