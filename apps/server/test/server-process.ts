import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../src/db/embedded.js';

/**
 * A real server process (`src/server.ts` through tsx) on a test database, for the tests that
 * need what only separate processes show: signals and shutdown, or several processes agreeing
 * through PostgreSQL. No demo traffic, no rate limit, no web app.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts one and resolves once it listens; `env` adds to or overrides the defaults. */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await findFreePort();
  // The test runner's own settings must not leak into the child (it is not a test worker).
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['NODE_OPTIONS', 'VITEST', 'NODE_ENV'].includes(k) && !k.startsWith('VITEST_')),
  );
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: path.join(serverDir, 'no-web-app-here'),
      RATE_LIMIT_MAX: '0',
      DEMO_TRAFFIC: 'off',
      HANDOFF_KEY: 'a'.repeat(64),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  for (const started = Date.now(); !/agent back office on http/.test(out);) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${out}`);
    if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, output: () => out, exited };
}

/** Kills what is still running and waits for every exit. */
export async function stopServerProcesses(servers: ServerProcess[]): Promise<void> {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
}
