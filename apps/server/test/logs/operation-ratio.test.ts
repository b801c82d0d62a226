import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';
import { namesOf, statementNames } from '../statement-names.js';

/**
 * The operation and ratio tabs of /log/index: scoping (own subtree only, never a sibling's or
 * another site's), filters, paging, bad input, CSV and the absence of any edit endpoint.
 *
 * Rows are inserted in January 2030 (Taipei), far from anything the seed or other tests write, and
 * every query names that window.
 */
const ctx = useTestApp();
let id: Record<string, number>;
let admin: string;
let agentA01: string;

const WINDOW = { start: '2030-01-01 12:00:00', end: '2030-02-01 11:59:59' };

const post = (token: string, tab: string, payload: unknown) =>
  call(ctx.app, 'POST', `/api/manage/log/${tab}`, payload, { token, site: 'tw_web' });
const get = (token: string | undefined, path: string) => call(ctx.app, 'GET', path, undefined, { token, site: 'tw_web' });

async function insertLog(
  site: string,
  operatorId: number | null,
  targetId: number,
  action: string,
  at: string,
  before: unknown = null,
  after: unknown = null,
) {
  // `at` is a Taipei wall clock (UTC+8).
  await ctx.database.pool.query(
    `insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at)
     values ($1, $2, $3, $4, $5, $6, '10.0.0.1', ($7::timestamp at time zone 'Asia/Taipei'))`,
    [
      site,
      operatorId,
      targetId,
      action,
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
      at,
    ],
  );
}

