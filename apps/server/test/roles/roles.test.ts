import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ROLES, PERMISSION_CODES } from '@agent-bo/shared';
import { accountId, body, call, signinAs, useTestApp, type Json } from '../helpers.js';

const ctx = useTestApp();
const OTHER_SITE = { site: 'tw_mc', host: 'tw-mc.localhost' } as const;

interface As {
  token: string;
  site?: string;
  host?: string;
}

const api = (as: As, method: 'POST' | 'GET' | 'DELETE', path: string, payload?: unknown) =>
  call(ctx.app, method, `/api/manage/role/${path}`, payload, { site: 'tw_web', ...as });
const post = async (as: As, path: string, payload: unknown): Promise<Json> => body(await api(as, 'POST', path, payload));

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** Everything a role change could touch: roles, assignments and the operation log. */
async function fingerprint(): Promise<string> {
  const [r] = await q<{ f: string }>(
    `select md5(coalesce(string_agg(r::text, ',' order by id), '')) ||
            (select md5(coalesce(string_agg(h.account_id || ':' || h.role_id, ',' order by h.account_id, h.role_id), '')) from account_roles h) ||
            (select count(*)::text from operation_logs) as f
       from roles r`,
  );
  return r!.f;
}

function refused(b: Json, code: number) {
  expect(b.success, JSON.stringify(b)).toBe(false);
  expect(b.code).toBe(code);
}

async function permCodes(as: As): Promise<string[]> {
  const res = await call(ctx.app, 'GET', '/api/getPermCode', undefined, { site: 'tw_web', ...as });
  return body(res).data as string[];
}

let admin: As;
let a01: As;
let a02: As;
let b01: As;
let otherAdmin: As;
const id: Record<string, number> = {};

beforeAll(async () => {
  for (const no of ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentB03', 'agentC01', 'shadowA01', 'shadow00', 'player001']) {
    id[no] = await accountId(ctx, no);
  }
  id.otherB01 = await accountId(ctx, 'agentB01', 'tw_mc');
  admin = { token: await signinAs(ctx.app, 'admin001') };
  a01 = { token: await signinAs(ctx.app, 'agentA01') };
  a02 = { token: await signinAs(ctx.app, 'agentA02') };
  b01 = { token: await signinAs(ctx.app, 'agentB01') };
  otherAdmin = { token: await signinAs(ctx.app, 'admin001', OTHER_SITE), ...OTHER_SITE };
});

async function roleByKey(key: string, site = 'tw_web'): Promise<{ id: number; version: number }> {
  const [row] = await q<{ id: number; version: number }>('select id, version from roles where site_id = $1 and builtin_key = $2', [
    site,
    key,
  ]);
  return row!;
}

async function create(as: As, name: string, codes: string[]): Promise<{ id: number; version: number }> {
  const b = await post(as, 'save', { name: { zh_TW: name, en: name }, codes });
  expect(b.success, JSON.stringify(b)).toBe(true);
  return b.data as { id: number; version: number };
}

