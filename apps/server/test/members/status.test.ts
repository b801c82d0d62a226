import { beforeAll, describe, expect, it } from 'vitest';
import { signin, signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, lastLogs, post, q } from './support.js';

const ctx = useTestApp();
let id: Record<string, number>;
let admin: string;
const alive = async (token: string) => (await post(ctx, token, 'agent/lower_agents', {})).statusCode;
const status = (token: string, path: string, targetId: number, action: string) =>
  post(ctx, token, `${path}/change_status`, { id: targetId, action });

beforeAll(async () => {
  id = await ids(ctx, [
    'admin001',
    'agentA01',
    'agentA02',
    'agentA03',
    'agentB01',
    'agentB02',
    'agentB03',
    'agentB05',
    'agentC01',
    'shadowA01',
    'shadowB01',
    'player001',
  ]);
  admin = await signinAs(ctx.app, 'admin001');
});

describe('rule 3: status actions and their cascade', () => {
  it('DISABLE: only this account (and its shadows) lose their sessions and cannot sign in; ACTIVE undoes it', async () => {
    const b01 = await signinAs(ctx.app, 'agentB01');
    const shadow = await signinAs(ctx.app, 'shadowB01');
    const child = await signinAs(ctx.app, 'agentC01');
    expect(body(await status(admin, 'agent', id.agentB01!, 'DISABLE')).success).toBe(true);
    expect(await alive(b01)).toBe(401);
    expect(await alive(shadow)).toBe(401);
    expect(await alive(child)).toBe(200);
    expect(body(await signin(ctx.app, 'agentB01')).code).toBe(1002);
    const [log] = await lastLogs(ctx, id.agentB01!, 1);
    expect(log).toMatchObject({
      action: 'DISABLE',
      operator_id: id.admin001,
      ip: '127.0.0.1',
      before: { isDisabled: false },
      after: { isDisabled: true },
    });
    const rows = body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentA01, status: 'DISABLED' })).data.list;
    expect(rows.map((r: { accountNo: string }) => r.accountNo)).toEqual(['agentB01']);

    expect(body(await status(admin, 'agent', id.agentB01!, 'ACTIVE')).success).toBe(true);
    expect(await alive(b01)).toBe(401); // revoked sessions stay revoked
    expect(body(await signin(ctx.app, 'agentB01')).success).toBe(true);
    expect((await lastLogs(ctx, id.agentB01!, 1))[0]).toMatchObject({
      action: 'ACTIVE',
      before: { isDisabled: true },
      after: { isDisabled: false },
    });
  });

  it('FULLY_DISABLE: every session of the subtree (shadows included) ends, nobody below signs in; FULLY_ACTIVE undoes it', async () => {
    const tokens = await Promise.all(['agentA01', 'shadowA01', 'agentB02', 'shadowB01', 'agentC01'].map((n) => signinAs(ctx.app, n)));
    const outside = await signinAs(ctx.app, 'agentA02');
    expect(body(await status(admin, 'agent', id.agentA01!, 'FULLY_DISABLE')).success).toBe(true);
    for (const t of tokens) expect(await alive(t)).toBe(401);
    expect(await alive(outside)).toBe(200);
    expect(body(await signin(ctx.app, 'agentC01')).code).toBe(1002);
    expect(body(await signin(ctx.app, 'shadowA01')).code).toBe(1002);
    const [open] = await q<{ n: number }>(
      ctx,
      `select count(*)::int as n from sessions s join accounts a on a.id = s.account_id where s.revoked_at is null and (a.id = $1 or a.path @> array[$1]::int[])`,
      [id.agentA01],
    );
    expect(open!.n).toBe(0);
    const under = body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentB01 })).data.list;
    expect(under.every((r: { inheritedFullDisabled: boolean }) => r.inheritedFullDisabled)).toBe(true);
    expect(
      body(await post(ctx, admin, 'player/list', { parentId: id.agentC01, status: 'FULL_DISABLED', pageSize: 100 })).data.total,
    ).toBeGreaterThan(0);
    expect((await lastLogs(ctx, id.agentA01!, 1))[0]).toMatchObject({
      action: 'FULLY_DISABLE',
      before: { isFullDisabled: false },
      after: { isFullDisabled: true },
    });

    expect(body(await status(admin, 'agent', id.agentA01!, 'FULLY_ACTIVE')).success).toBe(true);
    expect(body(await signin(ctx.app, 'agentC01')).success).toBe(true);
    expect((await lastLogs(ctx, id.agentA01!, 1))[0]).toMatchObject({ action: 'FULLY_ACTIVE' });
  });

  it('FULLY_READ_ONLY: the subtree keeps its sessions and may look, but not write; the cancel restores writing', async () => {
    const b05 = await signinAs(ctx.app, 'agentB05');
    expect(body(await status(admin, 'agent', id.agentA03!, 'FULLY_READ_ONLY')).success).toBe(true);
    expect(await alive(b05)).toBe(200);
    const [child] = await q<{ id: number }>(ctx, `select id from accounts where parent_id = $1 and kind = 'AGENT' limit 1`, [id.agentB05]);
    expect(body(await post(ctx, b05, 'agent/change_account_info', { id: child!.id, nickName: 'X' })).code).toBe(2006);
    expect(body(await signin(ctx.app, 'agentB05')).success).toBe(true);
    expect(body(await status(admin, 'agent', id.agentA03!, 'FULLY_READ_ONLY_CANCEL')).success).toBe(true);
    expect(body(await post(ctx, b05, 'agent/change_account_info', { id: child!.id, nickName: 'X' })).success).toBe(true);
    expect((await lastLogs(ctx, id.agentA03!, 2)).map((l) => l.action)).toEqual(['FULLY_READ_ONLY_CANCEL', 'FULLY_READ_ONLY']);
  });

  it('players take status actions too', async () => {
    expect(body(await status(admin, 'player', id.player001!, 'DISABLE')).success).toBe(true);
    const [row] = await q<{ is_disabled: boolean }>(ctx, 'select is_disabled from accounts where id = $1', [id.player001]);
    expect(row!.is_disabled).toBe(true);
    expect((await lastLogs(ctx, id.player001!, 1))[0]).toMatchObject({ action: 'DISABLE' });
  });

  it('shadows take only ACTIVE and DISABLE (STATUS_NOT_APPLICABLE otherwise); DISABLE ends the shadow’s sessions', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    const shadow = await signinAs(ctx.app, 'shadowA01');
    const before = await fingerprint(ctx);
    for (const action of ['FULLY_DISABLE', 'FULLY_ACTIVE', 'FULLY_READ_ONLY', 'FULLY_READ_ONLY_CANCEL']) {
      expect(body(await status(a01, 'shadow', id.shadowA01!, action)).code).toBe(2011);
    }
    expect(await fingerprint(ctx)).toBe(before);
    expect(body(await status(a01, 'shadow', id.shadowA01!, 'DISABLE')).success).toBe(true);
    expect(await alive(shadow)).toBe(401);
    expect(
      body(await post(ctx, a01, 'shadow/list', { status: 'DISABLED' })).data.list.map((s: { accountNo: string }) => s.accountNo),
    ).toEqual(['shadowA01']);
    // The agent endpoint does not address shadows, nor the shadow endpoint agents.
    expect(body(await status(a01, 'agent', id.shadowA01!, 'ACTIVE')).code).toBe(1005);
    expect(body(await status(a01, 'shadow', id.agentB01!, 'ACTIVE')).code).toBe(1005);
    expect(body(await status(a01, 'shadow', id.shadowA01!, 'ACTIVE')).success).toBe(true);
  });

  it('a caller cannot change its own status; bad actions are validation errors', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    const before = await fingerprint(ctx);
    expect(body(await status(a01, 'agent', id.agentA01!, 'DISABLE')).code).toBe(1005);
    expect(body(await status(admin, 'agent', id.admin001!, 'DISABLE')).code).toBe(1005);
    for (const payload of [
      { id: id.agentB01, action: 'BOGUS' },
      { id: id.agentB01 },
      { action: 'DISABLE' },
      { id: id.agentB01, action: 'DISABLE', extra: true },
      { id: 'x', action: 'DISABLE' },
    ]) {
      expect(body(await post(ctx, admin, 'agent/change_status', payload)).code).toBe(1000);
    }
    expect(await fingerprint(ctx)).toBe(before);
  });
});