beforeAll(async () => {
  id = {};
  for (const n of ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentB03', 'agentC01', 'shadowA01']) id[n] = await accountId(ctx, n);
  const mcB01 = await accountId(ctx, 'agentB01', 'tw_mc');
  const mcAdmin = await accountId(ctx, 'admin001', 'tw_mc');

  await insertLog('tw_web', id.admin001!, id.agentA01!, 'ACTIVE', '2030-01-05 10:00:00');
  await insertLog('tw_web', id.agentA01!, id.agentB01!, 'DISABLE', '2030-01-05 11:00:00', { isDisabled: false }, { isDisabled: true });
  await insertLog('tw_web', id.admin001!, id.agentB03!, 'DISABLE', '2030-01-05 11:30:00'); // sibling subtree (A02)
  await insertLog('tw_web', id.admin001!, id.admin001!, 'PWD_CHANGE', '2030-01-05 11:40:00'); // above agentA01
  await insertLog('tw_mc', mcAdmin, mcB01, 'DISABLE', '2030-01-05 11:50:00'); // another site
  // Ratio changes: one inside A01's subtree, one in A02's.
  await insertLog('tw_web', id.agentA01!, id.agentB01!, 'RATIO_LOG', '2030-01-06 09:00:00', { ratio: '50.00' }, { ratio: '45.50' });
  await insertLog('tw_web', id.admin001!, id.agentA02!, 'RATIO_LOG', '2030-01-06 10:00:00', { ratio: '80.00' }, { ratio: '70.00' });
  await insertLog('tw_web', id.agentA01!, id.agentC01!, 'RATIO_LOG', '2030-01-06 11:00:00', { ratio: null }, { ratio: '30.00' });
  // A business-day edge: 11:59:59 and 12:00:00 on Jan 20.
  await insertLog('tw_web', id.agentA01!, id.agentC01!, 'VERIFY', '2030-01-20 11:59:59');
  await insertLog('tw_web', id.agentA01!, id.agentC01!, 'VERIFY', '2030-01-20 12:00:00');
  // Twelve password changes deep inside, one per hour, for paging.
  for (let h = 0; h < 12; h++)
    await insertLog('tw_web', id.agentB01!, id.agentC01!, 'PWD_CHANGE', `2030-01-10 ${String(h).padStart(2, '0')}:15:00`);

  admin = await signinAs(ctx.app, 'admin001');
  agentA01 = await signinAs(ctx.app, 'agentA01');
});

type Row = {
  id: number;
  action: string;
  operatorAccountNo: string | null;
  targetAccountNo: string | null;
  createdAt: string;
  before: unknown;
  after: unknown;
  ip: string | null;
};

async function list(token: string, payload: Record<string, unknown> = {}): Promise<{ total: number; list: Row[] }> {
  const res = await post(token, 'operation', { ...WINDOW, pageSize: 100, ...payload });
  const b = body(res);
  expect(b.success, res.body).toBe(true);
  return b.data;
}

describe('POST /api/manage/log/operation — scope', () => {
  it('an agent sees its own and its subtree’s rows, never a sibling’s, its parent’s or another site’s', async () => {
    const { list: rows, total } = await list(agentA01);
    const targets = new Set(rows.map((r) => r.targetAccountNo));
    expect(targets).toEqual(new Set(['agentA01', 'agentB01', 'agentC01']));
    expect(total).toBe(rows.length);
    expect(rows.some((r) => r.targetAccountNo === 'agentB03' || r.targetAccountNo === 'admin001' || r.targetAccountNo === 'agentA02')).toBe(
      false,
    );
  });

  it('a shadow sees its owner’s scope', async () => {
    const shadow = await signinAs(ctx.app, 'shadowA01');
    const mine = await list(agentA01);
    const its = await list(shadow);
    expect(its.list.map((r) => r.id)).toEqual(mine.list.map((r) => r.id));
  });

  it('the admin’s shadow sees the admin’s whole site through prepared statements; a subtree’s are planned per request', async () => {
    const shadow = await signinAs(ctx.app, 'shadow00');
    const everything = await list(admin);
    // Past five runs on a connection PostgreSQL answers prepared statements with their generic plan.
    const names = await statementNames(ctx.database.pool, async () => {
      for (let i = 0; i < 7; i++) {
        expect(await list(shadow)).toEqual(everything);
        const mine = await list(admin, { target: 'agentB03' });
        expect(mine.list.map((r) => r.targetAccountNo)).toEqual(['agentB03']);
      }
    });
    expect(namesOf(names, 'log_operation_page_')).toHaveLength(2);
    const subtree = await statementNames(ctx.database.pool, () => list(agentA01));
    expect(namesOf(subtree, 'log_')).toEqual([]);
  });

  it('the admin sees its whole site (itself included) but not another site', async () => {
    const { list: rows } = await list(admin);
    const targets = new Set(rows.map((r) => r.targetAccountNo));
    expect(targets.has('agentB03')).toBe(true);
    expect(targets.has('admin001')).toBe(true);
    expect(rows.filter((r) => r.targetAccountNo === 'agentB01' && r.action === 'DISABLE')).toHaveLength(1);
    expect(rows.some((r) => r.createdAt === '2030-01-05 11:50:00')).toBe(false);
  });

  it('a level-2 agent does not see its parent level', async () => {
    const b01 = await signinAs(ctx.app, 'agentB01');
    const { list: rows } = await list(b01);
    expect(new Set(rows.map((r) => r.targetAccountNo))).toEqual(new Set(['agentB01', 'agentC01']));
  });

  it('answers rows with times in the site zone, operator, before/after and IP, newest first', async () => {
    const { list: rows } = await list(agentA01, { action: 'DISABLE' });
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'DISABLE',
        operatorAccountNo: 'agentA01',
        targetAccountNo: 'agentB01',
        before: { isDisabled: false },
        after: { isDisabled: true },
        ip: '10.0.0.1',
        createdAt: '2030-01-05 11:00:00',
      }),
    ]);
    const all = (await list(admin)).list.map((r) => r.createdAt);
    expect([...all].sort().reverse()).toEqual(all);
  });
});