describe('seeded roles and reading', () => {
  it('every site has the built-in roles; the demo gives them holders', async () => {
    const rows = await q<{ site_id: string; n: number }>(
      'select site_id, count(*)::int as n from roles where builtin_key is not null group by 1',
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r.n).toBe(BUILTIN_ROLES.length);
    const b = await post(admin, 'list', { pageSize: 100 });
    expect(b.success).toBe(true);
    const list = b.data.list as { builtinKey: string | null; holderCount: number; editable: boolean }[];
    expect(list.filter((r) => r.builtinKey).map((r) => r.builtinKey)).toEqual(BUILTIN_ROLES.map((r) => r.key));
    expect(list.find((r) => r.builtinKey === 'shadow_readonly')?.holderCount).toBe(3);
    expect(list.every((r) => r.editable)).toBe(true);
  });

  it('filters by name in any locale, by code and by built-in', async () => {
    const byName = (await post(admin, 'list', { name: 'finance' })).data.list as { builtinKey: string }[];
    expect(byName.map((r) => r.builtinKey)).toEqual(['finance']);
    const byCode = (await post(admin, 'list', { code: 'STORE_GOODS_WRITE', pageSize: 100 })).data.list as { builtinKey: string }[];
    expect(byCode.map((r) => r.builtinKey)).toEqual(['store_clerk']);
    const added = await post(admin, 'list', { builtin: false, pageSize: 100 });
    expect((added.data.list as { name: { en: string } }[]).map((r) => r.name.en)).toContain('Marketing');
  });

  it("another site's role ids are refused like nonexistent ones", async () => {
    const other = await roleByKey('agent', 'tw_mc');
    refused(await post(admin, 'detail', { id: other.id }), 6001);
    refused(await post(admin, 'detail', { id: 2_000_000_000 }), 6001);
    const ownOnOther = (await post(otherAdmin, 'detail', { id: other.id })).data;
    expect(ownOnOther.role.builtinKey).toBe('agent');
  });

  it('detail lists holders inside the caller’s subtree and only counts the others', async () => {
    const shadowRole = await roleByKey('shadow_readonly');
    const byAdmin = (await post(admin, 'detail', { id: shadowRole.id })).data;
    expect(byAdmin.holders.total).toBe(3);
    expect(byAdmin.holdersElsewhere).toBe(0);
    const byA01 = (await post(a01, 'detail', { id: shadowRole.id })).data;
    expect((byA01.holders.list as { accountNo: string }[]).map((h) => h.accountNo).sort()).toEqual(['shadowA01', 'shadowB01']);
    expect(byA01.holdersElsewhere).toBe(1);
  });

  it('the catalogue groups every code by area with four-locale labels, and says which the caller holds', async () => {
    const areas = (await body(await api(a01, 'GET', 'catalogue'))).data as {
      area: string;
      codes: { code: string; held: boolean; label: Record<string, string>; description: Record<string, string> }[];
    }[];
    const codes = areas.flatMap((a) => a.codes);
    expect(codes.map((c) => c.code).sort()).toEqual([...PERMISSION_CODES].sort());
    for (const c of codes) for (const l of ['zh_TW', 'en', 'th', 'vi']) expect(c.label[l] && c.description[l]).toBeTruthy();
    expect(codes.find((c) => c.code === 'DEVELOPER')?.held).toBe(false);
    expect(codes.find((c) => c.code === 'ROLE_PERMISSION_WRITE')?.held).toBe(true);
  });

  it('userinfo names the roles the account holds', async () => {
    const info = body(await call(ctx.app, 'POST', '/api/manage/userinfo', {}, { site: 'tw_web', ...a01 })).data;
    expect((info.assignedRoles as { name: { en: string } }[]).map((r) => r.name.en).sort()).toEqual([
      'Agent',
      'Content editor',
      'Finance',
      'Store clerk',
    ]);
  });

  it('without ROLE_PERMISSION_WRITE every role route is refused; a shadow reads but cannot write', async () => {
    for (const [method, path, payload] of [
      ['POST', 'list', {}],
      ['POST', 'detail', { id: 1 }],
      ['GET', 'catalogue', undefined],
      ['POST', 'save', { name: { zh_TW: 'x' }, codes: [] }],
      ['DELETE', 'delete', { id: 1, version: 1 }],
      ['POST', 'assign', { accountId: id.agentC01, roleIds: [1] }],
      ['POST', 'unassign', { accountId: id.agentC01, roleIds: [1] }],
    ] as const) {
      refused(body(await api(a02, method, path, payload)), 1006);
    }
    await q(`update accounts set permissions = permissions || array['ROLE_PERMISSION_WRITE'] where id = $1`, [id.shadow00]);
    try {
      const shadow = { token: await signinAs(ctx.app, 'shadow00') };
      expect((await post(shadow, 'list', {})).success).toBe(true);
      const before = await fingerprint();
      refused(await post(shadow, 'save', { name: { zh_TW: '影子' }, codes: [] }), 2006);
      refused(await post(shadow, 'assign', { accountId: id.agentC01, roleIds: [(await roleByKey('finance')).id] }), 2006);
      expect(await fingerprint()).toBe(before);
    } finally {
      await q(`update accounts set permissions = array_remove(permissions, 'ROLE_PERMISSION_WRITE') where id = $1`, [id.shadow00]);
    }
  });
});

