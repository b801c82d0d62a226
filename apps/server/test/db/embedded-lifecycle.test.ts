import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../src/db/embedded.js';
import { DEMO_CREDENTIALS } from '../helpers.js';

/**
 * The real server process on the embedded PostgreSQL: first start (initdb, migrate, seed),
 * SIGKILL and restart (orphaned cluster recovered), a stale lock file, clean SIGTERM, and
 * taken ports. Runs `src/server.ts` through tsx, without DATABASE_URL even when the suite
 * itself runs against an external server.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Running {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['DATABASE_URL', 'NODE_OPTIONS', 'VITEST', 'NODE_ENV'].includes(k) && !k.startsWith('VITEST_'),
    ),
  );
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...base, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor: (pattern, timeoutMs = 90_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(out)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output:\n${out}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => {
          if (!pattern.test(out)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`server exited before ${pattern}; output:\n${out}`));
          }
        });
        check();
      }),
  };
}

/** True while `pid` runs (a zombie waiting to be reaped counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** A stopped process may take a moment to leave the process table. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

async function signinOk(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/manage/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-id': 'tw_web' },
    body: JSON.stringify(DEMO_CREDENTIALS),
  });
  const json = (await res.json()) as { success: boolean };
  return json.success;
}

const READY = /agent back office on http/;
let dataDir: string;
const running: Running[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-lifecycle-'));
});

afterAll(async () => {
  for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGTERM');
  await Promise.all(running.map((r) => r.exited));
  // a cluster left by a failing test: stop it through its pid file
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && alive(pid)) process.kill(pid, 'SIGINT');
    for (let i = 0; i < 50 && pid && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  await rm(dataDir, { recursive: true, force: true });
});

// Real processes: initdb, two server starts with migrations and the demo seed, a SIGKILL and a
// recovery. About 20 s on an idle 2-core machine, over a minute on a loaded one; each step waits
// on its own condition (waitFor, up to 90 s), so the test's limit only has to sit above them.
describe('server on the embedded PostgreSQL', { timeout: 240_000 }, () => {
  it('starts, seeds, survives SIGKILL, recovers a stale lock and stops cleanly', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };

    // 1. first start: initdb, migrations, demo seed
    const port1 = await findFreePort();
    const first = startServer({ ...env, PORT: String(port1) });
    running.push(first);
    await first.waitFor(READY);
    expect(first.output()).toMatch(/seeded the demo data/);
    expect(await signinOk(port1)).toBe(true);

    // 2. SIGKILL: node dies, its postgres lives on as an orphan holding the lock file
    first.child.kill('SIGKILL');
    await first.exited;
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const orphan = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(alive(orphan)).toBe(true);

    // 3. restart: the orphan is stopped, the cluster restarted, the data kept (no re-seed)
    const port2 = await findFreePort();
    const second = startServer({ ...env, PORT: String(port2) });
    running.push(second);
    await second.waitFor(READY);
    expect(second.output()).toMatch(/orphaned embedded PostgreSQL/);
    expect(second.output()).not.toMatch(/seeded the demo data/);
    expect(await gone(orphan)).toBe(true);
    expect(await signinOk(port2)).toBe(true);

    // 4. SIGTERM: clean stop of server and cluster
    const pg2 = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
    expect(await gone(pg2)).toBe(true);

    // 5. a lock file naming a dead process (e.g. after a power cut) is removed
    await writeFile(pidFile, `999999\n${path.join(dataDir, 'pg')}\n`);
    const port3 = await findFreePort();
    const third = startServer({ ...env, PORT: String(port3) });
    running.push(third);
    await third.waitFor(READY);
    expect(third.output()).toMatch(/stale postmaster\.pid/);
    expect(await signinOk(port3)).toBe(true);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  });

  it('explains a taken database port or HTTP port in one clear line, no stack trace', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
      const pgTaken = startServer({ ...env, PORT: String(await findFreePort()), EMBEDDED_PG_PORT: String(port) });
      running.push(pgTaken);
      expect(await pgTaken.exited).toBe(1);
      expect(pgTaken.output()).toMatch(new RegExp(`Port ${port} \\(EMBEDDED_PG_PORT\\) is already in use`));
      expect(pgTaken.output()).not.toMatch(/\n\s+at /);

      const httpTaken = startServer({ ...env, PORT: String(port) });
      running.push(httpTaken);
      expect(await httpTaken.exited).toBe(1);
      expect(httpTaken.output()).toMatch(new RegExp(`Port ${port} on 127.0.0.1 is already in use`));
      expect(httpTaken.output()).not.toMatch(/\n\s+at /);
      // the embedded cluster it had started was stopped again
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad environment with a clear message', async () => {
    const bad = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    running.push(bad);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid environment:\n\s+PORT: .*"eighty"/);
  });
});
