import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from '@agent-bo/shared';
import { body, call, signinAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
const overview = (token: string) => call(ctx.app, 'POST', '/api/manage/dashboard/overview', {}, { token, site: 'tw_web' });

/** The expected figures, counted independently with a recursive walk instead of the path column. */
async function expected(accountNo: string) {
  const { rows } = await ctx.database.pool.query(
    `with recursive me as (select id, balance from accounts where site_id = 'tw_web' and account_no = $1),
     tree as (select a.id, a.parent_id, a.kind, a.is_shadow, 1 as depth from accounts a join me on a.parent_id = me.id
              union all select a.id, a.parent_id, a.kind, a.is_shadow, t.depth + 1 from accounts a join tree t on a.parent_id = t.id)
     select (select balance::text from me) as balance,
            count(*) filter (where depth = 1 and kind = 'AGENT' and not is_shadow)::int as direct_agents,
            count(*) filter (where depth = 1 and kind = 'PLAYER')::int as direct_players,
            count(*) filter (where kind = 'AGENT' and not is_shadow)::int as subtree_agents,
            count(*) filter (where kind = 'PLAYER')::int as subtree_players
     from tree`,
    [accountNo],
  );
  const r = rows[0];
  return {
    balance: formatMinorUnits(r.balance),
    directAgents: r.direct_agents,
    directPlayers: r.direct_players,
    subtreeAgents: r.subtree_agents,
    subtreePlayers: r.subtree_players,
  };
}

describe('POST /api/manage/dashboard/overview', () => {
  it('admin: the whole site tree (33 agents, 300 players), balance = −(sum of the others)', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    const data = body(await overview(token)).data;
    expect(data).toMatchObject({ accountNo: 'admin001', lvl: 0, isShadow: false, directAgents: 3, subtreeAgents: 33, subtreePlayers: 300 });
    expect(data).toMatchObject(await expected('admin001'));
    const { rows } = await ctx.database.pool.query(`select sum(balance)::text as s from accounts where site_id = 'tw_web'`);
    expect(rows[0].s).toBe('0');
    expect(data.balance.startsWith('-')).toBe(true);
  });

  it('agents at each level match an independent count of their subtree', async () => {
    for (const accountNo of ['agentA01', 'agentB04', 'agentC12']) {
      const token = await signinAs(ctx.app, accountNo);
      const data = body(await overview(token)).data;
      expect(data).toMatchObject({ accountNo, ...(await expected(accountNo)) });
    }
  });

  it('a shadow sees its owner’s figures', async () => {
    const token = await signinAs(ctx.app, 'shadowA01');
    const data = body(await overview(token)).data;
    expect(data).toMatchObject({ accountNo: 'shadowA01', isShadow: true, ...(await expected('agentA01')) });
  });

  it('last login is the sign-in before the current session', async () => {
    const first = await signinAs(ctx.app, 'agentB06', { ip: '192.0.2.10' });
    expect(body(await overview(first)).data).toMatchObject({ lastLoginAt: null, lastLoginIp: null });
    const second = await signinAs(ctx.app, 'agentB06', { ip: '192.0.2.11' });
    const data = body(await overview(second)).data;
    expect(data.lastLoginIp).toBe('192.0.2.10');
    expect(data.lastLoginAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