describe('saving', () => {
  it('creates and edits a role with the version it read; a stale version is refused', async () => {
    const made = await create(a01, '審核員', ['GAME_READ', 'ACTIVITY_READ', 'GAME_READ']);
    const detail = (await post(a01, 'detail', { id: made.id })).data.role;
    expect(detail).toMatchObject({
      codes: ['ACTIVITY_READ', 'GAME_READ'],
      version: 1,
      createdBy: 'agentA01',
      editable: true,
      builtinKey: null,
    });
    const edited = await post(a01, 'save', { id: made.id, version: 1, name: { zh_TW: '審核員', th: 'ผู้ตรวจ' }, codes: ['GAME_READ'] });
    expect(edited.data).toEqual({ id: made.id, version: 2 });
    const before = await fingerprint();
    refused(await post(a01, 'save', { id: made.id, version: 1, name: { zh_TW: '審核員' }, codes: [] }), 6002);
    expect(await fingerprint()).toBe(before);
    const [log] = await q<{ before: unknown; after: unknown; target_id: number | null; target_record: unknown; operator_id: number }>(
      `select before, after, target_id, target_record, operator_id from operation_logs where action = 'OPERATION' and before ? 'roleUpdated' order by id desc limit 1`,
    );
    // A row about the role: no target account, the role named as it is now.
    expect(log).toMatchObject({
      target_id: null,
      target_record: { kind: 'role', id: made.id, name: { zh_TW: '審核員', th: 'ผู้ตรวจ' } },
      operator_id: id.agentA01,
      before: { roleUpdated: { codes: ['ACTIVITY_READ', 'GAME_READ'] } },
    });
    expect(log!.after).toMatchObject({ roleUpdated: { codes: ['GAME_READ'] } });
  });

  it('bad input is a clear envelope error and writes nothing', async () => {
    await create(admin, '重複名稱', []);
    const before = await fingerprint();
    const cases: [unknown, number][] = [
      [{ name: { zh_TW: '未知' }, codes: ['NO_SUCH_CODE'] }, 1000],
      [{ name: { zh_TW: '', en: 'Empty' }, codes: [] }, 1000],
      [{ name: { zh_TW: '   ' }, codes: [] }, 1000],
      [{ name: { en: 'No zh' }, codes: [] }, 1000],
      [{ name: { zh_TW: '重複名稱' }, codes: [] }, 6003],
      [{ name: { zh_TW: '型別' }, codes: 'GAME_READ' }, 1000],
      [{ id: '1', version: 1, name: { zh_TW: '型別' }, codes: [] }, 1000],
      [{ id: 1, name: { zh_TW: '沒有版本' }, codes: [] }, 1000],
      [{ name: { zh_TW: 'x'.repeat(41) }, codes: [] }, 1000],
      [{ name: { zh_TW: '多餘' }, codes: [], extra: true }, 1000],
    ];
    for (const [payload, code] of cases) refused(await post(admin, 'save', payload), code);
    refused(await post(admin, 'assign', { accountId: id.agentC01, roleIds: [] }), 1000);
    refused(await post(admin, 'assign', { accountId: 'x', roleIds: [1] }), 1000);
    expect(await fingerprint()).toBe(before);
  });
});

