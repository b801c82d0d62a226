import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { embeddedUrl, freePort, spawnServer } from '../../scripts/lib/server.mjs';
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
  const baseUrl = `http://localhost:${port}`;
  let running: Awaited<ReturnType<typeof spawnServer>>;
  try {
    running = await spawnServer({
      cwd: repoRoot,
      healthUrl: `${baseUrl}/healthz`,
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
        // Likewise the counts per client address of code asks and failed sign-ins: one spec's
        // asks and deliberate failures from 127.0.0.1 would slow or refuse another's. The limits
        // per account (and per account and address) still hold; the server suite tests both.
        CODE_ASKS_PER_ADDRESS: '0',
        SIGNIN_FAILURES_PER_ADDRESS: '0',
        // The README's screenshots (scripts/readme-screenshots.mjs) show the demo as `npm start`
        // plays it: a month of simulated bets. The suite itself runs without that traffic.
        ...(process.env.E2E_DEMO_TRAFFIC === 'on' && { DEMO_TRAFFIC: 'on' }),
      },
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const databaseUrl = embeddedUrl(dataDir);
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
