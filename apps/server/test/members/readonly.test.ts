import { beforeAll, describe, expect, it } from 'vitest';
import { signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, post, q } from './support.js';

const ctx = useTestApp();
let id: Record<string, number>;

beforeAll(async () => {
  id = await ids(ctx, ['agentA01', 'agentA03', 'agentB01', 'agentB02', 'agentB05']);
  // agentB02 fully read-only itself; agentA03 fully read-only, so agentB05 inherits it.
  await q(ctx, 'update accounts set is_full_readonly = true where id = any($1)', [[id.agentB02, id.agentA03]]);
});

/** A child agent, a grandchild and a player strictly inside `root`'s subtree. */
async function targetsUnder(root: number) {
  const [agent] = await q<{ id: number }>(
    ctx,
    `select id from accounts where parent_id = $1 and kind = 'AGENT' and not is_shadow order by id limit 1`,
    [root],
  );
  const [grand] = await q<{ id: number }>(
    ctx,
    `select id from accounts where parent_id = $1 and kind = 'AGENT' and not is_shadow order by id limit 1`,
    [agent!.id],
  );
  const [player] = await q<{ id: number }>(
    ctx,
    `select id from accounts where path @> array[$1]::int[] and kind = 'PLAYER' order by id limit 1`,
    [root],
  );
  const [pending] = await q<{ id: number }>(
    ctx,
    `select id from accounts where path @> array[$1]::int[] and kind = 'PLAYER' order by verify_status = 'PENDING' desc, id limit 1`,
    [root],
  );
  return { agent: agent!.id, grand: grand!.id, player: player!.id, pending: pending!.id };
}

const CALLERS: [string, string, () => number][] = [
  ['a shadow', 'shadowA01', () => id.agentA01!],
  ['a fully read-only agent', 'agentB02', () => id.agentB02!],
  ['an agent below a fully read-only one (inherited)', 'agentB05', () => id.agentB05!],
];

describe('rule 2: shadows and read-only callers cannot write, but still read', () => {
  it.each(CALLERS)('%s (%s): every write is CALLER_READ_ONLY and changes nothing', async (_label, accountNo, root) => {
    const token = await signinAs(ctx.app, accountNo);
    const t = await targetsUnder(root());
    const writes: [string, Record<string, unknown>][] = [
      ['agent/create', { accountNo: 'roAgent01', nickName: 'X', password: 'Secret123', ratio: '1', providers: [], betLimits: [] }],
      ['player/create', { accountNo: 'roPlayer01', nickName: 'X', password: 'Secret123', providers: [], betLimits: [] }],
      ['shadow/create', { accountNo: 'roShadow01', nickName: 'X', password: 'Secret123', permissions: [] }],
      ['agent/change_account_info', { id: t.agent, nickName: 'Changed' }],
      ['player/change_account_info', { id: t.player, nickName: 'Changed' }],
      ['agent/change_status', { id: t.agent, action: 'DISABLE' }],
      ['player/change_status', { id: t.player, action: 'DISABLE' }],
      ['agent/move', { id: t.grand, newParentId: root() }],
      ['agent/reset_password', { id: t.agent }],
      ['player/reset_password', { id: t.player }],
      ['player/verify', { id: t.pending, approve: true }],
      ['agent/change_permissions', { id: t.agent, permissions: [] }],
    ];
    const before = await fingerprint(ctx);
    for (const [path, payload] of writes) {
      const res = await post(ctx, token, path, payload);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
      expect(body(res).code, path).toBe(2006);
    }
    expect(await fingerprint(ctx)).toBe(before);

    // Reads still work.
    for (const [path, payload] of [
      ['agent/lower_agents', {}],
      ['player/list', { parentId: t.agent }],
      ['shadow/list', {}],
      ['agent/copy_info', { id: t.agent }],
      ['player/copy_info', { id: t.player }],
      ['agent/history', { id: t.agent }],
      ['agent/upper_agents', { id: t.grand }],
      ['agent/providers', { id: t.agent }],
      ['player/verification', { id: t.pending }],
    ] as const) {
      const res = await post(ctx, token, path, payload);
      expect(body(res).success, `${path}: ${res.body}`).toBe(true);
    }
  });

  it('the read-only flags show in the lists, own and inherited', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    const list = body(await post(ctx, token, 'agent/lower_agents', { parentId: id.agentA01, status: 'FULL_READONLY' })).data.list;
    expect(list.map((a: { accountNo: string }) => a.accountNo)).toEqual(['agentB02']);
    const under = body(await post(ctx, token, 'agent/lower_agents', { parentId: id.agentA03 })).data.list;
    expect(
      under.every((a: { inheritedFullReadonly: boolean; isFullReadonly: boolean }) => a.inheritedFullReadonly && !a.isFullReadonly),
    ).toBe(true);
  });

  it('a read-only caller may still change its own nickname and password', async () => {
    const token = await signinAs(ctx.app, 'shadowA01');
    expect(body(await post(ctx, token, 'change_account_info', { nickName: 'Front desk' })).success).toBe(true);
    const [row] = await q<{ nick_name: string }>(
      ctx,
      `select nick_name from accounts where site_id = 'tw_web' and account_no = 'shadowA01'`,
    );
    expect(row!.nick_name).toBe('Front desk');
  });
});
