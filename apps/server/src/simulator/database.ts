import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The database of a server running beside the simulator: DATABASE_URL, or the embedded cluster of
 * DATA_DIR while it runs (port from its postmaster.pid, credentials from embedded-pg.json — the
 * way `ledger:check` finds it). Never started here: without a running server there is nothing to
 * simulate against.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const credentialsFile = path.join(dataDir, 'embedded-pg.json');
  if (!existsSync(pidFile) || !existsSync(credentialsFile)) return undefined;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]?.trim());
  if (!port) return undefined;
  const { user, password } = JSON.parse(readFileSync(credentialsFile, 'utf8')) as { user: string; password: string };
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/agent_bo`;
}

/** A read-only client of `url`, or undefined when nothing answers there. */
export async function connectReadOnly(url: string): Promise<pg.Client | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    // The simulator only reads (secrets, players); every write goes through the provider API.
    await client.query('set session characteristics as transaction read only');
    return client;
  } catch {
    await client.end().catch(() => undefined);
    return undefined;
  }
}
