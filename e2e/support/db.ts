import pg from 'pg';
import { databaseUrl } from './browser.js';

/**
 * Runs `fn` with a connection of its own to the test server's database, closed afterwards. For
 * what only the server can change or what a check must read as stored.
 */
export async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** One statement on the test server's database; its rows. */
export async function db<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  return withDb(async (client) => (await client.query<T>(text, params)).rows);
}