describe('POST /api/manage/log/operation — filters and paging', () => {
  it('filters by operator and target account numbers, exact and case-insensitive', async () => {
    const byOperator = await list(admin, { operator: 'AGENTB01' });
    expect(byOperator.total).toBe(12);
    expect(byOperator.list.every((r) => r.operatorAccountNo === 'agentB01')).toBe(true);
    const byTarget = await list(admin, { target: 'agentc01' });
    expect(byTarget.list.every((r) => r.targetAccountNo === 'agentC01')).toBe(true);
    expect(byTarget.total).toBe(15); // 12 PWD_CHANGE + 2 VERIFY + 1 RATIO_LOG
    // Exact, not a prefix.
    expect((await list(admin, { target: 'agentC0' })).total).toBe(0);
    // Someone else's subtree filtered for: nothing, not an error.
    expect((await list(agentA01, { target: 'agentB03' })).total).toBe(0);
  });

  it('filters by action', async () => {
    const res = await list(admin, { action: 'VERIFY' });
    expect(res.total).toBe(2);
    expect(res.list.every((r) => r.action === 'VERIFY')).toBe(true);
  });

  it('takes start and end as site wall clocks, both inclusive to the second (business day edge)', async () => {
    const verify = (start: string, end: string) => list(admin, { action: 'VERIFY', start, end });
    // Business day Jan 19 runs 2030-01-19 12:00:00 → 2030-01-20 11:59:59.
    expect((await verify('2030-01-19 12:00:00', '2030-01-20 11:59:59')).list.map((r) => r.createdAt)).toEqual(['2030-01-20 11:59:59']);
    expect((await verify('2030-01-20 12:00:00', '2030-01-21 11:59:59')).list.map((r) => r.createdAt)).toEqual(['2030-01-20 12:00:00']);
    expect((await verify('2030-01-20 11:59:59', '2030-01-20 12:00:00')).total).toBe(2);
  });

  it('pages on the server (10, 50, 80, 100), newest first', async () => {
    const filter = { operator: 'agentB01' };
    const first = await list(admin, { ...filter, page: 1, pageSize: 10 });
    expect(first.total).toBe(12);
    expect(first.list).toHaveLength(10);
    expect(first.list[0]!.createdAt).toBe('2030-01-10 11:15:00');
    const second = await list(admin, { ...filter, page: 2, pageSize: 10 });
    expect(second.list.map((r) => r.createdAt)).toEqual(['2030-01-10 01:15:00', '2030-01-10 00:15:00']);
    for (const pageSize of [50, 80, 100]) expect((await list(admin, { ...filter, pageSize })).list).toHaveLength(12);
  });
});

describe('POST /api/manage/log/ratio', () => {
  it('lists RATIO_LOG rows with old and new ratio, scoped', async () => {
    const res = body(await post(agentA01, 'ratio', WINDOW));
    expect(res.success).toBe(true);
    expect(res.data.list).toEqual([
      expect.objectContaining({
        targetAccountNo: 'agentC01',
        operatorAccountNo: 'agentA01',
        oldRatio: null,
        newRatio: '30.00',
        createdAt: '2030-01-06 11:00:00',
      }),
      expect.objectContaining({
        targetAccountNo: 'agentB01',
        operatorAccountNo: 'agentA01',
        oldRatio: '50.00',
        newRatio: '45.50',
        createdAt: '2030-01-06 09:00:00',
      }),
    ]);
    const all = body(await post(admin, 'ratio', { ...WINDOW, target: 'AGENTA02' }));
    expect(all.data.list).toEqual([expect.objectContaining({ oldRatio: '80.00', newRatio: '70.00' })]);
  });
});