describe('privilege escalation is refused with no change', () => {
  it('a role with a code the caller lacks cannot be created, edited, deleted or assigned by it', async () => {
    const dev = await create(admin, '開發', ['DEVELOPER', 'GAME_READ']);
    const before = await fingerprint();
    refused(await post(a01, 'save', { name: { zh_TW: '偷渡' }, codes: ['GAME_READ', 'DEVELOPER'] }), 6004);
    refused(await post(a01, 'save', { id: dev.id, version: dev.version, name: { zh_TW: '開發' }, codes: ['GAME_READ'] }), 6004);
    refused(body(await api(a01, 'DELETE', 'delete', { id: dev.id, version: dev.version })), 6004);
    refused(await post(a01, 'assign', { accountId: id.agentB01, roleIds: [dev.id] }), 6004);
    expect(await fingerprint()).toBe(before);
    const listed = (await post(a01, 'list', { pageSize: 100 })).data.list as { id: number; editable: boolean }[];
    expect(listed.find((r) => r.id === dev.id)?.editable).toBe(false);
  });

  it('assigning to oneself or an ancestor, outside the subtree, to a player or another site’s account is refused', async () => {
    const finance = await roleByKey('finance');
    const before = await fingerprint();
    refused(await post(a01, 'assign', { accountId: id.agentA01, roleIds: [finance.id] }), 6006);
    refused(await post(a01, 'assign', { accountId: id.admin001, roleIds: [finance.id] }), 6006);
    refused(await post(admin, 'assign', { accountId: id.admin001, roleIds: [finance.id] }), 6006);
    refused(await post(b01, 'assign', { accountId: id.agentA01, roleIds: [finance.id] }), 1006); // B01 lacks the code
    refused(await post(a01, 'assign', { accountId: id.agentA02, roleIds: [finance.id] }), 1005);
    refused(await post(a01, 'assign', { accountId: id.agentB03, roleIds: [finance.id] }), 1005);
    refused(await post(a01, 'assign', { accountId: id.player001, roleIds: [finance.id] }), 1005);
    refused(await post(a01, 'assign', { accountId: id.otherB01, roleIds: [finance.id] }), 1005);
    refused(await post(a01, 'unassign', { accountId: id.agentA01, roleIds: [finance.id] }), 6006);
    const otherRole = await roleByKey('finance', 'tw_mc');
    refused(await post(a01, 'assign', { accountId: id.agentB01, roleIds: [otherRole.id] }), 6001);
    expect(await fingerprint()).toBe(before);
  });

  it('a role held outside the caller’s subtree cannot be edited or deleted by it', async () => {
    const shadowRole = await roleByKey('shadow_readonly');
    const before = await fingerprint();
    refused(
      await post(a01, 'save', { id: shadowRole.id, version: shadowRole.version, name: { zh_TW: '子帳號（唯讀）' }, codes: [] }),
      6007,
    );
    refused(body(await api(a01, 'DELETE', 'delete', { id: shadowRole.id, version: shadowRole.version, confirm: true })), 6007);
    expect(await fingerprint()).toBe(before);
  });
});