describe('rule 3: a restriction is lifted only by the level that set it or a level above it', () => {
  type Row = { accountNo: string; disabledBy: unknown; fullDisabledBy: unknown; fullReadonlyBy: unknown };
  const rowOf = async (token: string, parentId: number, accountNo: string) =>
    (body(await post(ctx, token, 'agent/lower_agents', { parentId, pageSize: 100 })).data.list as Row[]).find(
      (r) => r.accountNo === accountNo,
    )!;
  const setters = async (targetId: number) =>
    (
      await q<{ disabled_by: number | null; full_disabled_by: number | null; full_readonly_by: number | null }>(
        ctx,
        'select disabled_by, full_disabled_by, full_readonly_by from accounts where id = $1',
        [targetId],
      )
    )[0]!;

  it('the admin disables agentB02: agentA01 (between them) cannot lift it, nothing changes; the admin can', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    expect(body(await status(admin, 'agent', id.agentB02!, 'DISABLE')).success).toBe(true);
    expect((await setters(id.agentB02!)).disabled_by).toBe(id.admin001);
    expect((await lastLogs(ctx, id.agentB02!, 1))[0]).toMatchObject({
      action: 'DISABLE',
      before: { isDisabled: false, disabledBy: null },
      after: { isDisabled: true, disabledBy: 'admin001' },
    });
    // The lists say who set it and whether this caller may lift it.
    expect((await rowOf(a01, id.agentA01!, 'agentB02')).disabledBy).toEqual({ accountNo: 'admin001', liftable: false });
    expect((await rowOf(admin, id.agentA01!, 'agentB02')).disabledBy).toEqual({ accountNo: 'admin001', liftable: true });
    const shadow = await signinAs(ctx.app, 'shadowA01');
    expect((await rowOf(shadow, id.agentA01!, 'agentB02')).disabledBy).toEqual({ accountNo: 'admin001', liftable: false });

    const before = await fingerprint(ctx);
    const refused = await status(a01, 'agent', id.agentB02!, 'ACTIVE');
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 2013, success: false });
    expect(await fingerprint(ctx)).toBe(before);
    expect(body(await signin(ctx.app, 'agentB02')).code).toBe(1002);

    // Setting it again from below does not make it agentA01's to lift.
    expect(body(await status(a01, 'agent', id.agentB02!, 'DISABLE')).success).toBe(true);
    expect((await setters(id.agentB02!)).disabled_by).toBe(id.admin001);
    expect(body(await status(a01, 'agent', id.agentB02!, 'ACTIVE')).code).toBe(2013);

    expect(body(await status(admin, 'agent', id.agentB02!, 'ACTIVE')).success).toBe(true);
    expect(body(await signin(ctx.app, 'agentB02')).success).toBe(true);
    expect((await setters(id.agentB02!)).disabled_by).toBeNull();
    expect((await rowOf(admin, id.agentA01!, 'agentB02')).disabledBy).toBeNull();
    expect((await lastLogs(ctx, id.agentB02!, 1))[0]).toMatchObject({
      action: 'ACTIVE',
      operator_id: id.admin001,
      before: { isDisabled: true, disabledBy: 'admin001' },
      after: { isDisabled: false, disabledBy: null },
    });
  });

  it('agentA01’s own restriction can be lifted by agentA01 and by the admin', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    expect(body(await status(a01, 'agent', id.agentB02!, 'DISABLE')).success).toBe(true);
    expect((await rowOf(a01, id.agentA01!, 'agentB02')).disabledBy).toEqual({ accountNo: 'agentA01', liftable: true });
    expect(body(await status(a01, 'agent', id.agentB02!, 'ACTIVE')).success).toBe(true);
    expect(body(await status(a01, 'agent', id.agentB02!, 'DISABLE')).success).toBe(true);
    expect(body(await status(admin, 'agent', id.agentB02!, 'ACTIVE')).success).toBe(true);
    expect(body(await signin(ctx.app, 'agentB02')).success).toBe(true);
  });

  it('holds for every restriction kind, deeper in the tree too: only the setter’s chain upwards lifts it', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    const b01 = await signinAs(ctx.app, 'agentB01');
    for (const [set, lift, column] of [
      ['FULLY_DISABLE', 'FULLY_ACTIVE', 'fullDisabledBy'],
      ['FULLY_READ_ONLY', 'FULLY_READ_ONLY_CANCEL', 'fullReadonlyBy'],
      ['DISABLE', 'ACTIVE', 'disabledBy'],
    ] as const) {
      // agentA01 restricts agentC01 (below agentB01): agentB01 may not lift it, agentA01 and the admin may.
      expect(body(await status(a01, 'agent', id.agentC01!, set)).success).toBe(true);
      expect((await rowOf(b01, id.agentB01!, 'agentC01'))[column]).toEqual({ accountNo: 'agentA01', liftable: false });
      const before = await fingerprint(ctx);
      expect(body(await status(b01, 'agent', id.agentC01!, lift)).code).toBe(2013);
      expect(await fingerprint(ctx)).toBe(before);
      expect(body(await status(a01, 'agent', id.agentC01!, lift)).success).toBe(true);
      expect(body(await status(a01, 'agent', id.agentC01!, set)).success).toBe(true);
      expect(body(await status(admin, 'agent', id.agentC01!, lift)).success).toBe(true);
      // Set from above: agentA01 may not lift it.
      expect(body(await status(admin, 'agent', id.agentC01!, set)).success).toBe(true);
      expect(body(await status(a01, 'agent', id.agentC01!, lift)).code).toBe(2013);
      expect(body(await status(admin, 'agent', id.agentC01!, lift)).success).toBe(true);
    }
    // Shadows: the owner's restriction of its shadow is the owner's to lift; the admin's is not.
    expect(body(await status(admin, 'shadow', id.shadowA01!, 'DISABLE')).success).toBe(true);
    expect(body(await status(a01, 'shadow', id.shadowA01!, 'ACTIVE')).code).toBe(2013);
    expect(body(await status(admin, 'shadow', id.shadowA01!, 'ACTIVE')).success).toBe(true);
  });

  it('a restriction with no recorded setter counts as the site admin’s', async () => {
    await q(ctx, 'update accounts set is_full_readonly = true, full_readonly_by = null where id = $1', [id.agentB02]);
    const a01 = await signinAs(ctx.app, 'agentA01');
    expect((await rowOf(a01, id.agentA01!, 'agentB02')).fullReadonlyBy).toEqual({ accountNo: 'admin001', liftable: false });
    expect(body(await status(a01, 'agent', id.agentB02!, 'FULLY_READ_ONLY_CANCEL')).code).toBe(2013);
    expect(body(await status(admin, 'agent', id.agentB02!, 'FULLY_READ_ONLY_CANCEL')).success).toBe(true);
    expect((await setters(id.agentB02!)).full_readonly_by).toBeNull();
  });
});
