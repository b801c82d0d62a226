import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The optional part of the simulator: reading a directory (secrets, players) from the server's
 * database on a demo or development machine. A real provider holds its own secret and player list;
 * everything else in this package talks HTTP only. Kept apart (its own `@agent-bo/simulator/database`
 * export, loaded by the CLI only when secrets or players are missing) so that `pg` is never loaded
 * otherwise.
 */

/**
 * The embedded cluster of a server's data folder while that server runs: port from its
 * postmaster.pid, credentials from embedded-pg.json, database agent_bo — the layout the server's
 * embedded PostgreSQL writes, found the way `ledger:check` finds it, without importing server
 * code. Never started here: without a running server there is nothing to simulate against.
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
