import { beforeAll, describe, expect, it } from 'vitest';
import { signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, lastLogs, post, q } from './support.js';

const ctx = useTestApp();
let id: Record<string, number>;
let admin: string;

beforeAll(async () => {
  id = await ids(ctx, [
    'admin001',
    'agentA01',
    'agentA02',
    'agentA03',
    'agentB01',
    'agentB02',
    'agentB05',
    'agentC01',
    'agentC02',
    'agentC09',
    'agentD01',
    'shadowC01',
    'shadowD01',
    'player001',
  ]);
  admin = await signinAs(ctx.app, 'admin001');
});

/** Tree rules that must hold on the whole database at any time. */
async function treeViolations() {
  return q(
    ctx,
    `select c.account_no, c.site_id from accounts c join accounts p on p.id = c.parent_id
     where c.path <> p.path || p.id
        or c.lvl <> case when c.is_shadow then p.lvl else p.lvl + 1 end
        or (c.kind = 'AGENT' and not c.is_shadow and c.ratio > p.ratio)
        or (p.parent_id is not null and not (c.providers <@ p.providers))
        or (p.parent_id is not null and not (c.bet_limits <@ p.bet_limits))`,
  );
}

describe('rule 4: ratio', () => {
  it('refuses above the parent’s and below a child agent’s; logs RATIO_LOG old → new', async () => {
    const before = await fingerprint(ctx);
    expect(body(await post(ctx, admin, 'agent/change_account_info', { id: id.agentB01, ratio: '90.01' })).code).toBe(2002);
    expect(body(await post(ctx, admin, 'agent/change_account_info', { id: id.agentB01, ratio: '74.99' })).code).toBe(2003);
    expect(await fingerprint(ctx)).toBe(before);
    expect(body(await post(ctx, admin, 'agent/change_account_info', { id: id.agentB01, ratio: '75' })).success).toBe(true);
    expect((await lastLogs(ctx, id.agentB01!, 1))[0]).toMatchObject({
      action: 'RATIO_LOG',
      operator_id: id.admin001,
      before: { ratio: '85.00' },
      after: { ratio: '75.00' },
      ip: '127.0.0.1',
    });
    expect(
      body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentA01, sortField: 'ratio', sortOrder: 'asc' })).data.list[0],
    ).toMatchObject({ accountNo: 'agentB01', ratio: '75.00' });
    expect(await treeViolations()).toEqual([]);
  });

  it.each([
    ['3 decimals', { ratio: '50.123' }],
    ['over 100', { ratio: '100.5' }],
    ['not a number', { ratio: 'abc' }],
    ['a number, not a string', { ratio: 50 }],
    ['unknown field', { colour: 'red' }],
    ['nickName over 32', { nickName: 'n'.repeat(33) }],
    ['provider malformed', { providers: ['ev o'] }],
    ['too many providers', { providers: Array.from({ length: 101 }, () => 'EVO') }],
  ])('bad input (%s) → VALIDATION_FAILED, nothing changes', async (_n, over) => {
    const before = await fingerprint(ctx);
    const res = await post(ctx, admin, 'agent/change_account_info', { id: id.agentB02, ...over });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(1000);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('a player has no ratio (validation error); its nickname change is logged PLAYER_MODIFY', async () => {
    expect(body(await post(ctx, admin, 'player/change_account_info', { id: id.player001, ratio: '1' })).code).toBe(1000);
    expect(body(await post(ctx, admin, 'player/change_account_info', { id: id.player001, nickName: 'Lucky' })).success).toBe(true);
    expect((await lastLogs(ctx, id.player001!, 1))[0]).toMatchObject({
      action: 'PLAYER_MODIFY',
      before: { nickName: 'Player 001' },
      after: { nickName: 'Lucky' },
    });
  });

  it('an agent nickname change is logged OPERATION with before/after', async () => {
    expect(body(await post(ctx, admin, 'agent/change_account_info', { id: id.agentB02, nickName: 'North' })).success).toBe(true);
    expect((await lastLogs(ctx, id.agentB02!, 1))[0]).toMatchObject({
      action: 'OPERATION',
      before: { nickName: 'Agent B02' },
      after: { nickName: 'North' },
    });
  });
});

