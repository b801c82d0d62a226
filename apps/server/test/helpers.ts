import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Envelope } from '@agent-bo/shared';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { createDatabase, type Database } from '../src/db/client.js';
import { DEMO_CREDENTIALS } from '../src/db/seed/demo-credentials.js';
import { withDatabase } from './global-setup.js';

export { DEMO_CREDENTIALS };

/** A fresh database cloned from the run's migrated, demo-seeded template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl, template } = inject('pg');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two files cloning at once can briefly see the template "in use": retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(template)}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Delays requested by the sign-in throttle (instead of sleeping). */
  delays: number[];
}

/**
 * Registers beforeAll/afterAll for one test file: its own database (cloned template) and an app
 * answering through `app.inject`. Sign-in delays are recorded, not slept; the global rate limit is
 * off unless `config.rateLimit` says otherwise.
 */
export function useTestApp(config: BuildAppOptions['config'] = {}): TestContext {
  const ctx = { delays: [] as number[] } as TestContext;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    ctx.database = createDatabase(created.url, { max: 4 });
    ctx.app = await buildApp({
      db: ctx.database.db,
      pool: ctx.database.pool,
      config: {
        rateLimit: false,
        sleep: async (ms) => {
          ctx.delays.push(ms);
        },
        ...config,
      },
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await drop?.();
  });
  return ctx;
}

// Tests read response data loosely; the route schemas already type it for real callers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Envelope<any>;

export function body(res: LightMyRequestResponse): Json {
  return res.json() as Json;
}

export interface CallOptions {
  token?: string;
  site?: string;
  host?: string;
  ip?: string;
  lang?: string;
  headers?: Record<string, string>;
}

function headersOf(o: CallOptions): Record<string, string> {
  const h: Record<string, string> = { ...o.headers };
  if (o.token) h.authorization = `Bearer ${o.token}`;
  if (o.site) h['x-site-id'] = o.site;
  if (o.host) h.host = o.host;
  if (o.lang) h['accept-language'] = o.lang;
  return h;
}

export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, payload?: unknown, o: CallOptions = {}) {
  return app.inject({
    method,
    url,
    payload: payload as InjectOptions['payload'],
    headers: headersOf(o),
    remoteAddress: o.ip ?? '127.0.0.1',
  });
}

export function signin(app: FastifyInstance, accountNo: string, password: string = DEMO_CREDENTIALS.password, o: CallOptions = {}) {
  return call(app, 'POST', '/api/manage/signin', { accountNo, password }, { site: 'tw_web', ...o });
}

/** Signs in (demo password) and returns the token; fails the test when sign-in fails. */
export async function signinAs(app: FastifyInstance, accountNo: string, o: CallOptions = {}): Promise<string> {
  const res = await signin(app, accountNo, DEMO_CREDENTIALS.password, o);
  const b = body(res);
  if (!b.success) throw new Error(`sign-in as ${accountNo} failed: ${res.body}`);
  return b.data.token as string;
}

/** Account id by account number on a site, straight from the database. */
export async function accountId(ctx: TestContext, accountNo: string, site = 'tw_web'): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ id: number }>('select id from accounts where site_id = $1 and account_no = $2', [
    site,
    accountNo,
  ]);
  if (!rows[0]) throw new Error(`no account ${accountNo} on ${site}`);
  return rows[0].id;
}

let ipCounter = 0;
/** A fresh client address, so sign-in failure counters of one test do not leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}
