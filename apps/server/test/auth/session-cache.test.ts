import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { AUTH_CHANNEL, createDatabase, type Database } from '../../src/db/client.js';
import { SessionCache } from '../../src/core/session-cache.js';
import type { Caller } from '../../src/core/caller.js';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';

// The points earning job would otherwise run statements on the pool every 5 s, inside the
// windows where these tests count the statements of one request.
const quiet = { store: { earningIntervalMs: 0 } };
const ctx = useTestApp(quiet);
/** A second server process on the same database: its own pool, its own cache, its own LISTEN connection. */
let other: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  const database = createDatabase(String(ctx.database.pool.options.connectionString), { max: 2 });
  const app = await buildApp({ db: database.db, pool: database.pool, config: { rateLimit: false, ...quiet } });
  await app.ready();
  other = { app, database };
});

afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
});

const sql = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);

/** `GET /api/getPermCode` (the auth and nothing else) and how many statements it sent to the database. */
async function permCodes(app: FastifyInstance, pool: Database['pool'], token: string) {
  let statements = 0;
  const count = () => statements++;
  pool.on('acquire', count);
  try {
    const res = await call(app, 'GET', '/api/getPermCode', undefined, { token, site: 'tw_web' });
    return { status: res.statusCode, codes: res.statusCode === 200 ? (body(res).data as string[]) : undefined, statements };
  } finally {
    pool.off('acquire', count);
  }
}

/**
 * Asks until the server answers this token without a statement: its caller is kept (the cache
 * keeps nothing before its LISTEN connection is in place, a moment after the first request).
 */
async function untilKept(app: FastifyInstance, pool: Database['pool'], token: string): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = await permCodes(app, pool, token);
    expect(answer.status).toBe(200);
    if (answer.statements === 0) return answer.codes!;
    if (Date.now() > deadline) throw new Error('the caller was never kept');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const here = () => ({ app: ctx.app, pool: ctx.database.pool });
const there = () => ({ app: other.app, pool: other.database.pool });

describe('the session cache', () => {
  it('a kept caller is answered without the auth statement', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const first = await permCodes(ctx.app, ctx.database.pool, token);
    expect(first.statements).toBe(1);
    const codes = await untilKept(ctx.app, ctx.database.pool, token);
    expect(codes).toEqual(first.codes);
  });

  it('sign-out counts from the very next request', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    await untilKept(ctx.app, ctx.database.pool, token);
    expect((await call(ctx.app, 'POST', '/api/manage/signout', undefined, { token, site: 'tw_web' })).statusCode).toBe(200);
    expect((await permCodes(ctx.app, ctx.database.pool, token)).status).toBe(401);
  });

  // Each change is written by SQL on this process's pool, as a script or another module would:
  // the triggers announce it, whoever writes.
  const changes: { name: string; account: string; change: (id: number) => Promise<unknown>; undo?: (id: number) => Promise<unknown> }[] = [
    {
      name: 'a revoked session',
      account: 'agentA02',
      change: (id) => sql(`update sessions set revoked_at = now() where account_id = $1`, [id]),
    },
    {
      name: 'an expiry moved into the past',
      account: 'agentA02',
      change: (id) => sql(`update sessions set expires_at = now() - interval '1 second' where account_id = $1`, [id]),
    },
    {
      name: 'the account disabled',
      account: 'agentB02',
      change: (id) => sql(`update accounts set is_disabled = true where id = $1`, [id]),
      undo: (id) => sql(`update accounts set is_disabled = false where id = $1`, [id]),
    },
    {
      name: 'an ancestor fully disabled',
      account: 'agentC04',
      change: () => sql(`update accounts set is_full_disabled = true where site_id = 'tw_web' and account_no = 'agentA01'`),
      undo: () => sql(`update accounts set is_full_disabled = false where site_id = 'tw_web' and account_no = 'agentA01'`),
    },
    {
      name: 'the session deleted',
      account: 'agentA03',
      change: (id) => sql(`delete from sessions where account_id = $1`, [id]),
    },
  ];
  for (const { name, account, change, undo } of changes) {
    it(`${name} counts from the very next request`, async () => {
      const token = await signinAs(ctx.app, account);
      await untilKept(ctx.app, ctx.database.pool, token);
      const id = await accountId(ctx, account);
      await change(id);
      try {
        expect((await permCodes(ctx.app, ctx.database.pool, token)).status).toBe(401);
      } finally {
        await undo?.(id);
      }
    });
  }

  it('a grant changed and a role taken away count from the very next request', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const id = await accountId(ctx, 'agentA01');
    const { rows } = await sql(`select role_codes from accounts where id = $1`, [id]);
    const roleCodes: string[] = rows[0].role_codes;
    expect(roleCodes.length).toBeGreaterThan(0);
    expect(await untilKept(ctx.app, ctx.database.pool, token)).not.toEqual([]);
    // The own grant emptied: what is left is what the roles give (the parent is the admin).
    await sql(`update accounts set permissions = '{}' where id = $1`, [id]);
    const rolesOnly = await permCodes(ctx.app, ctx.database.pool, token);
    expect(rolesOnly.statements).toBe(1);
    expect([...rolesOnly.codes!].sort()).toEqual([...roleCodes].sort());
    // Kept again, then the roles go (their codes leave role_codes through the role triggers).
    await untilKept(ctx.app, ctx.database.pool, token);
    await sql(`delete from account_roles where account_id = $1`, [id]);
    expect((await permCodes(ctx.app, ctx.database.pool, token)).codes).toEqual([]);
  });

  it('another process drops its kept caller when the notification arrives', async () => {
    const token = await signinAs(ctx.app, 'agentB01');
    await untilKept(there().app, there().pool, token);
    await untilKept(here().app, here().pool, token);
    expect((await call(ctx.app, 'POST', '/api/manage/signout', undefined, { token, site: 'tw_web' })).statusCode).toBe(200);
    expect((await permCodes(ctx.app, ctx.database.pool, token)).status).toBe(401);
    const deadline = Date.now() + 5000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await permCodes(other.app, other.database.pool, token)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });

  it('credit moves and sign-ins (balance, last sign-in) do not drop kept callers', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    await untilKept(ctx.app, ctx.database.pool, token);
    const target = await accountId(ctx, 'agentA01');
    const moved = await call(
      ctx.app,
      'POST',
      '/api/manage/agent/recharge',
      { id: target, amount: '1.00' },
      {
        token,
        site: 'tw_web',
        headers: { 'idempotency-key': 'session-cache-keeps-0001' },
      },
    );
    expect(body(moved).success, moved.body).toBe(true);
    await signinAs(ctx.app, 'admin001');
    expect((await permCodes(ctx.app, ctx.database.pool, token)).statements).toBe(0);
  });

  it('a session expiring while its caller is kept is refused at its expiry', async () => {
    const token = await signinAs(ctx.app, 'agentB03');
    const id = await accountId(ctx, 'agentB03');
    await sql(`update sessions set expires_at = now() + interval '1 second' where account_id = $1`, [id]);
    await untilKept(ctx.app, ctx.database.pool, token);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await permCodes(ctx.app, ctx.database.pool, token)).status).toBe(401);
  });

  it('the accounts trigger names every column but the balance and the last sign-in', async () => {
    const { rows } = await sql(`
      select a.attname
        from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
       where t.tgname = 'accounts_auth_changed'`);
    const named = rows.map((r) => r.attname).sort();
    const { rows: columns } = await sql(
      `select column_name from information_schema.columns where table_name = 'accounts' and table_schema = current_schema()`,
    );
    const expected = columns
      .map((c) => c.column_name)
      .filter((c) => !['balance', 'last_login_at', 'last_login_ip'].includes(c))
      .sort();
    expect(named).toEqual(expected);
  });
});

