import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';

type Executor = { execute: (query: SQL) => Promise<{ rows: unknown[] }> };
type WithPool = { $client?: pg.Pool; dialect?: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } } };

/**
 * Runs `query` as a named prepared statement when `q` is the pooled database (parsed and planned
 * once per connection instead of on every call — the hot ledger path); inside a transaction it
 * simply executes. The name is derived from the SQL text, so one name never meets two texts.
 */
export async function executeNamed<T>(q: object, query: SQL): Promise<{ rows: T[] }> {
  const { $client: pool, dialect } = q as WithPool;
  if (pool && dialect && typeof pool.query === 'function') {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    return (await pool.query({ name, text, values: params })) as unknown as { rows: T[] };
  }
  return (q as Executor).execute(query) as Promise<{ rows: T[] }>;
}
