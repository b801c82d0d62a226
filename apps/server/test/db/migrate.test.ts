import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/db/client.js';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate.js';
import { withDatabase } from '../global-setup.js';

it('several processes migrating one empty database at once all succeed, once', async () => {
  const { adminUrl, template } = inject('pg');
  const name = `${template}_mig_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)} template template0`);
  // three independent pools stand for three server processes starting together
  const pools = [0, 1, 2].map(() => createDatabase(withDatabase(adminUrl, name), { max: 1 }));
  try {
    await Promise.all(pools.map((d) => runMigrations(d.pool)));
    const { rows } = await pools[0]!.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(rows[0].n).toBe(journal.entries.length);
    const tables = await pools[0]!.pool.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    // 9 up to the members issue, + ledger_transactions and ledger_entries, + client_errors,
    // ..., + content_items and images, + provider_merchants, + provider_pullbacks and provider_held_transfers,
    // + roles, account_roles and site_role_seeds, + game_categories, games, lobby_modules and lobby_module_games,
    // + store_settings, points_accounts, points_entries, points_bet_earnings, points_bet_queue, store_categories, store_goods, store_orders, player_sessions,
    // + account_contacts, one_time_codes, outbound_messages and password_reset_requests
    expect(tables.rows[0].n).toBe(45);
  } finally {
    await Promise.all(pools.map((d) => d.close()));
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin.end();
  }
});