describe('bad input', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['operation', 'a date in the wrong format', { start: '2030/01/01 00:00:00' }],
    ['operation', 'an ISO date', { end: '2030-01-01T00:00:00Z' }],
    ['operation', 'an impossible date', { start: '2030-02-30 12:00:00' }],
    ['operation', 'an unknown action', { action: 'DROP_TABLE' }],
    ['operation', 'an extra field', { sortField: 'id' }],
    ['operation', 'a page size off the list', { pageSize: 20 }],
    ['operation', 'a page below 1', { page: 0 }],
    ['operation', 'an over-long account number', { operator: 'x'.repeat(13) }],
    ['ratio', 'an action on the ratio tab', { action: 'RATIO_LOG' }],
    ['cash', 'an unknown kind', { kind: 'GIFT' }],
    ['transfer', 'a non-transfer kind', { kind: 'RECHARGE' }],
    ['cash', 'a number for a date', { start: 20300101 }],
  ];
  it.each(cases)('%s: %s → validation envelope', async (tab, _what, payload) => {
    const res = await post(admin, tab, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, code: 1000 });
  });

  it('needs a session', async () => {
    const res = await call(ctx.app, 'POST', '/api/manage/log/operation', {}, { site: 'tw_web' });
    expect(res.statusCode).toBe(401);
    expect((await get(undefined, '/api/manage/log/operation/export')).statusCode).toBe(401);
  });
});

describe('append-only', () => {
  it('no endpoint edits or deletes a log row', async () => {
    const [row] = (await list(admin, { action: 'VERIFY' })).list;
    for (const tab of ['operation', 'cash', 'ratio', 'transfer']) {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const res = await call(ctx.app, method, `/api/manage/log/${tab}`, { id: row!.id }, { token: admin, site: 'tw_web' });
        expect([404, 405], `${method} ${tab}`).toContain(res.statusCode);
        expect(body(res).success).toBe(false);
      }
      for (const path of [`${tab}/${row!.id}`, `${tab}/edit`, `${tab}/update`, `${tab}/delete`, `${tab}/remove`]) {
        for (const method of ['POST', 'PUT', 'DELETE'] as const) {
          const res = await call(ctx.app, method, `/api/manage/log/${path}`, { id: row!.id }, { token: admin, site: 'tw_web' });
          expect([404, 405], `${method} ${path}`).toContain(res.statusCode);
        }
      }
    }
    const after = (await list(admin, { action: 'VERIFY' })).list;
    expect(after[0]).toEqual(row);
  });

  it('the database refuses UPDATE and DELETE on operation_logs too', async () => {
    await expect(
      ctx.database.pool.query(`update operation_logs set action = 'ACTIVE' where id = (select max(id) from operation_logs)`),
    ).rejects.toThrow();
    await expect(ctx.database.pool.query(`delete from operation_logs where id = (select max(id) from operation_logs)`)).rejects.toThrow();
  });
});

describe('CSV export', () => {
  it('GET /api/manage/log/operation/export: BOM, header row, the filtered rows, a file name', async () => {
    const qs = new URLSearchParams({ ...WINDOW, operator: 'agentB01', _t: '1' });
    const res = await get(admin, `/api/manage/log/operation/export?${qs}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="operation-log-\d{14}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,createdAt,action,operatorAccountNo,targetAccountNo,target,before,after,ip');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/^\d+,2030-01-10 11:15:00,PWD_CHANGE,agentB01,agentC01,,,,10\.0\.0\.1$/);
  });

  it('is scoped like the list and quotes JSON', async () => {
    const qs = new URLSearchParams({ ...WINDOW, action: 'DISABLE' });
    const res = await get(agentA01, `/api/manage/log/operation/export?${qs}`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"{""isDisabled"":false}","{""isDisabled"":true}"');
  });

  it('exports the ratio log', async () => {
    const res = await get(agentA01, `/api/manage/log/ratio/export?${new URLSearchParams(WINDOW)}`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,createdAt,targetAccountNo,operatorAccountNo,oldRatio,newRatio');
    expect(lines.slice(1).map((l) => l.split(',').slice(1).join(','))).toEqual([
      '2030-01-06 11:00:00,agentC01,agentA01,,30.00',
      '2030-01-06 09:00:00,agentB01,agentA01,50.00,45.50',
    ]);
  });

  it('refuses bad filters with the envelope', async () => {
    for (const q of ['start=yesterday', 'action=NOPE', 'page=1', 'unknown=1']) {
      const res = await get(admin, `/api/manage/log/operation/export?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 1000 });
    }
  });
});
