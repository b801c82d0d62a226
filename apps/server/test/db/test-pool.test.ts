import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers.js';
import { TestPool } from '../test-pool.js';

// The tests' own pools must have closed every connection before the database is dropped with
// force: a connection still closing then gets a FATAL that surfaces as an unhandled error.
let database: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

it('close() resolves only once every connection of the pool has ended, and a drop with force right after hears nothing', async () => {
  const pool = new TestPool(database.url, 3);
  const ended = new Set<pg.PoolClient>();
  const clients: pg.PoolClient[] = [];
  pool.on('connect', (client) => {
    clients.push(client);
    client.once('end', () => ended.add(client));
  });
  const errors: unknown[] = [];
  const onError = (err: unknown) => errors.push(err);
  process.on('uncaughtException', onError);
  try {
    await Promise.all([1, 2, 3].map(() => pool.query('select pg_sleep(0.05)')));
    expect(clients).toHaveLength(3);
    await pool.close();
    expect(ended.size).toBe(3);
    await database.drop();
    await new Promise((r) => setTimeout(r, 100));
    expect(errors).toEqual([]);
  } finally {
    process.off('uncaughtException', onError);
  }
});
