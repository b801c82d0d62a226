import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPg } from '../src/db/embedded.js';
import { createDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed/demo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pg: { adminUrl: string; template: string };
  }
}

/** Replaces the database name of a postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

interface SharedPg {
  adminUrl: string;
  template: string;
  stop: () => Promise<void>;
}

/**
 * One PostgreSQL for the whole run: the embedded one in a temp folder (fsync off: test data is
 * disposable), or the server of DATABASE_URL (CI's PostgreSQL 15). A template database is
 * migrated and demo-seeded once; every test file clones it (test/helpers.ts).
 */
async function startSharedPg(): Promise<SharedPg> {
  const external = process.env.DATABASE_URL;
  let embedded: EmbeddedPg | undefined;
  let tmp: string | undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-test-'));
    embedded = await startEmbeddedPostgres({
      dataDir: tmp,
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
    });
    adminUrl = embedded.adminUrl;
  }

  // Unique per run, so two runs against one server never collide.
  const template = `agentbo_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(template)}`);
  await admin.end();

  const database = createDatabase(withDatabase(adminUrl, template), { max: 2 });
  try {
    await runMigrations(database.pool);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }

  const stop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // The template and any per-file clone a crashed worker left behind.
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${template}%`]);
      for (const { datname } of rows) await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
    } finally {
      await client.end();
    }
    await embedded?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
  return { adminUrl, template, stop };
}

/**
 * Vitest runs the global setup once per project, and the date matrix (vitest.instants.config.ts)
 * is one project per instant: they share one PostgreSQL and one template, kept on globalThis
 * (each project loads this file as a module of its own), stopped when the last project is done.
 */
const shared = globalThis as { agentBoTestPg?: { started: Promise<SharedPg>; users: number } };

export default async function setup(project: TestProject) {
  shared.agentBoTestPg ??= { started: startSharedPg(), users: 0 };
  const run = shared.agentBoTestPg;
  run.users += 1;
  const { adminUrl, template } = await run.started;
  project.provide('pg', { adminUrl, template });

  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    delete shared.agentBoTestPg;
    await (await run.started).stop();
  };
}