describe('rule 5: providers and bet limits within the parent’s', () => {
  it('narrowing a parent’s set removes the dropped codes from its whole subtree in one go', async () => {
    const res = await post(ctx, admin, 'agent/change_account_info', {
      id: id.agentA01,
      providers: ['EVO', 'PG', 'JILI'],
      betLimits: ['A', 'B'],
    });
    expect(body(res).success, res.body).toBe(true);
    const [bad] = await q<{ n: number }>(
      ctx,
      `select count(*)::int as n from accounts where path @> array[$1]::int[] and not (providers <@ '{EVO,PG,JILI}' and bet_limits <@ '{A,B}')`,
      [id.agentA01],
    );
    expect(bad!.n).toBe(0);
    const [log] = await lastLogs(ctx, id.agentA01!, 1);
    expect(log).toMatchObject({ action: 'OPERATION', after: { providers: ['EVO', 'PG', 'JILI'], betLimits: ['A', 'B'] } });
    expect((log!.after as { narrowedBelow: number }).narrowedBelow).toBeGreaterThan(0);
    expect(await treeViolations()).toEqual([]);
  });

  it('a child cannot be widened beyond its parent, nor get an unknown code', async () => {
    const before = await fingerprint(ctx);
    expect(body(await post(ctx, admin, 'agent/change_account_info', { id: id.agentB01, providers: ['EVO', 'SABA'] })).code).toBe(2004);
    expect(body(await post(ctx, admin, 'agent/change_account_info', { id: id.agentB01, providers: ['XYZ'] })).code).toBe(2004);
    expect(body(await post(ctx, admin, 'agent/change_account_info', { id: id.agentB01, betLimits: ['C'] })).code).toBe(2005);
    const [player] = await q<{ id: number }>(ctx, `select id from accounts where parent_id = $1 and kind = 'PLAYER' limit 1`, [
      id.agentC01,
    ]);
    expect(body(await post(ctx, admin, 'player/change_account_info', { id: player!.id, providers: ['PP'] })).code).toBe(2004);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('agent/providers: the parent’s options with enabled = this account’s; own id = own set', async () => {
    const opts = body(await post(ctx, admin, 'agent/providers', { id: id.agentB01 })).data;
    expect(opts.map((o: { code: string }) => o.code).sort()).toEqual(['EVO', 'JILI', 'PG']);
    const own = body(await post(ctx, admin, 'agent/providers', { id: id.admin001 })).data;
    expect(own).toHaveLength(6);
    expect(own.find((o: { code: string }) => o.code === 'KY')).toMatchObject({ name: 'Kaiyuan', status: 'MAINTAIN', enabled: true });
    const a02 = body(await post(ctx, admin, 'agent/providers', { id: id.agentA02 })).data;
    expect(a02.filter((o: { enabled: boolean }) => !o.enabled).map((o: { code: string }) => o.code)).toEqual(['KY']);
  });

  it('agent/limits: an agent’s own ratio, providers and bet limits; own id allowed (a shadow: its owner’s)', async () => {
    const b01 = body(await post(ctx, admin, 'agent/limits', { id: id.agentB01 }));
    const [found] = await q(ctx, 'select ratio, providers, bet_limits from accounts where id = $1', [id.agentB01]);
    const row = found as { ratio: number; providers: string[]; bet_limits: string[] } | undefined;
    if (!row) throw new Error('agentB01 is seeded');
    expect(b01.data.ratio).toBe(`${Math.trunc(row.ratio / 100)}.${String(row.ratio % 100).padStart(2, '0')}`);
    expect([...b01.data.providers].sort()).toEqual([...row.providers].sort());
    expect([...b01.data.betLimits].sort()).toEqual([...row.bet_limits].sort());
    const own = body(await post(ctx, admin, 'agent/limits', { id: id.admin001 })).data;
    expect(own.ratio).toBe('100.00');
    expect(own.providers).toHaveLength(6);
    const agentA01 = await signinAs(ctx.app, 'agentA01');
    expect(body(await post(ctx, agentA01, 'agent/limits', { id: id.agentA02 })).code).toBe(1005);
  });

  it('bet_limits lists the site’s presets', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/manage/bet_limits?_t=1',
      headers: { authorization: `Bearer ${admin}`, 'x-site-id': 'tw_web' },
    });
    expect(body(res).data[0]).toEqual({ code: 'A', name: 'A 10–5,000', min: '10.00', max: '5000.00' });
    expect(body(res).data).toHaveLength(5);
  });
});