describe('SessionCache on its own', () => {
  const caller = { siteId: 'tw_web', sessionId: 1 } as unknown as Caller;
  const later = new Date(Date.now() + 3_600_000);
  let cache: SessionCache;
  let notifications: EventEmitter;

  beforeAll(() => {
    notifications = new EventEmitter();
    cache = new SessionCache({
      notifications,
      connection: ctx.database.pool.options,
      log: { warn: () => undefined },
      max: 10,
      ttlMs: 60_000,
    });
  });
  afterAll(() => cache.stop());

  async function listening(): Promise<void> {
    const deadline = Date.now() + 5000;
    for (;;) {
      cache.set('probe', caller, later, cache.mark());
      if (cache.get('probe', 'tw_web', new Date())) return;
      if (Date.now() > deadline) throw new Error('never listening');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('keeps nothing before its LISTEN connection is in place', () => {
    const fresh = new SessionCache({
      notifications,
      connection: { host: '127.0.0.1', port: 1 },
      log: { warn: () => undefined },
      max: 10,
      ttlMs: 60_000,
    });
    expect(fresh.get('t', 'tw_web', new Date())).toBeUndefined();
    fresh.set('t', caller, later, fresh.mark());
    expect(fresh.get('t', 'tw_web', new Date())).toBeUndefined();
    return fresh.stop();
  });

  it('does not store a lookup that began before a change, and drops only the changed site', async () => {
    await listening();
    const mark = cache.mark();
    notifications.emit(AUTH_CHANNEL, 'tw_web');
    cache.set('a', caller, later, mark);
    expect(cache.get('a', 'tw_web', new Date())).toBeUndefined();

    cache.set('a', caller, later, cache.mark());
    const elsewhere = { ...caller, siteId: 'richman' } as Caller;
    cache.set('b', elsewhere, later, cache.mark());
    notifications.emit(AUTH_CHANNEL, 'richman');
    expect(cache.get('a', 'tw_web', new Date())).toBe(caller);
    expect(cache.get('b', 'richman', new Date())).toBeUndefined();
    // another site's token is not this site's caller
    expect(cache.get('a', 'richman', new Date())).toBeUndefined();
    notifications.emit(AUTH_CHANNEL, '*');
    expect(cache.get('a', 'tw_web', new Date())).toBeUndefined();
  });

  it('keeps a caller at most ttlMs whatever is heard, and at most max callers', async () => {
    const short = new SessionCache({
      notifications: new EventEmitter(),
      connection: ctx.database.pool.options,
      log: { warn: () => undefined },
      max: 3,
      ttlMs: 300,
    });
    try {
      const deadline = Date.now() + 5000;
      while ((short.set('t', caller, later, short.mark()), !short.get('t', 'tw_web', new Date()))) {
        if (Date.now() > deadline) throw new Error('never listening');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Nothing is heard from here on: only the cap takes the caller away.
      expect(short.get('t', 'tw_web', new Date())).toBe(caller);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(short.get('t', 'tw_web', new Date())).toBeUndefined();

      for (const token of ['a', 'b', 'c', 'd']) short.set(token, caller, later, short.mark());
      expect(short.size).toBe(3);
      expect(short.get('a', 'tw_web', new Date())).toBeUndefined();
      expect(short.get('d', 'tw_web', new Date())).toBe(caller);
    } finally {
      await short.stop();
    }
  });
});
