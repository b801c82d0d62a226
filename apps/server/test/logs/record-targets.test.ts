import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, body, call, signinAs, useTestApp, type Json } from '../helpers.js';

/**
 * Operation-log rows about records that are not accounts (issue 31): the row names its record
 * (`target`: kind, id, name per locale as written) and has no target account; the ids its
 * before/after hold come back with their names (`names`, `<kind>:<id>`, the caller's site only);
 * every field a save changes is in the row.
 */
const ctx = useTestApp();
const OTHER = { site: 'tw_mc', host: 'tw-mc.localhost' } as const;

interface As {
  token: string;
  site?: string;
  host?: string;
}
interface Row {
  id: number;
  action: string;
  operatorAccountNo: string | null;
  targetAccountNo: string | null;
  target?: { kind: string; id: number | string | null; name: Record<string, string> | null; count?: number } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  names?: Record<string, Record<string, string>>;
}

const text = (zh_TW: string, en = '', th = '', vi = '') => ({ zh_TW, en, th, vi });
/** What a save answers (a sort or a delete answers null; their callers do not read it). */
type Saved = { id: number; version: number };
const send = async (as: As, method: 'POST' | 'DELETE', path: string, payload: unknown): Promise<Saved> => {
  const b: Json = body(await call(ctx.app, method, `/api/manage/${path}`, payload, { site: 'tw_web', ...as }));
  expect(b.success, `${path}: ${JSON.stringify(b)}`).toBe(true);
  return b.data as Saved;
};
const post = (as: As, path: string, payload: unknown) => send(as, 'POST', path, payload);

async function q<T = Record<string, unknown>>(sqlText: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(sqlText, params)).rows as T[];
}

/** The operation log as `as` reads it, newest first (everything since the test's start). */
async function logRows(as: As, filters: Record<string, unknown> = {}): Promise<Row[]> {
  const res = await call(ctx.app, 'POST', '/api/manage/log/operation', { pageSize: 100, ...filters }, { site: 'tw_web', ...as });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.list as Row[];
}
/** The last row `as` wrote (the highest id among its rows as operator). */
const newest = async (as: As & { accountNo?: string }) =>
  (await logRows(as, { operator: as.accountNo ?? 'admin001' })).reduce((a, b) => (b.id > a.id ? b : a));

let admin: As;
let a01: As;
let adminId: number;

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  a01 = { token: await signinAs(ctx.app, 'agentA01') };
  adminId = await accountId(ctx, 'admin001');
});

describe('store rows name their record', () => {
  let category: { id: number; version: number };
  let saved: { id: number; version: number };
  const goods = (over: Record<string, unknown> = {}) => ({
    categoryId: category.id,
    name: text('水壺', 'Bottle'),
    description: text('保溫', 'Keeps warm'),
    price: 10,
    stock: 5,
    ...over,
  });

  it('a goods save: the goods as target (no target account), its category by name, the English name alone a change', async () => {
    category = await post(admin, 'store/category/save', { name: text('生活用品', 'Home') });
    saved = await post(admin, 'store/goods/save', goods());
    saved = await post(admin, 'store/goods/save', goods({ id: saved.id, version: saved.version, name: text('水壺', 'Flask') }));
    const row = await newest(admin);
    expect(row).toMatchObject({
      action: 'OPERATION',
      operatorAccountNo: 'admin001',
      targetAccountNo: null,
      target: { kind: 'storeGoods', id: saved.id, name: text('水壺', 'Flask') },
    });
    expect(row.before).toMatchObject({ name: { en: 'Bottle' } });
    expect(row.after).toMatchObject({ name: { en: 'Flask' } });
    expect(row.names).toEqual({
      [`storeGoods:${saved.id}`]: text('水壺', 'Flask'),
      [`storeCategory:${category.id}`]: text('生活用品', 'Home'),
    });
    // Stored without a target account.
    const [stored] = await q<{ target_id: number | null; operator_id: number }>(
      'select target_id, operator_id from operation_logs where id = $1',
      [row.id],
    );
    expect(stored).toEqual({ target_id: null, operator_id: adminId });
  });

  it('a change of the description alone is logged', async () => {
    saved = await post(
      admin,
      'store/goods/save',
      goods({ id: saved.id, version: saved.version, name: text('水壺', 'Flask'), description: text('保溫', 'Keeps hot') }),
    );
    const row = await newest(admin);
    expect(row.target).toMatchObject({ kind: 'storeGoods', id: saved.id });
    expect(row.before).toMatchObject({ description: { en: 'Keeps warm' } });
    expect(row.after).toMatchObject({ description: { en: 'Keeps hot' } });
  });

  it('the category order names each category; a deleted record keeps its id unnamed and its name in the target', async () => {
    const second = await post(admin, 'store/category/save', { name: text('數位', 'Digital'), sort: 9 });
    await post(admin, 'store/category/sort', { ids: [second.id] });
    const order = await newest(admin);
    expect(order.target).toEqual({ kind: 'storeCategoryOrder', id: null, name: null });
    expect(order.names![`storeCategory:${second.id}`]).toEqual(text('數位', 'Digital'));
    expect(order.names![`storeCategory:${category.id}`]).toEqual(text('生活用品', 'Home'));
    const [current] = await q<{ version: number }>('select version from store_categories where id = $1', [second.id]);
    await send(admin, 'DELETE', 'store/category/delete', { id: second.id, version: current!.version });
    const deleted = await newest(admin);
    expect(deleted.target).toEqual({ kind: 'storeCategory', id: second.id, name: text('數位', 'Digital') });
    expect(deleted.names).toEqual({});
    // The earlier order row no longer names the deleted category; the others it still names.
    const again = (await logRows(admin)).find((r) => r.id === order.id)!;
    expect(again.after).toEqual(order.after);
    expect(again.names![`storeCategory:${second.id}`]).toBeUndefined();
    expect(again.names![`storeCategory:${category.id}`]).toEqual(text('生活用品', 'Home'));
  });

  it('the points rate names the store settings', async () => {
    const settings = body(await call(ctx.app, 'GET', '/api/manage/store/settings', undefined, { site: 'tw_web', ...admin })).data as {
      pointsPer100: number;
      version: number;
    };
    await post(admin, 'store/settings', { pointsPer100: settings.pointsPer100 + 1, version: settings.version });
    expect((await newest(admin)).target).toEqual({ kind: 'storeSettings', id: null, name: null });
  });
});