describe('assignments and their effect', () => {
  it('an assigned role counts from the next request, within the parent’s codes, and is logged on the account', async () => {
    expect(await permCodes(b01)).not.toContain('OPERATION_TRANSFER');
    const transfer = await create(a01, '轉帳員', ['OPERATION_TRANSFER']);
    const res = await post(a01, 'assign', { accountId: id.agentB01, roleIds: [transfer.id] });
    expect(res.data.roles.map((r: { id: number }) => r.id)).toEqual([transfer.id]);
    expect(await permCodes(b01)).toContain('OPERATION_TRANSFER');
    const [log] = await q<{ before: { codes: string[] }; after: { codes: string[]; roles: number[] }; operator_id: number }>(
      'select before, after, operator_id from operation_logs where target_id = $1 order by id desc limit 1',
      [id.agentB01],
    );
    expect(log!.operator_id).toBe(id.agentA01);
    expect(log!.before.codes).toEqual([]);
    expect(log!.after).toEqual({ roles: [transfer.id], codes: ['OPERATION_TRANSFER'] });
    await post(a01, 'unassign', { accountId: id.agentB01, roleIds: [transfer.id] });
    expect(await permCodes(b01)).not.toContain('OPERATION_TRANSFER');
  });

  it('a shadow never exceeds its owner, whatever its roles', async () => {
    const dev = await create(admin, '開發者二', ['DEVELOPER']);
    expect((await post(admin, 'assign', { accountId: id.shadowA01, roleIds: [dev.id] })).success).toBe(true);
    const shadow = { token: await signinAs(ctx.app, 'shadowA01') };
    expect(await permCodes(shadow)).not.toContain('DEVELOPER');
    await post(admin, 'unassign', { accountId: id.shadowA01, roleIds: [dev.id] });
  });

  it('an agent that loses a write code through a role edit is refused its very next write', async () => {
    // agentA02 holds ACTIVITY_WRITE only through the demo "Marketing" role once its own grant loses it.
    await q(`update accounts set permissions = array_remove(permissions, 'ACTIVITY_WRITE') where id = $1`, [id.agentA02]);
    const [marketing] = await q<{ id: number; version: number }>(
      `select id, version from roles where site_id = 'tw_web' and name->>'en' = 'Marketing'`,
    );
    const activity = () =>
      call(
        ctx.app,
        'POST',
        '/api/manage/activity/save',
        {
          type: 'ACTIVITY',
          title: { zh_TW: '角色' },
          body: { zh_TW: '<p>x</p>' },
          startAt: '2026-01-01 00:00:00',
          endAt: '2026-12-31 00:00:00',
          status: 'Draft',
          sort: 0,
        },
        { site: 'tw_web', ...a02 },
      );
    const first = body(await activity());
    expect(first.success, JSON.stringify(first)).toBe(true);
    const edited = await post(admin, 'save', {
      id: marketing!.id,
      version: marketing!.version,
      name: { zh_TW: '行銷', en: 'Marketing' },
      codes: ['ACTIVITY_READ', 'GAME_READ'],
    });
    expect(edited.success, JSON.stringify(edited)).toBe(true);
    refused(body(await activity()), 1006);
    // and back: the same session writes again once the role holds the code again.
    await post(admin, 'save', {
      id: marketing!.id,
      version: edited.data.version,
      name: { zh_TW: '行銷', en: 'Marketing' },
      codes: ['ACTIVITY_READ', 'ACTIVITY_WRITE', 'GAME_READ'],
    });
    expect(body(await activity()).success).toBe(true);
  });

  it('deleting a held role needs confirmation, then removes it from its holders in one transaction', async () => {
    const temp = await create(a01, '臨時', ['GAME_READ']);
    await post(a01, 'assign', { accountId: id.agentB01, roleIds: [temp.id] });
    await post(a01, 'assign', { accountId: id.agentC01, roleIds: [temp.id] });
    const before = await fingerprint();
    const unconfirmed = body(await api(a01, 'DELETE', 'delete', { id: temp.id, version: temp.version }));
    refused(unconfirmed, 6005);
    expect(unconfirmed.message).toContain('2');
    expect(await fingerprint()).toBe(before);
    const done = body(await api(a01, 'DELETE', 'delete', { id: temp.id, version: temp.version, confirm: true }));
    expect(done.data).toEqual({ removedFrom: 2 });
    expect(await q('select 1 from account_roles where role_id = $1', [temp.id])).toHaveLength(0);
    const logs = await q<{ target_id: number }>(
      `select target_id from operation_logs where before->'roles' @> $1::jsonb and not (after->'roles' @> $1::jsonb) order by id`,
      [JSON.stringify([temp.id])],
    );
    expect(
      logs
        .map((l) => l.target_id)
        .slice(-2)
        .sort(),
    ).toEqual([id.agentB01, id.agentC01].sort());
    const unheld = await create(a01, '未指派', []);
    expect(body(await api(a01, 'DELETE', 'delete', { id: unheld.id, version: unheld.version })).data).toEqual({ removedFrom: 0 });
  });
});

