import { beforeAll, describe, expect, it } from 'vitest';
import { signin, signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, get, ids, lastLogs, post, q } from './support.js';

// tw_web's players sign in at its game client; tw_mc has none configured.
const ctx = useTestApp({ clientUrls: { tw_web: 'https://play.tw-web.example/' } });
let id: Record<string, number>;
let admin: string;

beforeAll(async () => {
  id = await ids(ctx, ['admin001', 'agentA01', 'agentA03', 'agentB02', 'agentC01']);
  admin = await signinAs(ctx.app, 'admin001');
});

const agentInput = (over: Record<string, unknown> = {}) => ({
  parentId: id.agentA01,
  accountNo: 'newAgent01',
  nickName: 'New agent',
  password: 'Secret123',
  ratio: '80.50',
  providers: ['EVO', 'PG'],
  betLimits: ['A', 'B'],
  ...over,
});

describe('agent/create', () => {
  it('creates the agent under the parent, hands the password off once, logs AGENT_CREATE and RATIO_LOG', async () => {
    const res = await post(ctx, admin, 'agent/create', agentInput(), 'tw_web');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({
      url: 'http://localhost:80/login',
      nickName: 'New agent',
      accountNo: 'newAgent01',
      pwd: 'Secret123',
      pwdWithheld: false,
    });
    const [row] = await q<Record<string, unknown>>(ctx, `select * from accounts where site_id = 'tw_web' and account_no = 'newAgent01'`);
    expect(row).toMatchObject({
      kind: 'AGENT',
      is_shadow: false,
      parent_id: id.agentA01,
      lvl: 2,
      path: [id.admin001, id.agentA01],
      ratio: 8050,
      providers: ['EVO', 'PG'],
      bet_limits: ['A', 'B'],
      verify_status: 'VERIFIED',
      created_by: id.admin001,
    });
    expect(String(row!.password_hash)).toMatch(/^\$argon2id\$/);
    expect(row!.invite_code).toEqual(expect.any(String));
    const logs = await lastLogs(ctx, row!.id as number);
    expect(logs.map((l) => l.action).sort()).toEqual(['AGENT_CREATE', 'RATIO_LOG']);
    const ratioLog = logs.find((l) => l.action === 'RATIO_LOG')!;
    expect(ratioLog).toMatchObject({ operator_id: id.admin001, before: { ratio: null }, after: { ratio: '80.50' }, ip: '127.0.0.1' });
    expect(logs.find((l) => l.action === 'AGENT_CREATE')).toMatchObject({
      operator_id: id.admin001,
      before: null,
      after: { accountNo: 'newAgent01', parentId: id.agentA01, ratio: '80.50', providers: ['EVO', 'PG'] },
    });
    expect(logs[0]!.created_at).toBeInstanceOf(Date);
  });

  it('never stores the password readable (accounts, hand-offs, logs)', async () => {
    const hits = await q<{ n: number }>(
      ctx,
      `select (select count(*) from accounts a where a::text like '%Secret123%')
            + (select count(*) from password_handoffs h where h::text like '%Secret123%')
            + (select count(*) from operation_logs l where l::text like '%Secret123%') as n`,
    );
    expect(Number(hits[0]!.n)).toBe(0);
    const [h] = await q<{ ciphertext: string }>(ctx, `select ciphertext from password_handoffs order by id desc limit 1`);
    expect(h!.ciphertext).toMatch(/^v1\./);
  });

  it('defaults the parent to the caller; the new agent sees only its own subtree', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    const res = body(await post(ctx, a01, 'agent/create', agentInput({ parentId: undefined, accountNo: 'subOfA0101', ratio: '50' })));
    expect(res.success).toBe(true);
    const token = body(await signin(ctx.app, 'subOfA0101', 'Secret123')).data.token as string;
    // The password was chosen by its creator: the new agent replaces it before anything else.
    expect(body(await post(ctx, token, 'agent/lower_agents', {})).code).toBe(1015);
    expect(body(await post(ctx, token, 'change_account_info', { oldPassword: 'Secret123', newPassword: 'Mine12345' })).success).toBe(true);
    expect(body(await post(ctx, token, 'agent/lower_agents', {})).data).toMatchObject({ total: 0, list: [] });
    expect(body(await post(ctx, token, 'agent/history', { id: id.agentC01 })).code).toBe(1005);
  });

  it('refuses a ratio above the parent’s (RATIO_ABOVE_PARENT) and changes nothing', async () => {
    const before = await fingerprint(ctx);
    const res = await post(ctx, admin, 'agent/create', agentInput({ accountNo: 'tooHigh001', ratio: '90.01' }));
    expect(body(res)).toMatchObject({ code: 2002, success: false });
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('refuses providers and bet limits outside the parent’s, and unknown codes', async () => {
    const before = await fingerprint(ctx);
    // agentB02 lacks KY; agentA03 lacks bet limit E.
    expect(
      body(
        await post(
          ctx,
          admin,
          'agent/create',
          agentInput({ parentId: id.agentB02, accountNo: 'provNo0001', ratio: '1', providers: ['KY'] }),
        ),
      ).code,
    ).toBe(2004);
    expect(body(await post(ctx, admin, 'agent/create', agentInput({ accountNo: 'provNo0002', providers: ['NOPE'] }))).code).toBe(2004);
    expect(
      body(
        await post(
          ctx,
          admin,
          'agent/create',
          agentInput({ parentId: id.agentA03, accountNo: 'limNo00001', ratio: '1', betLimits: ['E'] }),
        ),
      ).code,
    ).toBe(2005);
    expect(
      body(
        await post(ctx, admin, 'player/create', {
          parentId: id.agentB02,
          accountNo: 'provNo0003',
          nickName: 'P',
          password: 'Secret123',
          providers: ['KY'],
          betLimits: [],
        }),
      ).code,
    ).toBe(2004);
    expect(
      body(
        await post(ctx, admin, 'player/create', {
          parentId: id.agentA03,
          accountNo: 'provNo0004',
          nickName: 'P',
          password: 'Secret123',
          providers: [],
          betLimits: ['Z'],
        }),
      ).code,
    ).toBe(2005);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it.each([
    ['missing accountNo', { accountNo: undefined }],
    ['extra field', { extra: 1 }],
    ['ratio as a number', { ratio: 50 }],
    ['ratio with 3 decimals', { ratio: '12.345' }],
    ['ratio above 100', { ratio: '100.01' }],
    ['ratio 101', { ratio: '101' }],
    ['negative ratio', { ratio: '-1' }],
    ['accountNo too short', { accountNo: 'short' }],
    ['accountNo too long', { accountNo: 'a234567890123' }],
    ['accountNo with a dash', { accountNo: 'bad-no-123' }],
    ['nickName over 32', { nickName: 'x'.repeat(33) }],
    ['empty nickName', { nickName: '   ' }],
    ['weak password', { password: 'password' }],
    ['provider code malformed', { providers: ['evo'] }],
    ['providers not an array', { providers: 'EVO' }],
    ['parentId as a string', { parentId: String(1) }],
  ])('bad input (%s) → VALIDATION_FAILED, nothing changes', async (_name, over) => {
    const before = await fingerprint(ctx);
    const res = await post(ctx, admin, 'agent/create', agentInput({ accountNo: 'valid0001', ...over }));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1000, success: false });
    expect(body(res).data.length).toBeGreaterThan(0);
    expect(await fingerprint(ctx)).toBe(before);
  });
});

describe('account numbers (rule 6)', () => {
  it('are unique per site regardless of case', async () => {
    const before = await fingerprint(ctx);
    expect(body(await post(ctx, admin, 'agent/create', agentInput({ accountNo: 'AGENTA02' }))).code).toBe(2001);
    expect(
      body(
        await post(ctx, admin, 'player/create', {
          accountNo: 'PLAYER001',
          nickName: 'P',
          password: 'Secret123',
          providers: [],
          betLimits: [],
        }),
      ).code,
    ).toBe(2001);
    expect(await fingerprint(ctx)).toBe(before);
    expect(body(await post(ctx, admin, 'agent/check_account_no', { accountNo: 'AgentA02' })).data).toEqual({ available: false });
    expect(body(await post(ctx, admin, 'agent/check_account_no', { accountNo: 'freshOne01' })).data).toEqual({ available: true });
    expect(body(await post(ctx, admin, 'agent/check_account_no', { accountNo: 'no' })).code).toBe(1000);
  });

  it('a race of two creates with the same number gives one account and one ACCOUNT_NO_TAKEN', async () => {
    const input = agentInput({ accountNo: 'raceAgent1', ratio: '10' });
    const [a, b] = await Promise.all([
      post(ctx, admin, 'agent/create', input),
      post(ctx, admin, 'player/create', { accountNo: 'RACEAGENT1', nickName: 'P', password: 'Secret123', providers: [], betLimits: [] }),
    ]);
    const codes = [body(a).code, body(b).code].sort();
    expect(codes).toEqual([0, 2001]);
    const rows = await q(ctx, `select id from accounts where site_id = 'tw_web' and lower(account_no) = 'raceagent1'`);
    expect(rows).toHaveLength(1);
  });

  it('the database’s unique index is the last word: a create that loses the race inside its transaction is ACCOUNT_NO_TAKEN', async () => {
    // Another transaction holds an uncommitted row with the number: the create's own check cannot
    // see it, its insert waits on the unique index and fails once the other commits.
    const other = await ctx.database.pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into accounts (site_id, kind, parent_id, lvl, path, account_no, nick_name, password_hash) values ('tw_web', 'PLAYER', $1, 1, array[$1]::int[], 'raceAgent2', 'Other', 'x')`,
        [id.admin001],
      );
      const pending = post(ctx, admin, 'agent/create', agentInput({ accountNo: 'RACEAGENT2', ratio: '10' }));
      await new Promise((r) => setTimeout(r, 300));
      await other.query('commit');
      const res = await pending;
      expect(res.statusCode, res.body).toBe(409);
      expect(body(res).code).toBe(2001);
    } finally {
      other.release();
    }
    expect(await q(ctx, `select id from accounts where lower(account_no) = 'raceagent2'`)).toHaveLength(1);
  });

  it('create_account_no suggests a free number of the right shape', async () => {
    const ag = body(await get(ctx, admin, 'agent/create_account_no')).data.accountNo;
    const pl = body(await get(ctx, admin, 'player/create_account_no')).data.accountNo;
    expect(ag).toMatch(/^ag\d{8}$/);
    expect(pl).toMatch(/^pl\d{8}$/);
    expect(body(await post(ctx, admin, 'agent/check_account_no', { accountNo: ag })).data.available).toBe(true);
  });
});

describe('player/create and shadow/create', () => {
  it('creates a VERIFIED player, logs PLAYER_CREATE; copy_info shows its password', async () => {
    const res = body(
      await post(ctx, admin, 'player/create', {
        parentId: id.agentC01,
        accountNo: 'newPlayer1',
        nickName: 'Newbie',
        password: 'Player123',
        providers: ['EVO'],
        betLimits: ['A'],
      }),
    );
    expect(res.data).toMatchObject({ accountNo: 'newPlayer1', pwd: 'Player123' });
    const [row] = await q<{ id: number; lvl: number; verify_status: string; registered: boolean }>(
      ctx,
      `select id, lvl, verify_status, registered from accounts where account_no = 'newPlayer1'`,
    );
    expect(row).toMatchObject({ lvl: 4, verify_status: 'VERIFIED', registered: false });
    expect((await lastLogs(ctx, row!.id)).map((l) => l.action)).toEqual(['PLAYER_CREATE']);
    expect(body(await post(ctx, admin, 'player/copy_info', { id: row!.id })).data).toMatchObject({
      accountNo: 'newPlayer1',
      pwd: 'Player123',
      // The site's game client, where a player signs in, not this back office.
      url: 'https://play.tw-web.example/',
    });
  });

  it('on a cabinet site the player create is also logged as CABINET', async () => {
    const token = await signinAs(ctx.app, 'admin001', { site: 'tw_mc', host: 'tw-mc.localhost' });
    const res = await post(
      ctx,
      token,
      'player/create',
      { accountNo: 'cabinet001', nickName: 'Machine 1', password: 'Player123', providers: [], betLimits: [] },
      'tw_mc',
      'tw-mc.localhost',
    );
    expect(body(res).success, res.body).toBe(true);
    const [row] = await q<{ id: number }>(ctx, `select id from accounts where site_id = 'tw_mc' and account_no = 'cabinet001'`);
    expect((await lastLogs(ctx, row!.id)).map((l) => l.action).sort()).toEqual(['CABINET', 'PLAYER_CREATE']);
    // No game client is set for tw_mc: no address rather than the back office's.
    expect((body(res).data as { url: string }).url).toBe('');
  });

  it('a shadow gets only codes the caller holds (PERMISSION_NOT_HELD), its owner’s level, SHADOW_CREATE', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    const before = await fingerprint(ctx);
    expect(
      body(
        await post(ctx, a01, 'shadow/create', {
          accountNo: 'shadowNew1',
          nickName: 'Desk',
          password: 'Secret123',
          permissions: ['DEVELOPER'],
        }),
      ).code,
    ).toBe(2012);
    expect(await fingerprint(ctx)).toBe(before);
    const res = body(
      await post(ctx, a01, 'shadow/create', {
        accountNo: 'shadowNew1',
        nickName: 'Desk',
        password: 'Secret123',
        permissions: ['GAME_READ'],
      }),
    );
    expect(res.data).toMatchObject({ accountNo: 'shadowNew1', pwd: 'Secret123' });
    const [row] = await q<{ id: number; lvl: number; is_shadow: boolean; parent_id: number; permissions: string[] }>(
      ctx,
      `select id, lvl, is_shadow, parent_id, permissions from accounts where account_no = 'shadowNew1'`,
    );
    expect(row).toMatchObject({ lvl: 1, is_shadow: true, parent_id: id.agentA01, permissions: ['GAME_READ'] });
    expect((await lastLogs(ctx, row!.id)).map((l) => l.action)).toEqual(['SHADOW_CREATE']);
    const list = body(await post(ctx, a01, 'shadow/list', {})).data.list.map((s: { accountNo: string }) => s.accountNo);
    expect(list).toContain('shadowNew1');
    expect(list).toContain('shadowA01');
  });
});

describe('rule 8: copy_info returns pwd only through the one-time hand-off', () => {
  it('pwd is null after the account’s first sign-in', async () => {
    body(await post(ctx, admin, 'agent/create', agentInput({ accountNo: 'handoff001', password: 'Handoff123' })));
    const [row] = await q<{ id: number }>(ctx, `select id from accounts where account_no = 'handoff001'`);
    expect(body(await post(ctx, admin, 'agent/copy_info', { id: row!.id })).data.pwd).toBe('Handoff123');
    expect(body(await signin(ctx.app, 'handoff001', 'Handoff123')).success).toBe(true);
    // The sign-in itself closes the hand-off.
    expect(await q(ctx, 'select used_at from password_handoffs where account_id = $1 and used_at is null', [row!.id])).toEqual([]);
    expect(body(await post(ctx, admin, 'agent/copy_info', { id: row!.id })).data).toMatchObject({ accountNo: 'handoff001', pwd: null });
  });

  it('pwd is null after 24 hours; reset_password hands off a new one and logs PWD_CHANGE', async () => {
    body(await post(ctx, admin, 'agent/create', agentInput({ accountNo: 'handoff002', password: 'Handoff123' })));
    const [row] = await q<{ id: number; password_hash: string }>(
      ctx,
      `select id, password_hash from accounts where account_no = 'handoff002'`,
    );
    const realNow = ctx.app.config.now;
    try {
      ctx.app.config.now = () => new Date(Date.now() + 24 * 3600 * 1000 - 60_000);
      expect(body(await post(ctx, admin, 'agent/copy_info', { id: row!.id })).data.pwd).toBe('Handoff123');
      ctx.app.config.now = () => new Date(Date.now() + 24 * 3600 * 1000 + 1000);
      expect(body(await post(ctx, admin, 'agent/copy_info', { id: row!.id })).data.pwd).toBeNull();
    } finally {
      ctx.app.config.now = realNow;
    }
    const reset = body(await post(ctx, admin, 'agent/reset_password', { id: row!.id })).data;
    expect(reset.pwd).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{10}$/);
    expect(body(await post(ctx, admin, 'agent/copy_info', { id: row!.id })).data.pwd).toBe(reset.pwd);
    expect(body(await signin(ctx.app, 'handoff002', 'Handoff123')).code).toBe(1001);
    expect(body(await signin(ctx.app, 'handoff002', reset.pwd)).success).toBe(true);
    // The reset, then the logged reveal of its hand-off by copy_info.
    const [reveal, resetLog] = await lastLogs(ctx, row!.id, 2);
    expect(resetLog).toMatchObject({ action: 'PWD_CHANGE', operator_id: id.admin001, after: { reset: true } });
    expect(reveal).toMatchObject({ action: 'OPERATION', operator_id: id.admin001, after: { handoffRevealed: expect.any(Number) } });
  });

  it('a hand-off sealed with another key reads as null (no key, no password)', async () => {
    body(await post(ctx, admin, 'agent/create', agentInput({ accountNo: 'handoff003' })));
    const [row] = await q<{ id: number }>(ctx, `select id from accounts where account_no = 'handoff003'`);
    const key = ctx.app.config.handoffKey;
    try {
      ctx.app.config.handoffKey = Buffer.alloc(32, 7);
      expect(body(await post(ctx, admin, 'agent/copy_info', { id: row!.id })).data.pwd).toBeNull();
    } finally {
      ctx.app.config.handoffKey = key;
    }
  });
});

describe('rule 8: only a caller who may write to the account sees pwd, and every reveal is logged', () => {
  it('a shadow of the creator gets no pwd (so cannot sign in as the new agent), and nothing is logged', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    body(await post(ctx, a01, 'agent/create', agentInput({ accountNo: 'handoff004', password: 'Handoff123', ratio: '10' })));
    const [row] = await q<{ id: number }>(ctx, `select id from accounts where account_no = 'handoff004'`);
    const shadow = await signinAs(ctx.app, 'shadowA01');
    const before = await fingerprint(ctx);
    const info = body(await post(ctx, shadow, 'agent/copy_info', { id: row!.id }));
    expect(info).toMatchObject({ success: true, data: { accountNo: 'handoff004', pwd: null, pwdWithheld: true } });
    expect(await fingerprint(ctx)).toBe(before);
    // The hand-off is still there for the creator, whose reveal is logged without the password.
    const shown = body(await post(ctx, a01, 'agent/copy_info', { id: row!.id })).data;
    expect(shown).toMatchObject({ pwd: 'Handoff123', pwdWithheld: false });
    const [log] = await lastLogs(ctx, row!.id, 1);
    expect(log).toMatchObject({
      action: 'OPERATION',
      operator_id: id.agentA01,
      before: null,
      after: { handoffRevealed: expect.any(Number) },
    });
    const [logs] = await q<{ text: string }>(
      ctx,
      `select string_agg(coalesce(before::text, '') || coalesce(after::text, ''), ' ') as text from operation_logs where target_id = $1`,
      [row!.id],
    );
    expect(logs!.text).not.toContain('Handoff123');
    // Each reveal is one more row.
    body(await post(ctx, admin, 'agent/copy_info', { id: row!.id }));
    expect((await lastLogs(ctx, row!.id, 1))[0]).toMatchObject({ action: 'OPERATION', operator_id: id.admin001 });
  });

  it('a restricted (fully read-only) caller gets no pwd either; the players endpoint behaves the same', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    body(await post(ctx, a01, 'player/create', { ...agentInput({ accountNo: 'handoff005', password: 'Handoff123' }), ratio: undefined }));
    const [row] = await q<{ id: number }>(ctx, `select id from accounts where account_no = 'handoff005'`);
    expect(body(await post(ctx, admin, 'agent/change_status', { id: id.agentA01, action: 'FULLY_READ_ONLY' })).success).toBe(true);
    try {
      const before = await fingerprint(ctx);
      expect(body(await post(ctx, a01, 'player/copy_info', { id: row!.id })).data).toMatchObject({ pwd: null, pwdWithheld: true });
      expect(await fingerprint(ctx)).toBe(before);
    } finally {
      expect(body(await post(ctx, admin, 'agent/change_status', { id: id.agentA01, action: 'FULLY_READ_ONLY_CANCEL' })).success).toBe(true);
    }
    expect(body(await post(ctx, a01, 'player/copy_info', { id: row!.id })).data).toMatchObject({ pwd: 'Handoff123', pwdWithheld: false });
  });
});

describe('change_account_info (own)', () => {
  it('needs the current password for a new one (WRONG_PASSWORD), logs PWD_CHANGE, ends other sessions', async () => {
    const first = await signinAs(ctx.app, 'agentC01');
    const token = await signinAs(ctx.app, 'agentC01');
    expect(body(await post(ctx, token, 'change_account_info', { newPassword: 'Changed123' })).code).toBe(1000);
    expect(body(await post(ctx, token, 'change_account_info', { oldPassword: 'wrong', newPassword: 'Changed123' })).code).toBe(2010);
    expect(
      body(await post(ctx, token, 'change_account_info', { oldPassword: 'Demo1234', newPassword: 'Changed123', nickName: 'Renamed' }))
        .success,
    ).toBe(true);
    expect(body(await signin(ctx.app, 'agentC01', 'Changed123')).success).toBe(true);
    expect((await post(ctx, first, 'agent/lower_agents', {})).statusCode).toBe(401);
    expect((await post(ctx, token, 'agent/lower_agents', {})).statusCode).toBe(200);
    expect((await lastLogs(ctx, id.agentC01!, 2)).map((l) => l.action).sort()).toEqual(['OPERATION', 'PWD_CHANGE']);
  });
});