describe('who reads rows about records', () => {
  it('an agent above the operator reads them; the operator’s target filter does not find them as its own', async () => {
    const category = await post(admin, 'store/category/save', { name: text('只給管理員', 'Admin only') });
    const byAdmin = await newest(admin);
    expect(byAdmin.target).toMatchObject({ kind: 'storeCategory', id: category.id });
    // agentA01 is below the admin: the admin's rows are not its to read.
    expect((await logRows(a01)).some((r) => r.id === byAdmin.id)).toBe(false);
    // Filtered by target account admin001, the row about the category is not among them.
    expect((await logRows(admin, { target: 'admin001' })).some((r) => r.id === byAdmin.id)).toBe(false);
    expect((await logRows(admin, { operator: 'admin001' })).some((r) => r.id === byAdmin.id)).toBe(true);
  });

  it('the CSV’s target column holds the record', async () => {
    const category = await post(admin, 'store/category/save', { name: text('匯出', 'Export') });
    const res = await call(ctx.app, 'GET', `/api/manage/log/operation/export?${new URLSearchParams({ operator: 'admin001' })}`, undefined, {
      site: 'tw_web',
      ...admin,
    });
    expect(res.statusCode).toBe(200);
    const [header, line] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('id,createdAt,action,operatorAccountNo,targetAccountNo,target,before,after,ip');
    // The descriptor as JSON (the API's form; the download puts it into words).
    expect(line).toMatch(/^\d+,[^,]+,OPERATION,admin001,,"\{/);
    expect(line).toContain(`""id"":${category.id},""kind"":""storeCategory""`);
    expect(line).toContain('""zh_TW"":""匯出""');
  });
});

describe('material rows', () => {
  it('a module names itself, its games by name; a change of its English title alone is logged', async () => {
    const [game] = await q<{ id: number; names: Record<string, string>; provider_names: Record<string, string>; code: string }>(
      `select id, names, provider_names, code from games where site_id = 'tw_web' order by id limit 1`,
    );
    const module = await post(admin, 'material/collection/save', { title: text('熱門', 'Hot'), gameIds: [game!.id] });
    await post(admin, 'material/collection/save', {
      id: module.id,
      version: module.version,
      title: text('熱門', 'Popular'),
      gameIds: [game!.id],
    });
    const row = await newest(admin);
    expect(row.target).toEqual({ kind: 'lobbyModule', id: module.id, name: text('熱門', 'Popular') });
    expect(row.before).toMatchObject({ title: { en: 'Hot' } });
    expect(row.after).toMatchObject({ title: { en: 'Popular' } });
    const gameName = row.names![`game:${game!.id}`]!;
    const expected = game!.names.zh_TW || game!.provider_names.zh_TW;
    if (expected) expect(gameName.zh_TW).toBe(expected);
    else expect(gameName.zh_TW).toContain(game!.code);
    expect(row.names![`lobbyModule:${module.id}`]).toEqual(text('熱門', 'Popular'));
  });

  it('a game save names the game and its category; a bulk change counts its games', async () => {
    const [game] = await q<{ id: number; version: number; status: string }>(
      `select id, version, status from games where site_id = 'tw_web' order by id limit 1`,
    );
    const [category] = await q<{ id: number; name: Record<string, string> }>(
      `select id, name from game_categories where site_id = 'tw_web' order by sort, id limit 1`,
    );
    await post(admin, 'material/game/save', {
      id: game!.id,
      version: game!.version,
      names: text('測試遊戲', 'Test game'),
      categoryId: category!.id,
      status: game!.status,
    });
    const row = await newest(admin);
    expect(row.target).toEqual({ kind: 'game', id: game!.id, name: expect.objectContaining({ zh_TW: '測試遊戲', en: 'Test game' }) });
    expect(row.names![`gameCategory:${category!.id}`]).toMatchObject({ zh_TW: category!.name.zh_TW });
    await post(admin, 'material/game/bulk_status', { ids: [game!.id], status: game!.status === 'DISABLE' ? 'ACTIVE' : 'DISABLE' });
    const bulk = await newest(admin);
    expect(bulk.target).toEqual({ kind: 'games', id: null, name: null, count: 1 });
    expect(bulk.names![`game:${game!.id}`]).toMatchObject({ zh_TW: '測試遊戲' });
  });

  it('another site’s ids are not named', async () => {
    const [theirs] = await q<{ id: number }>(`select id from game_categories where site_id = 'tw_mc' order by id limit 1`);
    await ctx.database.pool.query(
      `insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip)
       values ('tw_web', $1, $1, 'OPERATION', null, $2, '10.0.0.1')`,
      [adminId, JSON.stringify({ categoryOrder: [theirs!.id] })],
    );
    const row = await newest(admin);
    expect(row.after).toEqual({ categoryOrder: [theirs!.id] });
    expect(row.names).toEqual({});
  });
});

describe('roles and content', () => {
  it('a role save names the role; a change of its description alone is logged; a holder’s history names its roles', async () => {
    const role = await post(admin, 'role/save', { name: text('稽核', 'Audit'), description: text('看帳', 'Reads'), codes: ['GAME_READ'] });
    await post(admin, 'role/save', {
      id: role.id,
      version: role.version,
      name: text('稽核', 'Audit'),
      description: text('看帳', 'Reads books'),
      codes: ['GAME_READ'],
    });
    const row = await newest(admin);
    expect(row.target).toEqual({ kind: 'role', id: role.id, name: text('稽核', 'Audit') });
    expect(row.before).toMatchObject({ roleUpdated: { description: { en: 'Reads' } } });
    expect(row.after).toMatchObject({ roleUpdated: { description: { en: 'Reads books' } } });
    const a01Id = await accountId(ctx, 'agentA01');
    await post(admin, 'role/assign', { accountId: a01Id, roleIds: [role.id] });
    const history = body(
      await call(ctx.app, 'POST', '/api/manage/agent/history', { id: a01Id, pageSize: 10 }, { site: 'tw_web', ...admin }),
    );
    const assigned = (history.data.list as Row[])[0]!;
    expect(assigned.after).toMatchObject({ roles: expect.arrayContaining([role.id]) });
    expect(assigned.names![`role:${role.id}`]).toEqual(text('稽核', 'Audit'));
  });

  it('a content save names the item by its type and title; the pop-up order names its activities', async () => {
    const now = await q<{ start: string; end: string }>(
      `select to_char(now() at time zone 'Asia/Taipei' - interval '1 hour', 'YYYY-MM-DD HH24:MI:SS') as start,
              to_char(now() at time zone 'Asia/Taipei' + interval '1 day', 'YYYY-MM-DD HH24:MI:SS') as end`,
    );
    const item = await post(admin, 'activity/save', {
      type: 'ACTIVITY',
      title: text('夏日盃', 'Summer cup'),
      body: text('<p>內容</p>'),
      startAt: now[0]!.start,
      endAt: now[0]!.end,
      status: 'Published',
    });
    const row = await newest(admin);
    expect(row).toMatchObject({ targetAccountNo: null, target: { kind: 'activity', id: item.id, name: text('夏日盃', 'Summer cup') } });
    expect(row.names![`content:${item.id}`]).toEqual(text('夏日盃', 'Summer cup'));
    await post(admin, 'activity/set_pops', { ids: [item.id] });
    const pops = await newest(admin);
    expect(pops.target).toEqual({ kind: 'popOrder', id: null, name: null });
    expect(pops.names![`content:${item.id}`]).toEqual(text('夏日盃', 'Summer cup'));
  });
});

describe('another site', () => {
  it('reads its own rows only', async () => {
    const other = { token: await signinAs(ctx.app, 'admin001', OTHER), ...OTHER };
    const rows = await logRows(other);
    expect(rows.every((r) => !(r.target?.name && r.target.name.zh_TW === '生活用品'))).toBe(true);
  });
});
