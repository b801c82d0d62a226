import http from 'node:http';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOG_EXPORT_MAX_ROWS } from '@agent-bo/shared';
import { csvExport } from '../../src/core/csv.js';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';

/**
 * The streamed CSV export (core/csv.ts) on its own, and through the log export over real HTTP:
 * the file's bytes, the row cap, errors before the first byte, and the pooled connection going
 * back whether the file ends, fails or the client goes away in the middle.
 */
// The file counts the pool's checked-out clients to see the export's own: the app's background
// jobs (points earning every 5 s, image cleanup), which use the same pool, are off, or a tick of
// theirs in the middle of a file counts as a held connection (seen on a slow run).
const ctx = useTestApp({ store: { earningIntervalMs: 0 }, imageCleanup: { intervalMs: 0 } });

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** Clients of the app's pool that are checked out. */
const inUse = () => ctx.database.pool.totalCount - ctx.database.pool.idleCount;

async function eventually(condition: () => boolean, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return condition();
}

describe('csvExport', () => {
  it('writes the BOM, the header row and CRLF lines; quotes commas, quotes and line breaks; defuses formulas', async () => {
    const file = await csvExport(ctx.database.pool, {
      columns: ['a', 'b', 'c'],
      query: sql`select * from (values
        (1, '=SUM(A1)', 'x,y'),
        (2, '-12.50', 'say "hi"'),
        (3, '-cmd', E'two\nlines'),
        (4, null, '@home'),
        (5, E'\tTAB', E'a\rb')) v(a, b, c) order by a`,
      record: (r: { a: number; b: string | null; c: string }) => r,
      trailer: () => [{ a: 'TOTAL', b: { n: 1 }, c: '+1' }],
    });
    expect(await read(file)).toBe(
      '\uFEFFa,b,c\r\n' +
        `1,'=SUM(A1),"x,y"\r\n` +
        '2,-12.50,"say ""hi"""\r\n' +
        `3,'-cmd,"two\nlines"\r\n` +
        `4,,'@home\r\n` +
        `5,'\tTAB,"a\rb"\r\n` +
        `TOTAL,"{""n"":1}",'+1\r\n`,
    );
  });

  it('is the BOM and the header row when there are no rows', async () => {
    const file = await csvExport(ctx.database.pool, {
      columns: ['a', 'b'],
      query: sql`select 1 as a, 2 as b where false`,
      record: (r: object) => r,
    });
    expect(await read(file)).toBe('\uFEFFa,b\r\n');
  });

  it('holds one pooled client while it runs and gives it back at the end', async () => {
    expect(await eventually(() => inUse() === 0)).toBe(true);
    const file = await csvExport(ctx.database.pool, {
      columns: ['x'],
      query: sql`select g as x from generate_series(1, 2000) g`,
      record: (r: object) => r,
    });
    expect(inUse()).toBe(1);
    const text = await read(file);
    expect(text.split('\r\n')).toHaveLength(2002); // header, 2000 rows, the empty string after the last CRLF
    expect(await eventually(() => inUse() === 0)).toBe(true);
  });

  it('fails the stream on a database error after some rows, and discards that connection', async () => {
    expect(await eventually(() => inUse() === 0)).toBe(true);
    const file = await csvExport(ctx.database.pool, {
      columns: ['x'],
      // The error comes with the third batch of rows, after the first ones were written.
      query: sql`select case when g = 1500 then 1 / (g - g) else g end as x from generate_series(1, 2000) g`,
      record: (r: object) => r,
    });
    const total = ctx.database.pool.totalCount;
    await expect(read(file)).rejects.toThrow(/division by zero/);
    expect(await eventually(() => inUse() === 0)).toBe(true);
    expect(ctx.database.pool.totalCount).toBe(total - 1);
    expect((await ctx.database.pool.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
  });
});

describe('a log export of more rows than the cap', () => {
  let admin: string;
  const path = '/api/manage/log/operation/export';

  beforeAll(async () => {
    const target = await accountId(ctx, 'agentB01');
    // Enough rows (about 13 MB of CSV) that the file is still being written when the client leaves.
    await ctx.database.pool.query(
      `insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at)
       select 'tw_web', $1, $1, 'OPERATION', jsonb_build_object('note', repeat('b', 80), 'n', g),
         jsonb_build_object('note', repeat('a', 80), 'n', g), '10.0.0.1', timestamptz '2031-01-01' - make_interval(secs => g)
       from generate_series(1, $2::int) g`,
      [target, LOG_EXPORT_MAX_ROWS + 10],
    );
    admin = await signinAs(ctx.app, 'admin001');
  });

  it('stops at LOG_EXPORT_MAX_ROWS rows, newest first', async () => {
    const res = await call(ctx.app, 'GET', path, undefined, { token: admin, site: 'tw_web' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(1 + LOG_EXPORT_MAX_ROWS);
    expect(lines[1]).toContain('2031-01-01 07:59:59,OPERATION,agentB01,agentB01,');
    expect(await eventually(() => inUse() === 0)).toBe(true);
  });

  it('refuses a bad filter with the envelope before any of the file is sent, holding no connection', async () => {
    // Well-formed, but no such day: found while the query is built.
    const res = await call(ctx.app, 'GET', `${path}?start=2030-02-30%2000:00:00`, undefined, { token: admin, site: 'tw_web' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(body(res)).toMatchObject({ success: false, code: 1000 });
    const bets = await call(ctx.app, 'GET', '/api/manage/bet/export?start=2030-02-30%2000:00:00&end=2030-03-01%2000:00:00', undefined, {
      token: admin,
      site: 'tw_web',
    });
    expect(bets.statusCode).toBe(400);
    expect(body(bets)).toMatchObject({ success: false, code: 1000 });
    expect(inUse()).toBe(0);
  });

  it('gives the pooled connection back when the client goes away in the middle of the file', async () => {
    const pool = ctx.database.pool;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    expect(await eventually(() => inUse() === 0)).toBe(true);

    const midFile = await new Promise<{ status: number | undefined; bytes: number; held: number }>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${admin}`, 'x-site-id': 'tw_web', host: 'localhost' } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            const seen = { status: res.statusCode, bytes: chunk.length, held: inUse() };
            req.destroy(); // the client leaves after the first chunk
            resolve(seen);
          });
          res.once('error', () => undefined);
        },
      );
      req.once('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
    });
    expect(midFile.status).toBe(200);
    expect(midFile.bytes).toBeLessThan(1_000_000);
    expect(midFile.held).toBe(1); // the export was still reading rows

    // The cursor is closed and its client is back, idle and usable; nobody waits for one.
    expect(await eventually(() => inUse() === 0)).toBe(true);
    expect(pool.idleCount).toBe(pool.totalCount);
    expect(pool.waitingCount).toBe(0);
    const again = await call(ctx.app, 'GET', `${path}?action=PWD_CHANGE`, undefined, { token: admin, site: 'tw_web' });
    expect(again.statusCode).toBe(200);
    expect(again.body.startsWith('\uFEFFid,createdAt,action,')).toBe(true);
  });
});
