import { beforeAll, describe, expect, it } from 'vitest';
import { signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, post, q } from './support.js';

const ctx = useTestApp();
let id: Record<string, number>;
let admin: string;
const nos = (list: { accountNo: string }[]) => list.map((r) => r.accountNo);

beforeAll(async () => {
  id = await ids(ctx, ['admin001', 'agentA01', 'agentB01', 'agentC01', 'agentD01']);
  admin = await signinAs(ctx.app, 'admin001');
});

describe('agent/lower_agents', () => {
  it('lists the caller’s direct agents with counts, flags, ratio and money as strings', async () => {
    const data = body(await post(ctx, admin, 'agent/lower_agents', { sortField: 'accountNo', sortOrder: 'asc' })).data;
    expect(data).toMatchObject({ page: 1, pageSize: 10, total: 3 });
    expect(nos(data.list)).toEqual(['agentA01', 'agentA02', 'agentA03']);
    expect(data.list[0]).toMatchObject({
      id: id.agentA01,
      parentId: id.admin001,
      lvl: 1,
      ratio: '90.00',
      childAgents: 2,
      isDisabled: false,
      inheritedFullDisabled: false,
    });
    expect(data.list[0].balance).toMatch(/^\d+\.\d\d$/);
    expect(data.list[0].createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const [players] = await q<{ n: number }>(ctx, `select count(*)::int as n from accounts where parent_id = $1 and kind = 'PLAYER'`, [
      id.agentA01,
    ]);
    expect(data.list[0].childPlayers).toBe(players!.n);
    // The code arrays as the table holds them.
    const [codes] = await q<{ providers: string[]; bet_limits: string[]; permissions: string[] }>(
      ctx,
      `select providers, bet_limits, permissions from accounts where id = $1`,
      [id.agentA01],
    );
    expect(codes!.providers.length).toBeGreaterThan(0);
    expect(data.list[0]).toMatchObject({ providers: codes!.providers, betLimits: codes!.bet_limits, permissions: codes!.permissions });
  });

  it('drills down by parentId; filters by accountNo (contains, any case), nickname and status; sorts', async () => {
    expect(nos(body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentC01 })).data.list)).toEqual(['agentD01']);
    const filtered = body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentA01, accountNo: 'B0' })).data;
    expect(filtered.total).toBe(2);
    expect(body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentA01, accountNo: 'AGENTb01' })).data.total).toBe(1);
    expect(body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentA01, accountNo: '%' })).data.total).toBe(0);
    expect(body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentA01, nickName: 'agent b02' })).data.total).toBe(1);
    expect(body(await post(ctx, admin, 'agent/lower_agents', { status: 'NORMAL' })).data.total).toBe(3);
    expect(body(await post(ctx, admin, 'agent/lower_agents', { status: 'DISABLED' })).data.total).toBe(0);
    const byRatio = body(await post(ctx, admin, 'agent/lower_agents', { sortField: 'ratio', sortOrder: 'asc' })).data.list;
    expect(byRatio.map((r: { ratio: string }) => r.ratio)).toEqual(['80.00', '85.00', '90.00']);
  });

  it.each([
    ['page size 20', { pageSize: 20 }],
    ['page 0', { page: 0 }],
    ['unknown sort field', { sortField: 'password' }],
    ['unknown status', { status: 'GONE' }],
    ['accountNo over 12', { accountNo: 'a'.repeat(13) }],
    ['unknown field', { foo: 1 }],
  ])('bad input (%s) → VALIDATION_FAILED', async (_n, payload) => {
    expect(body(await post(ctx, admin, 'agent/lower_agents', payload)).code).toBe(1000);
  });
});

describe('player/list', () => {
  it('pages through an agent’s players with page sizes 10/50/80/100', async () => {
    const [count] = await q<{ n: number }>(ctx, `select count(*)::int as n from accounts where parent_id = $1 and kind = 'PLAYER'`, [
      id.agentD01,
    ]);
    const p1 = body(
      await post(ctx, admin, 'player/list', { parentId: id.agentD01, pageSize: 10, sortField: 'accountNo', sortOrder: 'asc' }),
    ).data;
    expect(p1.total).toBe(count!.n);
    expect(p1.list).toHaveLength(Math.min(10, count!.n));
    const p2 = body(
      await post(ctx, admin, 'player/list', { parentId: id.agentD01, pageSize: 10, page: 2, sortField: 'accountNo', sortOrder: 'asc' }),
    ).data;
    expect(nos(p2.list).every((n: string) => !nos(p1.list).includes(n))).toBe(true);
    const all = body(await post(ctx, admin, 'player/list', { parentId: id.agentD01, pageSize: 100 })).data;
    expect(all.list).toHaveLength(count!.n);
    expect(all.list[0]).toMatchObject({ parentId: id.agentD01, verifyStatus: expect.any(String), registered: expect.any(Boolean) });
  });

  it('shows a player disabled through an ancestor', async () => {
    await q(ctx, 'update accounts set is_full_disabled = true where id = $1', [id.agentB01]);
    const list = body(await post(ctx, admin, 'player/list', { parentId: id.agentC01, pageSize: 100 })).data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p: { inheritedFullDisabled: boolean }) => p.inheritedFullDisabled)).toBe(true);
    expect(body(await post(ctx, admin, 'player/list', { parentId: id.agentC01, status: 'NORMAL' })).data.total).toBe(0);
    await q(ctx, 'update accounts set is_full_disabled = false where id = $1', [id.agentB01]);
  });
});

describe('reads change nothing', () => {
  it('lists, copy_info, history, upper_agents, providers leave the database as it was', async () => {
    const before = await fingerprint(ctx);
    for (const [path, payload] of [
      ['agent/lower_agents', {}],
      ['player/list', {}],
      ['shadow/list', {}],
      ['agent/copy_info', { id: id.agentA01 }],
      ['agent/history', { id: id.agentA01 }],
      ['agent/upper_agents', { id: id.agentD01 }],
      ['agent/providers', { id: id.agentD01 }],
      ['agent/check_account_no', { accountNo: 'whatever01' }],
    ] as const) {
      expect(body(await post(ctx, admin, path, payload)).success, path).toBe(true);
    }
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('demo accounts have no hand-off: copy_info pwd is null', async () => {
    expect(body(await post(ctx, admin, 'agent/copy_info', { id: id.agentA01 })).data).toEqual({
      url: 'http://localhost:80/login',
      nickName: 'Agent A01',
      accountNo: 'agentA01',
      pwd: null,
      pwdWithheld: false,
    });
  });
});

describe('OpenAPI', () => {
  it('describes every member route with its schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const path of [
      'agent/lower_agents',
      'agent/create',
      'agent/move',
      'player/register',
      'player/verify',
      'shadow/change_status',
      'change_account_info',
    ]) {
      expect(doc.paths[`/api/manage/${path}`]?.post?.requestBody, path).toBeDefined();
    }
    expect(doc.paths['/api/manage/bet_limits']?.get).toBeDefined();
  });
});