describe('finding accounts to assign', () => {
  type Found = { id: number; accountNo: string; holds: boolean; isShadow: boolean; parentAccountNo: string | null }[];
  const find = async (as: As, text: string, roleId?: number) => (await post(as, 'assignable', { text, roleId })).data as Found;

  it('searches the whole subtree below the caller, never the caller, its ancestors, players or another site', async () => {
    // agentC01 hangs two levels below agentA01: the member list's direct agents would not offer it.
    const deep = await find(a01, 'agentC0');
    // agents by number, and shadows whose nickname names their owner ("Shadow of agentC01")
    expect(deep.filter((f) => !f.isShadow).map((f) => f.accountNo)).toEqual(['agentC01', 'agentC02', 'agentC03', 'agentC04']);
    expect(deep.filter((f) => f.isShadow).every((f) => f.parentAccountNo?.startsWith('agentC0'))).toBe(true);
    expect(deep.find((f) => f.accountNo === 'agentC01')?.parentAccountNo).toBe('agentB01');
    // agentA01 itself and its siblings are not offered; its own shadow is
    expect((await find(a01, 'agentA0')).map((f) => f.accountNo)).toEqual(['shadowA01']);
    expect((await find(a01, 'admin')).map((f) => f.accountNo)).toEqual([]);
    expect(await find(a01, 'player')).toEqual([]);
    // Everything offered is accepted by role/assign; another site's namesake never appears.
    const admins = await find(admin, 'agentB01');
    expect(admins.map((f) => f.accountNo)).toEqual(['agentB01', 'shadowB01']);
    const others = await find(otherAdmin, 'agentB01');
    expect(others.map((f) => f.accountNo)).toEqual(['agentB01', 'shadowB01']);
    expect(others[0]?.id).toBe(id.otherB01);
    const shadows = await find(admin, 'shadowA01');
    expect(shadows[0]).toMatchObject({ accountNo: 'shadowA01', isShadow: true, parentAccountNo: 'agentA01' });
    // an exact number comes first, whatever its depth
    expect((await find(admin, 'agentC01'))[0]?.accountNo).toBe('agentC01');
  });

  it('says which accounts hold the role already; bad input is a clear error', async () => {
    const shadowRole = await roleByKey('shadow_readonly');
    expect((await find(admin, 'shadowA01', shadowRole.id))[0]?.holds).toBe(true);
    expect((await find(admin, 'agentB01', shadowRole.id))[0]?.holds).toBe(false);
    refused(await post(admin, 'assignable', { text: '' }), 1000);
    refused(await post(admin, 'assignable', { text: 'x'.repeat(33) }), 1000);
    refused(await post(admin, 'assignable', { text: 'a', roleId: 'x' }), 1000);
    // the search's own wildcards are plain text
    expect(await find(admin, '%')).toEqual([]);
    refused(await post({ token: await signinAs(ctx.app, 'agentB03') }, 'assignable', { text: 'agent' }), 1006);
  });
});

