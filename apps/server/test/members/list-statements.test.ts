import { beforeAll, describe, expect, it } from 'vitest';
import { signinAs, useTestApp } from '../helpers.js';
import { body, ids, post, q } from './support.js';
import { statementNames } from '../statement-names.js';

/**
 * The member lists run as named prepared statements whose text depends on the list and the sort
 * only (filters are parameters): one statement serves every filter, and PostgreSQL switches to
 * its generic plan after five runs on a connection. These tests run each request more than five
 * times so the generic plan answers too, and check the answers against the table itself.
 */
const ctx = useTestApp();
let id: Record<'admin001' | 'agentA01' | 'agentB01' | 'agentC01' | 'agentD01', number>;
let admin: string;
const nos = (list: { accountNo: string }[]) => list.map((r) => r.accountNo);

const namesDuring = (fn: () => Promise<unknown>) => statementNames(ctx.database.pool, fn);

/** The direct agents of `parentId` as the list must show them, straight from the table. */
async function agentsOf(parentId: number, where = 'true', params: unknown[] = []): Promise<string[]> {
  const rows = await q<{ account_no: string }>(
    ctx,
    `select account_no from accounts where parent_id = $1 and kind = 'AGENT' and not is_shadow and ${where}
      order by created_at desc, id desc`,
    [parentId, ...params],
  );
  return rows.map((r) => r.account_no);
}

beforeAll(async () => {
  id = (await ids(ctx, ['admin001', 'agentA01', 'agentB01', 'agentC01', 'agentD01'])) as typeof id;
  admin = await signinAs(ctx.app, 'admin001');
});

describe('member lists as named statements', () => {
  it('one statement for every filter of a sort, right rows each time, past the generic-plan switch', async () => {
    const cases: [Record<string, unknown>, () => Promise<string[]>][] = [
      [{ parentId: id.agentA01 }, () => agentsOf(id.agentA01)],
      [{ parentId: id.agentA01, accountNo: 'B0' }, () => agentsOf(id.agentA01, `lower(account_no) like '%b0%'`)],
      [{ parentId: id.agentA01, nickName: 'agent b02' }, () => agentsOf(id.agentA01, `lower(nick_name) like '%agent b02%'`)],
      [{ status: 'NORMAL' }, () => agentsOf(id.admin001)],
      [{ status: 'DISABLED' }, async () => []],
      [{ parentId: id.agentC01 }, () => agentsOf(id.agentC01)],
    ];
    const names = await namesDuring(async () => {
      for (let round = 0; round < 7; round++) {
        for (const [payload, expected] of cases) {
          const data = body(await post(ctx, admin, 'agent/lower_agents', payload)).data;
          const want = await expected();
          expect(nos(data.list), JSON.stringify(payload)).toEqual(want);
          expect(data.total, JSON.stringify(payload)).toBe(want.length);
        }
      }
    });
    const pages = new Set(names.filter((n) => n.startsWith('member_page_')));
    expect(pages.size).toBe(1);
  });

  it('a sort is a statement of its own (a new shape), and answers in its order', async () => {
    const names = await namesDuring(async () => {
      for (let round = 0; round < 6; round++) {
        const asc = body(await post(ctx, admin, 'agent/lower_agents', { sortField: 'accountNo', sortOrder: 'asc' })).data;
        expect(nos(asc.list)).toEqual(['agentA01', 'agentA02', 'agentA03']);
        const desc = body(await post(ctx, admin, 'agent/lower_agents', { sortField: 'accountNo', sortOrder: 'desc' })).data;
        expect(nos(desc.list)).toEqual(['agentA03', 'agentA02', 'agentA01']);
        const filtered = body(
          await post(ctx, admin, 'agent/lower_agents', { sortField: 'accountNo', sortOrder: 'asc', accountNo: 'a02' }),
        ).data;
        expect(nos(filtered.list)).toEqual(['agentA02']);
      }
    });
    expect(new Set(names.filter((n) => n.startsWith('member_page_'))).size).toBe(2);
  });

  it('empty pages: no children, a page past the end, and a parent out of reach', async () => {
    const [leaf] = await q<{ id: number }>(
      ctx,
      `select a.id from accounts a where a.kind = 'AGENT' and not a.is_shadow and a.site_id = 'tw_web'
         and not exists (select 1 from accounts c where c.parent_id = a.id and c.kind = 'AGENT' and not c.is_shadow)
         and a.path @> array[$1]::integer[] limit 1`,
      [id.admin001],
    );
    const [other] = await q<{ id: number }>(ctx, `select id from accounts where site_id <> 'tw_web' and kind = 'AGENT' limit 1`);
    for (let round = 0; round < 6; round++) {
      expect(body(await post(ctx, admin, 'agent/lower_agents', { parentId: leaf!.id })).data).toMatchObject({ total: 0, list: [] });
      const past = body(await post(ctx, admin, 'agent/lower_agents', { parentId: id.agentA01, page: 5 })).data;
      expect(past).toMatchObject({ page: 5, total: (await agentsOf(id.agentA01)).length, list: [] });
      expect(body(await post(ctx, admin, 'agent/lower_agents', { parentId: other!.id })).code).toBe(
        body(await post(ctx, admin, 'agent/lower_agents', { parentId: 999_999 })).code,
      );
      expect(body(await post(ctx, admin, 'agent/lower_agents', { parentId: other!.id })).success).toBe(false);
      // A player is not a parent of agents.
      const [player] = await q<{ id: number }>(ctx, `select id from accounts where parent_id = $1 and kind = 'PLAYER' limit 1`, [
        id.agentD01,
      ]);
      expect(body(await post(ctx, admin, 'player/list', { parentId: player!.id })).success).toBe(false);
    }
  });

  it('player/list: the verification filter on and off through one statement', async () => {
    const [all] = await q<{ n: number }>(ctx, `select count(*)::int as n from accounts where parent_id = $1 and kind = 'PLAYER'`, [
      id.agentD01,
    ]);
    const [verified] = await q<{ n: number }>(
      ctx,
      `select count(*)::int as n from accounts where parent_id = $1 and kind = 'PLAYER' and verify_status = 'VERIFIED'`,
      [id.agentD01],
    );
    const names = await namesDuring(async () => {
      for (let round = 0; round < 6; round++) {
        expect(body(await post(ctx, admin, 'player/list', { parentId: id.agentD01, pageSize: 100 })).data.total).toBe(all!.n);
        const v = body(await post(ctx, admin, 'player/list', { parentId: id.agentD01, pageSize: 100, verifyStatus: 'VERIFIED' })).data;
        expect(v.total).toBe(verified!.n);
        expect(v.list.every((r: { verifyStatus: string }) => r.verifyStatus === 'VERIFIED')).toBe(true);
      }
    });
    expect(new Set(names.filter((n) => n.startsWith('member_page_'))).size).toBe(1);
  });
});
