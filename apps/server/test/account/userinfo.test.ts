import { beforeAll, describe, expect, it } from 'vitest';
import { body, call, accountId, signinAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
const userinfo = (token: string, id?: unknown) =>
  call(ctx.app, 'POST', '/api/manage/userinfo', id === undefined ? {} : { id }, { token, site: 'tw_web' });

// Demo tree (per site): admin001 → agentA01 → agentB01 → agentC01 …; shadowA01 belongs to agentA01.
let ids: Record<string, number>;
beforeAll(async () => {
  ids = {};
  for (const no of ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentB03', 'agentC01', 'shadowA01', 'shadowB01', 'player001']) {
    ids[no] = await accountId(ctx, no);
  }
  ids.twMcAgentB01 = await accountId(ctx, 'agentB01', 'tw_mc');
});

describe('POST /api/manage/userinfo', () => {
  it('returns the caller’s own user info without id (and with an empty body)', async () => {
    const token = await signinAs(ctx.app, 'agentB01');
    const res = await userinfo(token);
    expect(body(res).data).toMatchObject({
      id: ids.agentB01,
      accountNo: 'agentB01',
      lvl: 2,
      kind: 'AGENT',
      roles: ['agent'],
      homePath: '/dashboard',
    });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/manage/userinfo',
      headers: { authorization: `Bearer ${token}`, 'x-site-id': 'tw_web' },
    });
    expect(empty.body).toContain('agentB01');
  });

  it('returns an account strictly inside the caller’s subtree', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const child = body(await userinfo(token, ids.agentC01)).data;
    expect(child).toMatchObject({ id: ids.agentC01, accountNo: 'agentC01', lvl: 3 });
    const player = body(await userinfo(token, ids.player001)).data;
    expect(player).toMatchObject({ accountNo: 'player001', kind: 'PLAYER', roles: ['player'] });
    expect(player.permission.permissions).toEqual([]);
  });

  it('refuses outside the subtree, on another site and nonexistent ids with one identical answer', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const answers = await Promise.all([
      userinfo(token, ids.admin001), // the parent
      userinfo(token, ids.agentA02), // a sibling
      userinfo(token, ids.agentB03), // a sibling's child
      userinfo(token, ids.twMcAgentB01), // same account number on another site
      userinfo(token, 2_000_000_000), // nobody
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(body(answers[0]!)).toMatchObject({ code: 1005, success: false, data: null });
  });

  it('even the admin sees nothing of another site', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    expect(body(await userinfo(token, ids.twMcAgentB01)).code).toBe(1005);
    expect(body(await userinfo(token, ids.agentC01)).success).toBe(true);
  });

  it('rejects a bad id with VALIDATION_FAILED', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    for (const id of ['1', -1, 0, 1.5, 2 ** 31]) {
      expect(body(await userinfo(token, id)).code).toBe(1000);
    }
    const extra = await call(ctx.app, 'POST', '/api/manage/userinfo', { id: ids.agentC01, x: 1 }, { token, site: 'tw_web' });
    expect(body(extra).code).toBe(1000);
  });

  it('reports inherited flags: fully read-only from an ancestor', async () => {
    await ctx.database.pool.query(`update accounts set is_full_readonly = true where id = $1`, [ids.agentB01]);
    const token = await signinAs(ctx.app, 'agentA01');
    const info = body(await userinfo(token, ids.agentC01)).data;
    expect(info).toMatchObject({ isFullReadonly: true, isFullDisabled: false, isDisabled: false });
    const own = body(await userinfo(token)).data;
    expect(own.isFullReadonly).toBe(false);
    await ctx.database.pool.query(`update accounts set is_full_readonly = false where id = $1`, [ids.agentB01]);
  });
});

describe('shadow accounts act with their owner’s subtree', () => {
  it('a shadow is flagged, carries its owner’s level and sees the owner’s subtree', async () => {
    const token = await signinAs(ctx.app, 'shadowA01');
    const own = body(await userinfo(token)).data;
    expect(own).toMatchObject({ accountNo: 'shadowA01', isShadow: true, lvl: 1, roles: ['shadow'] });
    expect(body(await userinfo(token, ids.agentC01)).data.accountNo).toBe('agentC01');
    expect(body(await userinfo(token, ids.agentB01)).data.accountNo).toBe('agentB01');
  });

  it('but not its owner nor anything outside', async () => {
    const token = await signinAs(ctx.app, 'shadowA01');
    expect(body(await userinfo(token, ids.agentA01)).code).toBe(1005);
    expect(body(await userinfo(token, ids.agentA02)).code).toBe(1005);
  });

  it('a deeper shadow sees only its own owner’s subtree', async () => {
    const token = await signinAs(ctx.app, 'shadowB01');
    expect(body(await userinfo(token, ids.agentC01)).success).toBe(true);
    expect(body(await userinfo(token, ids.agentB01)).code).toBe(1005);
  });
});