describe('rule 7: move', () => {
  it('moves an agent up its chain with its whole subtree; logs MOVE_USER', async () => {
    const res = await post(ctx, admin, 'agent/move', { id: id.agentC01, newParentId: id.agentA01 });
    expect(body(res).success, res.body).toBe(true);
    const rows = await q<{ account_no: string; lvl: number; path: number[]; parent_id: number }>(
      ctx,
      `select account_no, lvl, path, parent_id from accounts where id = any($1)`,
      [[id.agentC01, id.agentD01, id.shadowC01, id.shadowD01]],
    );
    const by = Object.fromEntries(rows.map((r) => [r.account_no, r]));
    expect(by.agentC01).toMatchObject({ lvl: 2, parent_id: id.agentA01, path: [id.admin001, id.agentA01] });
    expect(by.agentD01).toMatchObject({ lvl: 3, path: [id.admin001, id.agentA01, id.agentC01] });
    expect(by.shadowC01).toMatchObject({ lvl: 2 });
    expect(by.shadowD01).toMatchObject({ lvl: 3 });
    const [players] = await q<{ lvl: number[] }>(
      ctx,
      `select array_agg(distinct lvl) as lvl from accounts where kind = 'PLAYER' and path @> array[$1]::int[]`,
      [id.agentD01],
    );
    expect(players!.lvl).toEqual([4]);
    expect(await treeViolations()).toEqual([]);
    expect((await lastLogs(ctx, id.agentC01!, 1))[0]).toMatchObject({
      action: 'MOVE_USER',
      operator_id: id.admin001,
      before: { parentId: id.agentB01, lvl: 3 },
      after: { parentId: id.agentA01, lvl: 2 },
    });
    // The moved subtree is now reached through agentA01 directly.
    const a01 = await signinAs(ctx.app, 'agentA01');
    expect(
      body(await post(ctx, a01, 'agent/upper_agents', { id: id.agentD01 })).data.map((u: { accountNo: string }) => u.accountNo),
    ).toEqual(['agentA01', 'agentC01']);
  });

  it('moves a player up to the caller itself', async () => {
    const [player] = await q<{ id: number }>(ctx, `select id from accounts where parent_id = $1 and kind = 'PLAYER' limit 1`, [
      id.agentD01,
    ]);
    const a01 = await signinAs(ctx.app, 'agentA01');
    expect(body(await post(ctx, a01, 'agent/move', { id: player!.id, newParentId: id.agentA01 })).success).toBe(true);
    const [row] = await q<{ lvl: number; parent_id: number }>(ctx, 'select lvl, parent_id from accounts where id = $1', [player!.id]);
    expect(row).toEqual({ lvl: 2, parent_id: id.agentA01 });
    expect(await treeViolations()).toEqual([]);
  });

  it('refuses targets outside the upper chain: the current parent, a sibling, its own subtree', async () => {
    const before = await fingerprint(ctx);
    expect(body(await post(ctx, admin, 'agent/move', { id: id.agentC02, newParentId: id.agentB01 })).code).toBe(2007);
    expect(body(await post(ctx, admin, 'agent/move', { id: id.agentC02, newParentId: id.agentB02 })).code).toBe(2007);
    expect(body(await post(ctx, admin, 'agent/move', { id: id.agentC01, newParentId: id.agentD01 })).code).toBe(2007);
    expect(body(await post(ctx, admin, 'agent/move', { id: id.agentB01, newParentId: id.agentB01 })).code).toBe(2007);
    expect(body(await post(ctx, admin, 'agent/move', { id: id.agentB01 })).code).toBe(1000);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('needs MOVE_USER (PERMISSION_DENIED otherwise)', async () => {
    const a03 = await signinAs(ctx.app, 'agentA03');
    const before = await fingerprint(ctx);
    expect(body(await post(ctx, a03, 'agent/move', { id: id.agentC09, newParentId: id.agentA03 })).code).toBe(1006);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('upper_agents is empty for oneself and starts at the caller', async () => {
    const b05 = await signinAs(ctx.app, 'agentB05');
    expect(body(await post(ctx, b05, 'agent/upper_agents', { id: id.agentB05 })).data).toEqual([]);
    expect(body(await post(ctx, b05, 'agent/upper_agents', { id: id.agentC09 })).data).toEqual([
      { id: id.agentB05, accountNo: 'agentB05', nickName: 'Agent B05', lvl: 2 },
    ]);
  });
});

describe('permission grant', () => {
  it('needs ROLE_PERMISSION_WRITE (PERMISSION_DENIED otherwise, nothing changes), for agents, shadows and a new shadow’s codes', async () => {
    // agentA03 and agentB01 (and so agentC01) do not hold ROLE_PERMISSION_WRITE; agentA01 does.
    const a03 = await signinAs(ctx.app, 'agentA03');
    const b01 = await signinAs(ctx.app, 'agentB01');
    const c01 = await signinAs(ctx.app, 'agentC01');
    const before = await fingerprint(ctx);
    for (const [token, path, payload] of [
      [a03, 'agent/change_permissions', { id: id.agentB05, permissions: ['GAME_READ'] }],
      [a03, 'agent/change_permissions', { id: id.agentB05, permissions: [] }],
      [b01, 'agent/change_permissions', { id: id.agentC01, permissions: ['GAME_READ'] }],
      [c01, 'shadow/change_permissions', { id: id.shadowC01, permissions: [] }],
      [c01, 'shadow/create', { accountNo: 'noGrant01', nickName: 'Desk', password: 'Secret123', permissions: ['GAME_READ'] }],
    ] as const) {
      const res = await post(ctx, token, path, payload);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
      expect(body(res).code, path).toBe(1006);
    }
    expect(await fingerprint(ctx)).toBe(before);
    // A shadow without codes needs no permission management.
    expect(
      body(await post(ctx, c01, 'shadow/create', { accountNo: 'noGrant02', nickName: 'Desk', password: 'Secret123', permissions: [] }))
        .success,
    ).toBe(true);
  });

  it('grants only codes the caller holds (PERMISSION_NOT_HELD); logs OPERATION before/after', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    const before = await fingerprint(ctx);
    expect(body(await post(ctx, a01, 'agent/change_permissions', { id: id.agentB01, permissions: ['GAME_READ', 'DEVELOPER'] })).code).toBe(
      2012,
    );
    expect(body(await post(ctx, a01, 'agent/change_permissions', { id: id.agentB01, permissions: ['NOT_A_CODE'] })).code).toBe(1000);
    expect(await fingerprint(ctx)).toBe(before);
    expect(body(await post(ctx, admin, 'agent/change_permissions', { id: id.agentB05, permissions: ['GAME_READ'] })).success).toBe(true);
    const [log] = await lastLogs(ctx, id.agentB05!, 1);
    expect(log).toMatchObject({ action: 'OPERATION', after: { permissions: ['GAME_READ'] } });
    expect(Array.isArray((log!.before as { permissions: string[] }).permissions)).toBe(true);
    const [shadow] = await q<{ id: number }>(ctx, `select id from accounts where site_id = 'tw_web' and account_no = 'shadowA01'`);
    expect(
      body(await post(ctx, a01, 'shadow/change_permissions', { id: shadow!.id, permissions: ['MOVE_USER', 'GAME_READ'] })).success,
    ).toBe(true);
    expect(
      body(await post(ctx, a01, 'shadow/list', {})).data.list.find((s: { accountNo: string }) => s.accountNo === 'shadowA01').permissions,
    ).toEqual(['MOVE_USER', 'GAME_READ']);
  });
});
