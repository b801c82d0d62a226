import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/db/client.js';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate.js';
import { withDatabase } from '../global-setup.js';

/** The migrations folder as it was up to (and including) `lastTag`. */
function folderUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mig-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, last + 1);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  expect(readdirSync(dir).length).toBe(entries.length + 1);
  return dir;
}

it("migration 0015 gives every site a merchant account at every provider with the platform's former status and secret", async () => {
  const { adminUrl, template } = inject('pg');
  const name = `${template}_m15_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)} template template0`);
  const database = createDatabase(withDatabase(adminUrl, name), { max: 1 });
  const before = folderUpTo('0014_restriction_setters');
  try {
    await runMigrations(database.pool, before);
    const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    await q(`insert into sites (id, name, mode, time_zone, default_locale, hosts) values
      ('tw_web', 'Web', 'default', 'Asia/Taipei', 'zh_TW', '{localhost}'), ('tw_mc', 'MC', 'cabinet', 'Asia/Taipei', 'zh_TW', '{tw-mc.localhost}')`);
    await q(`insert into providers (code, name, status, secret, secret_rotated_at) values
      ('EVO', 'Evolution', 'ACTIVE', 'evo-secret', '2026-01-02T03:04:05Z'), ('KY', 'Kaiyuan', 'MAINTAIN', null, null)`);

    await runMigrations(database.pool);
    const { rows } = await q(`select site_id, provider_code, status, secret, secret_rotated_at from provider_merchants order by 1, 2`);
    const at = new Date('2026-01-02T03:04:05Z');
    expect(rows).toEqual([
      { site_id: 'tw_mc', provider_code: 'EVO', status: 'ACTIVE', secret: 'evo-secret', secret_rotated_at: at },
      { site_id: 'tw_mc', provider_code: 'KY', status: 'MAINTAIN', secret: null, secret_rotated_at: null },
      { site_id: 'tw_web', provider_code: 'EVO', status: 'ACTIVE', secret: 'evo-secret', secret_rotated_at: at },
      { site_id: 'tw_web', provider_code: 'KY', status: 'MAINTAIN', secret: null, secret_rotated_at: null },
    ]);
    // The catalogue keeps only code and name.
    const { rows: columns } = await q(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'providers' order by ordinal_position`,
    );
    expect(columns.map((c: { column_name: string }) => c.column_name)).toEqual(['code', 'name']);
  } finally {
    rmSync(before, { recursive: true, force: true });
    await database.close();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin.end();
  }
});