describe('history and concurrency of role edits', () => {
  it("editing a role's codes writes a row in every holder's history with its codes before and after", async () => {
    const role = await create(a01, '歷程', ['GAME_READ']);
    await post(a01, 'assign', { accountId: id.agentB01, roleIds: [role.id] });
    await post(a01, 'assign', { accountId: id.agentC01, roleIds: [role.id] });
    const [{ max }] = (await q<{ max: number }>('select max(id)::int as max from operation_logs')) as [{ max: number }];
    const renamed = await post(a01, 'save', { id: role.id, version: role.version, name: { zh_TW: '歷程二' }, codes: ['GAME_READ'] });
    // a rename keeps everyone's codes: only the role's own row
    expect(await q('select 1 from operation_logs where id > $1 and target_id <> $2', [max, id.agentA01])).toHaveLength(0);
    const edited = await post(a01, 'save', {
      id: role.id,
      version: renamed.data.version,
      name: { zh_TW: '歷程二' },
      codes: ['GAME_READ', 'ACTIVITY_READ'],
    });
    expect(edited.success, JSON.stringify(edited)).toBe(true);
    const rows = await q<{
      target_id: number;
      operator_id: number;
      before: { roles: number[]; codes: string[] };
      after: { codes: string[] };
    }>(`select target_id, operator_id, before, after from operation_logs where id > $1 and target_id <> $2 order by target_id`, [
      max,
      id.agentA01,
    ]);
    expect(rows.map((r) => r.target_id)).toEqual([id.agentB01!, id.agentC01!].sort((a, b) => a - b));
    for (const row of rows) {
      expect(row.operator_id).toBe(id.agentA01);
      expect(row.before.roles).toContain(role.id);
      expect(row.before.codes).not.toContain('ACTIVITY_READ');
      expect(row.after.codes).toEqual(expect.arrayContaining(['ACTIVITY_READ', 'GAME_READ']));
    }
    await api(a01, 'DELETE', 'delete', { id: role.id, version: edited.data.version, confirm: true });
  });

  it('two saves racing with the same version: exactly one wins, the other is told the role changed', async () => {
    const role = await create(admin, '競賽', ['GAME_READ']);
    const attempts = await Promise.all(
      ['ACTIVITY_READ', 'TAG_READ', 'CATEGORY_READ', 'COLLECTION_READ'].map((code) =>
        post(admin, 'save', { id: role.id, version: role.version, name: { zh_TW: '競賽' }, codes: ['GAME_READ', code] }),
      ),
    );
    const won = attempts.filter((a) => a.success);
    expect(won).toHaveLength(1);
    for (const lost of attempts.filter((a) => !a.success)) expect(lost.code).toBe(6002);
    const [row] = await q<{ version: number; codes: string[] }>('select version, codes from roles where id = $1', [role.id]);
    expect(row!.version).toBe(2);
    expect(row!.codes).toHaveLength(2);
    const logs = await q(`select 1 from operation_logs where after->'roleUpdated'->>'role' = $1`, [String(role.id)]);
    expect(logs).toHaveLength(1);
  });
});

describe('the role codes kept on each account', () => {
  /** Accounts whose role_codes differ from the union of their roles' codes, computed afresh. */
  const drifted = () =>
    q(`select a.id from accounts a
        where a.role_codes <> coalesce((select array_agg(distinct c order by c) from account_roles h join roles r on r.id = h.role_id, unnest(r.codes) c
                                         where h.account_id = a.id and r.site_id = a.site_id), '{}')`);

  it('stay exact when an assignment races an edit of the same role, in either order', async () => {
    for (let round = 0; round < 8; round++) {
      const role = await create(admin, `競態 ${round}`, ['GAME_READ']);
      const target = round % 2 ? id.agentC01! : id.agentB03!;
      const [assigned, edited] = await Promise.all([
        post(admin, 'assign', { accountId: target, roleIds: [role.id] }),
        post(admin, 'save', { id: role.id, version: role.version, name: { zh_TW: `競態 ${round}` }, codes: ['GAME_READ', 'TAG_READ'] }),
      ]);
      expect(assigned.success && edited.success, JSON.stringify([assigned, edited])).toBe(true);
      const [row] = await q<{ role_codes: string[] }>('select role_codes from accounts where id = $1', [target]);
      expect(row!.role_codes).toEqual(expect.arrayContaining(['GAME_READ', 'TAG_READ']));
      await api(admin, 'DELETE', 'delete', { id: role.id, version: edited.data.version, confirm: true });
    }
    expect(await drifted()).toEqual([]);
  });

  it('follow every assignment, edit and deletion of this file', async () => {
    expect(await drifted()).toEqual([]);
    const [holder] = await q<{ n: number }>(`select count(*)::int as n from accounts where cardinality(role_codes) > 0`);
    expect(holder!.n).toBeGreaterThan(0);
  });
});
