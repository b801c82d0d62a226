import path from 'node:path';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { SERVER_ROOT } from '../env.js';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** Arbitrary constant naming this application's migration lock. */
const MIGRATION_LOCK_KEY = 7_340_212_001;

/**
 * Applies pending drizzle migrations. A session-level advisory lock serialises concurrent starts
 * (several processes behind a load balancer): the second waits, then finds nothing to do.
 */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
