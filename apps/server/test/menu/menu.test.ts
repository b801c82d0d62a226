import { describe, expect, it } from 'vitest';
import { MENU, PERMISSION_CODES, filterMenu, toMenuItems } from '@agent-bo/shared';
import { body, call, signinAs, useTestApp } from '../helpers.js';
import { effectiveCodes } from '../../src/core/caller.js';

const ctx = useTestApp();
const get = (url: string, token: string) => call(ctx.app, 'GET', url, undefined, { token, site: 'tw_web' });

async function grantOf(accountNo: string): Promise<string[]> {
  const { rows } = await ctx.database.pool.query(`select permissions from accounts where site_id = 'tw_web' and account_no = $1`, [
    accountNo,
  ]);
  return rows[0].permissions;
}

describe('GET /api/getPermCode', () => {
  it('the admin holds every code', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    expect(body(await get('/api/getPermCode', token)).data).toEqual([...PERMISSION_CODES]);
  });

  it('an agent holds its grant ∩ its parent’s codes', async () => {
    const token = await signinAs(ctx.app, 'agentA03');
    const codes = body(await get('/api/getPermCode', token)).data;
    expect(codes).toEqual(['ACTIVITY_READ', 'GAME_READ', 'STORE_ORDER_READ']);
  });

  it('a code granted directly but missing from the parent is not held', async () => {
    // agentB05 (under agentA03) is given DEVELOPER and CATEGORY_WRITE, which agentA03 lacks
    const before = await grantOf('agentB05');
    await ctx.database.pool.query(
      `update accounts set permissions = permissions || '{DEVELOPER,CATEGORY_WRITE}' where site_id = 'tw_web' and account_no = 'agentB05'`,
    );
    const token = await signinAs(ctx.app, 'agentB05');
    const codes: string[] = body(await get('/api/getPermCode', token)).data;
    expect(codes).not.toContain('DEVELOPER');
    expect(codes).not.toContain('CATEGORY_WRITE');
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => before.includes(c))).toBe(true);
  });

  it('a shadow holds its grant ∩ its owner’s codes', async () => {
    const token = await signinAs(ctx.app, 'shadowA01');
    const codes: string[] = body(await get('/api/getPermCode', token)).data;
    const owner = await grantOf('agentA01');
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c.endsWith('_READ') && owner.includes(c))).toBe(true);
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, 'GET', '/api/getPermCode', undefined, { site: 'tw_web' })).statusCode).toBe(401);
  });
});

describe('effectiveCodes', () => {
  const node = (permissions: string[], parentId: number | null = 1, extra = {}) => ({
    parentId,
    isShadow: false,
    lvl: parentId === null ? 0 : 1,
    permissions,
    roleCodes: [] as string[],
    kind: 'AGENT' as const,
    ...extra,
  });
  it('admin: all; chain: intersection; player: none', () => {
    expect(effectiveCodes([node([], null)])).toEqual([...PERMISSION_CODES]);
    expect(effectiveCodes([node([], null), node(['GAME_READ', 'TAG_READ']), node(['TAG_READ', 'DEVELOPER'])])).toEqual(['TAG_READ']);
    expect(effectiveCodes([node([], null), node(['GAME_READ']), node(['GAME_READ'], 2, { kind: 'PLAYER' })])).toEqual([]);
  });
  it("role codes join the grant, still within the parent's codes", () => {
    const chain = [
      node([], null),
      node(['GAME_READ'], 1, { roleCodes: ['TAG_READ', 'DEVELOPER'] }),
      node([], 2, { roleCodes: ['TAG_READ'] }),
    ];
    expect(effectiveCodes(chain)).toEqual(['TAG_READ']);
    expect(effectiveCodes(chain.slice(0, 2))).toEqual(
      ['DEVELOPER', 'GAME_READ', 'TAG_READ'].sort((a, b) => PERMISSION_CODES.indexOf(a as never) - PERMISSION_CODES.indexOf(b as never)),
    );
  });
});

describe('GET /api/getMenuList', () => {
  it('is the shared catalogue filtered by the caller’s codes', async () => {
    for (const accountNo of ['admin001', 'agentA03', 'agentC12']) {
      const token = await signinAs(ctx.app, accountNo);
      const codes: string[] = body(await get('/api/getPermCode', token)).data;
      const menu = body(await get('/api/getMenuList', token)).data;
      expect(menu).toEqual(JSON.parse(JSON.stringify(toMenuItems(filterMenu(MENU, new Set(codes))))));
      expect(menu[0]).toMatchObject({ path: '/dashboard', meta: { title: 'routes.dashboard', orderNo: 10 } });
    }
  });

  it('shows /announcement with its three children to a holder of ACTIVITY_READ', async () => {
    // agentA03 holds ACTIVITY_READ (see getPermCode above)
    const token = await signinAs(ctx.app, 'agentA03');
    const menu: { path: string; meta: { title: string; orderNo: number }; children?: { path: string }[] }[] = body(
      await get('/api/getMenuList', token),
    ).data;
    const entry = menu.find((m) => m.path === '/announcement');
    expect(entry?.meta).toMatchObject({ title: 'routes.announcement', orderNo: 50 });
    expect(entry?.children?.map((c) => c.path)).toEqual([
      '/announcement/activity',
      '/announcement/announcement',
      '/announcement/broadcast',
    ]);
  });
});
