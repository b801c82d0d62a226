import { beforeAll, describe, expect, it } from 'vitest';
import { signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, post, q } from './support.js';

const ctx = useTestApp();
let id: Record<string, number>;
let other: Record<string, number>;
let outsidePlayer: number;
let insidePlayer: number;
const NOBODY = 2_000_000_000;

beforeAll(async () => {
  id = await ids(ctx, ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentB03', 'agentC01', 'shadow00', 'shadowA01', 'shadowB01']);
  other = await ids(ctx, ['agentB01', 'player001', 'shadowA01'], 'tw_mc');
  const [outside] = await q<{ id: number }>(ctx, `select id from accounts where kind = 'PLAYER' and path @> array[$1]::int[] limit 1`, [
    id.agentA02,
  ]);
  const [inside] = await q<{ id: number }>(ctx, `select id from accounts where kind = 'PLAYER' and path @> array[$1]::int[] limit 1`, [
    id.agentB01,
  ]);
  outsidePlayer = outside!.id;
  insidePlayer = inside!.id;
});

type Kind = 'agent' | 'player' | 'shadow';
/** Every endpoint that takes an account id, with a payload around the id under test. */
const ENDPOINTS: { path: string; kind: Kind; payload: (x: number) => Record<string, unknown> }[] = [
  { path: 'agent/lower_agents', kind: 'agent', payload: (x) => ({ parentId: x }) },
  { path: 'player/list', kind: 'agent', payload: (x) => ({ parentId: x }) },
  {
    path: 'agent/create',
    kind: 'agent',
    payload: (x) => ({
      parentId: x,
      accountNo: 'reachAg01',
      nickName: 'R',
      password: 'Secret123',
      ratio: '1',
      providers: [],
      betLimits: [],
    }),
  },
  {
    path: 'player/create',
    kind: 'agent',
    payload: (x) => ({ parentId: x, accountNo: 'reachPl01', nickName: 'R', password: 'Secret123', providers: [], betLimits: [] }),
  },
  { path: 'agent/change_account_info', kind: 'agent', payload: (x) => ({ id: x, nickName: 'Changed' }) },
  { path: 'player/change_account_info', kind: 'player', payload: (x) => ({ id: x, nickName: 'Changed' }) },
  { path: 'agent/change_status', kind: 'agent', payload: (x) => ({ id: x, action: 'FULLY_DISABLE' }) },
  { path: 'player/change_status', kind: 'player', payload: (x) => ({ id: x, action: 'DISABLE' }) },
  { path: 'shadow/change_status', kind: 'shadow', payload: (x) => ({ id: x, action: 'DISABLE' }) },
  { path: 'agent/move', kind: 'agent', payload: (x) => ({ id: x, newParentId: id.agentA01 }) },
  { path: 'agent/move', kind: 'player', payload: (x) => ({ id: x, newParentId: id.agentA01 }) },
  { path: 'agent/move', kind: 'agent', payload: (x) => ({ id: id.agentC01, newParentId: x }) },
  { path: 'agent/copy_info', kind: 'agent', payload: (x) => ({ id: x }) },
  { path: 'player/copy_info', kind: 'player', payload: (x) => ({ id: x }) },
  { path: 'shadow/copy_info', kind: 'shadow', payload: (x) => ({ id: x }) },
  { path: 'agent/copy_invite_url', kind: 'agent', payload: (x) => ({ id: x }) },
  { path: 'agent/upper_agents', kind: 'agent', payload: (x) => ({ id: x }) },
  { path: 'agent/upper_agents', kind: 'player', payload: (x) => ({ id: x }) },
  { path: 'agent/providers', kind: 'agent', payload: (x) => ({ id: x }) },
  { path: 'agent/limits', kind: 'agent', payload: (x) => ({ id: x }) },
  { path: 'agent/limits', kind: 'player', payload: (x) => ({ id: x }) },
  { path: 'agent/reset_password', kind: 'agent', payload: (x) => ({ id: x }) },
  { path: 'player/reset_password', kind: 'player', payload: (x) => ({ id: x }) },
  { path: 'shadow/reset_password', kind: 'shadow', payload: (x) => ({ id: x }) },
  { path: 'player/verify', kind: 'player', payload: (x) => ({ id: x, approve: true }) },
  { path: 'player/verification', kind: 'player', payload: (x) => ({ id: x }) },
  { path: 'agent/change_permissions', kind: 'agent', payload: (x) => ({ id: x, permissions: [] }) },
  { path: 'shadow/change_permissions', kind: 'shadow', payload: (x) => ({ id: x, permissions: [] }) },
  { path: 'agent/history', kind: 'agent', payload: (x) => ({ id: x }) },
  { path: 'player/history', kind: 'player', payload: (x) => ({ id: x }) },
  { path: 'shadow/history', kind: 'shadow', payload: (x) => ({ id: x }) },
];

/** Ids agentA01 must not reach: outside its subtree (of the endpoint's kind), another site's, nobody. */
function unreachable(kind: Kind): [string, number][] {
  const outside = kind === 'agent' ? id.agentB03! : kind === 'player' ? outsidePlayer : id.shadow00!;
  const elsewhere = kind === 'agent' ? other.agentB01! : kind === 'player' ? other.player001! : other.shadowA01!;
  return [
    ['outside the subtree', outside],
    ['another site', elsewhere],
    ['nonexistent', NOBODY],
  ];
}

describe('rule 1: a caller reaches only accounts strictly inside its subtree', () => {
  it.each(ENDPOINTS.map((e, i) => [`${e.path} (${e.kind} #${i})`, e] as const))(
    '%s: outside, other site and nonexistent get one identical refusal; nothing changes',
    async (_name, e) => {
      const token = await signinAs(ctx.app, 'agentA01');
      const before = await fingerprint(ctx);
      const answers = [];
      for (const [, x] of unreachable(e.kind)) answers.push(await post(ctx, token, e.path, e.payload(x)));
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.body).toBe(answers[0]!.body);
      }
      expect(body(answers[0]!)).toMatchObject({ code: 1005, success: false, data: null });
      expect(await fingerprint(ctx)).toBe(before);
    },
  );

  it('the caller itself and its parent are not reachable by the write endpoints', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const before = await fingerprint(ctx);
    for (const target of [id.agentA01!, id.admin001!]) {
      for (const [path, payload] of [
        ['agent/change_status', { id: target, action: 'DISABLE' }],
        ['agent/change_account_info', { id: target, ratio: '100' }],
        ['agent/reset_password', { id: target }],
        ['agent/change_permissions', { id: target, permissions: [] }],
      ] as const) {
        expect(body(await post(ctx, token, path, payload)).code).toBe(1005);
      }
    }
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('the same endpoints work inside the subtree (control)', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    expect(body(await post(ctx, token, 'agent/lower_agents', { parentId: id.agentB01 })).success).toBe(true);
    expect(body(await post(ctx, token, 'player/history', { id: insidePlayer })).success).toBe(true);
    expect(body(await post(ctx, token, 'shadow/history', { id: id.shadowB01 })).success).toBe(true);
    expect(
      body(await post(ctx, token, 'agent/upper_agents', { id: id.agentC01 })).data.map((a: { accountNo: string }) => a.accountNo),
    ).toEqual(['agentA01', 'agentB01']);
  });

  it('a shadow works inside its owner’s subtree, and nowhere else', async () => {
    const token = await signinAs(ctx.app, 'shadowA01');
    const res = body(await post(ctx, token, 'agent/lower_agents', { parentId: id.agentB01 }));
    expect(res.data.list.map((a: { accountNo: string }) => a.accountNo)).toEqual(expect.arrayContaining(['agentC01', 'agentC02']));
    expect(
      body(await post(ctx, token, 'agent/lower_agents', {}))
        .data.list.map((a: { accountNo: string }) => a.accountNo)
        .sort(),
    ).toEqual(['agentB01', 'agentB02']);
    expect(body(await post(ctx, token, 'agent/lower_agents', { parentId: id.agentB03 })).code).toBe(1005);
    expect(body(await post(ctx, token, 'agent/history', { id: id.agentB03 })).code).toBe(1005);
  });
});
