import { describe, expect, it } from 'vitest';
import { accountId, body, call, freshIp, signin, signinAs, useTestApp } from '../helpers.js';

// Moved by the tests (a temporary password expires); sign-in throttling is wide so that only the
// test about a lock reaches it.
let clock = Date.now();
const ctx = useTestApp({
  now: () => new Date(clock),
  throttle: { accountLockAfter: 3, ipLockAfter: 1000, accountSlowAfter: 50, accountAllSlowAfter: 50, ipSlowAfter: 500 },
});

const api = (url: string, payload: unknown, token?: string, ip = freshIp()) =>
  call(ctx.app, 'POST', `/api/manage/${url}`, payload, { token, ip, site: 'tw_web', lang: 'en' });
const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];

/** The sign-in history's rows of an account, oldest first. */
const historyOf = (id: number) =>
  sql<{ method: string; result: string; ip: string; session_id: number | null }>(
    'select method, result, ip, session_id from sign_in_events where account_id = $1 order by id',
    [id],
  );

/** An agent directly under `parentNo`, created for the test, with its own password (not temporary). */
async function agentUnder(parentNo: string, accountNo: string): Promise<{ id: number; token: () => Promise<string> }> {
  const parent = await signinAs(ctx.app, parentNo, { ip: freshIp() });
  const created = await api(
    'agent/create',
    { accountNo, nickName: accountNo, password: 'Secret123', ratio: '1', providers: [], betLimits: [] },
    parent,
  );
  expect(body(created).success).toBe(true);
  const id = await accountId(ctx, accountNo);
  // The creator chose that password: the agent would have to replace it first; these tests are not about that.
  await sql('update accounts set password_temporary = false, password_expires_at = null where id = $1', [id]);
  return {
    id,
    token: async () => {
      const b = body(await signin(ctx.app, accountNo, 'Secret123', { ip: freshIp() }));
      expect(b.success).toBe(true);
      return b.data.token as string;
    },
  };
}

describe('the sign-in history', () => {
  it('records a wrong password, a lock and a success with its session; an unknown account leaves nothing', async () => {
    const agent = await agentUnder('agentA01', 'histAgent1');
    const ip = freshIp();
    const before = await sql<{ n: number }>('select count(*)::int as n from sign_in_events');
    expect(body(await signin(ctx.app, 'noSuchAcct9', 'Secret123', { ip })).code).toBe(1001);
    expect((await sql<{ n: number }>('select count(*)::int as n from sign_in_events'))[0]!.n).toBe(before[0]!.n);

    for (let i = 0; i < 3; i++) expect(body(await signin(ctx.app, 'histAgent1', 'Wrong1234', { ip })).code).toBe(1001);
    expect(body(await signin(ctx.app, 'histAgent1', 'Secret123', { ip })).code).toBe(1003);
    const token = body(await signin(ctx.app, 'histAgent1', 'Secret123', { ip: freshIp() })).data.token as string;
    const rows = await historyOf(agent.id);
    expect(rows.map((r) => r.result)).toEqual(['BAD_PASSWORD', 'BAD_PASSWORD', 'BAD_PASSWORD', 'LOCKED', 'OK']);
    expect(rows.every((r) => r.method === 'PASSWORD')).toBe(true);
    expect(rows[0]!.ip).toBe(ip);
    const [session] = await sql<{ id: number }>('select id from sessions where account_id = $1', [agent.id]);
    expect(rows[4]!.session_id).toBe(session!.id);

    // Read through the API, newest first, by the account itself and by its upper agent.
    const own = body(await api('sessions/history', { page: 1, pageSize: 10 }, token)).data;
    expect(own).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    expect(own.list.map((e: { result: string }) => e.result)).toEqual(['OK', 'LOCKED', 'BAD_PASSWORD', 'BAD_PASSWORD', 'BAD_PASSWORD']);
    expect(own.list[0]).toMatchObject({ method: 'PASSWORD', secondFactor: null, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d /) });
    const upper = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    expect(body(await api('sessions/history', { accountId: agent.id, page: 1, pageSize: 10 }, upper)).data.total).toBe(5);
  });

  it('is refused for an account outside the caller’s subtree or of another site, like a nonexistent one', async () => {
    const agent = await agentUnder('agentA02', 'histAgent2');
    const stranger = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    const outside = body(await api('sessions/history', { accountId: agent.id, page: 1, pageSize: 10 }, stranger));
    expect(outside).toMatchObject({ success: false, code: 1005 });
    const otherSite = await accountId(ctx, 'agentA01', 'tw_mc');
    expect(body(await api('sessions/history', { accountId: otherSite, page: 1, pageSize: 10 }, stranger)).code).toBe(1005);
    expect(body(await api('sessions/history', { accountId: 999_999, page: 1, pageSize: 10 }, stranger)).code).toBe(1005);
  });

  it('cannot be edited, even in SQL', async () => {
    expect(body(await signin(ctx.app, 'agentB01', 'Wrong12345', { ip: freshIp() })).code).toBe(1001);
    await expect(sql(`update sign_in_events set result = 'OK' where result <> 'OK'`)).rejects.toThrow(/append-only/);
  });
});

describe('open sessions', () => {
  it('lists the caller’s own with this one marked; ending one ends exactly that one', async () => {
    const agent = await agentUnder('agentA01', 'sessAgent1');
    const [first, second, third] = [await agent.token(), await agent.token(), await agent.token()];
    const list = body(await api('sessions/list', {}, second)).data as { id: number; current: boolean; ip: string }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const firstId = list.at(-1)!.id;
    expect(body(await api('sessions/end', { id: firstId }, second)).success).toBe(true);
    expect(body(await api('sessions/list', {}, first))).toMatchObject({ success: false, code: 1011 });
    expect(body(await api('sessions/list', {}, third)).data).toHaveLength(2);
    // An ended or unknown session: SESSION_NOT_FOUND, nothing else changes.
    expect(body(await api('sessions/end', { id: firstId }, second))).toMatchObject({ success: false, code: 2016 });
  });

  it('signs out everywhere else, keeping the caller’s own', async () => {
    const agent = await agentUnder('agentA01', 'sessAgent2');
    const tokens = [await agent.token(), await agent.token(), await agent.token()];
    expect(body(await api('sessions/end_others', {}, tokens[2])).data).toEqual({ ended: 2 });
    expect(body(await api('sessions/list', {}, tokens[0])).code).toBe(1011);
    expect(body(await api('sessions/list', {}, tokens[1])).code).toBe(1011);
    expect(body(await api('sessions/list', {}, tokens[2])).data).toHaveLength(1);
  });

  it('an upper agent sees and ends a lower account’s sessions, logged; another subtree’s are not found', async () => {
    const agent = await agentUnder('agentA01', 'sessAgent3');
    const lower = await agent.token();
    const upper = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    const theirs = body(await api('sessions/list', { accountId: agent.id }, upper)).data as { id: number; current: boolean }[];
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.current).toBe(false);

    const stranger = await signinAs(ctx.app, 'agentA02', { ip: freshIp() });
    expect(body(await api('sessions/list', { accountId: agent.id }, stranger)).code).toBe(1005);
    expect(body(await api('sessions/end', { id: theirs[0]!.id }, stranger)).code).toBe(2016);
    expect(body(await api('sessions/end_others', { accountId: agent.id }, stranger)).code).toBe(1005);
    // A shadow reads but does not write.
    const shadow = await signinAs(ctx.app, 'shadowA01', { ip: freshIp() });
    expect(body(await api('sessions/list', { accountId: agent.id }, shadow)).data).toHaveLength(1);
    expect(body(await api('sessions/end', { id: theirs[0]!.id }, shadow)).code).toBe(2006);
    expect(body(await api('sessions/list', {}, lower)).success).toBe(true);

    expect(body(await api('sessions/end_others', { accountId: agent.id }, upper)).data).toEqual({ ended: 1 });
    expect(body(await api('sessions/list', {}, lower)).code).toBe(1011);
    const [log] = await sql<{ action: string; after: unknown }>(
      'select action, after from operation_logs where target_id = $1 order by id desc limit 1',
      [agent.id],
    );
    expect(log).toEqual({ action: 'OPERATION', after: { sessionsEnded: 1 } });
  });

  it('notes the last activity without a write per request, and without emptying the session cache', async () => {
    const agent = await agentUnder('agentA01', 'sessAgent4');
    const signedInAt = clock;
    const token = await agent.token();
    const seen = async () =>
      (await sql<{ at: Date }>('select last_seen_at as at from sessions where account_id = $1', [agent.id]))[0]!.at.getTime();
    // Signing in is the first activity; a request within the minute writes nothing more.
    expect(await seen()).toBe(signedInAt);
    clock += 30_000;
    expect(body(await api('sessions/list', {}, token)).data[0].lastSeenAt).toBeTruthy();
    expect(await seen()).toBe(signedInAt);
    clock += 31_000;
    await api('sessions/list', {}, token);
    await expect.poll(seen).toBe(signedInAt + 61_000);
    // The column is not one the auth trigger watches.
    const [trigger] = await sql<{ cols: string[] }>(
      `select array_agg(a.attname::text) as cols from pg_trigger t
         join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
        where t.tgname = 'sessions_auth_changed'`,
    );
    expect(trigger!.cols).toContain('revoked_at');
    expect(trigger!.cols).toContain('step');
    expect(trigger!.cols).not.toContain('last_seen_at');
  });
});

describe('temporary passwords', () => {
  it('a reset password must be changed at the first sign-in; until then every other call is refused', async () => {
    const agent = await agentUnder('agentA01', 'tempAgent1');
    const upper = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    const reset = body(await api('agent/reset_password', { id: agent.id }, upper)).data as { pwd: string };
    const signedIn = body(await signin(ctx.app, 'tempAgent1', reset.pwd, { ip: freshIp() })).data;
    expect(signedIn.user.sessionStep).toBe('CHANGE_PASSWORD');
    const token = signedIn.token as string;

    const refused = await api('sessions/list', {}, token);
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ success: false, code: 1015 });
    expect(body(await api('userinfo', {}, token)).data.sessionStep).toBe('CHANGE_PASSWORD');
    expect(body(await api('userinfo', { id: agent.id }, token)).data.sessionStep).toBe('CHANGE_PASSWORD');
    // Keeping the handed-out password is not changing it.
    expect(body(await api('change_account_info', { oldPassword: reset.pwd, newPassword: reset.pwd }, token)).code).toBe(1015);
    expect(body(await api('change_account_info', { oldPassword: reset.pwd, newPassword: 'MyOwn12345' }, token)).success).toBe(true);
    expect(body(await api('sessions/list', {}, token)).success).toBe(true);
    expect(body(await api('userinfo', {}, token)).data.sessionStep).toBeNull();
    const [row] = await sql('select password_temporary, password_expires_at from accounts where id = $1', [agent.id]);
    expect(row).toEqual({ password_temporary: false, password_expires_at: null });
    // The next sign-in has no step.
    expect(body(await signin(ctx.app, 'tempAgent1', 'MyOwn12345', { ip: freshIp() })).data.user.sessionStep).toBeNull();
  });

  it('a handed-out password stops working after the site’s hand-off hours; the refusal is recorded', async () => {
    const admin = await signinAs(ctx.app, 'admin001', { ip: freshIp() });
    expect(body(await api('site/security/save', { twoFactorRequired: false, handoffPasswordHours: 2 }, admin)).success).toBe(true);
    const agent = await agentUnder('agentA01', 'tempAgent2');
    const upper = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    const reset = body(await api('agent/reset_password', { id: agent.id }, upper)).data as { pwd: string };
    const start = clock;
    try {
      clock = start + 2 * 3600_000 + 1000;
      const expired = await signin(ctx.app, 'tempAgent2', reset.pwd, { ip: freshIp() });
      expect(expired.statusCode).toBe(403);
      expect(body(expired)).toMatchObject({ success: false, code: 1016 });
      expect((await historyOf(agent.id)).at(-1)!.result).toBe('PASSWORD_EXPIRED');
      expect((await sql<{ n: number }>('select count(*)::int as n from sessions where account_id = $1', [agent.id]))[0]!.n).toBe(0);
      // A wrong password is still the usual answer: the expiry is told only to whoever knows the password.
      expect(body(await signin(ctx.app, 'tempAgent2', 'Wrong12345', { ip: freshIp() })).code).toBe(1001);
      clock = start + 2 * 3600_000 - 60_000;
      expect(body(await signin(ctx.app, 'tempAgent2', reset.pwd, { ip: freshIp() })).success).toBe(true);
    } finally {
      clock = start;
      await api('site/security/save', { twoFactorRequired: false, handoffPasswordHours: 72 }, admin);
    }
  });
});

describe('site security settings', () => {
  it('the site’s admin reads and saves them, logged; anyone else is refused; bad input changes nothing', async () => {
    const admin = await signinAs(ctx.app, 'admin001', { ip: freshIp() });
    expect(body(await api('site/security', null, admin)).data).toEqual({ twoFactorRequired: false, handoffPasswordHours: 72 });
    // As the web client asks: an empty JSON object.
    expect(body(await api('site/security', {}, admin)).data).toEqual({ twoFactorRequired: false, handoffPasswordHours: 72 });
    for (const bad of [{ twoFactorRequired: false, handoffPasswordHours: 0 }, { twoFactorRequired: 'yes', handoffPasswordHours: 72 }, {}]) {
      expect(body(await api('site/security/save', bad, admin))).toMatchObject({ success: false, code: 1000 });
    }
    const agent = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    expect(body(await api('site/security', null, agent)).code).toBe(1006);
    expect(body(await api('site/security/save', { twoFactorRequired: true, handoffPasswordHours: 24 }, agent)).code).toBe(1006);
    const shadow = await signinAs(ctx.app, 'shadow00', { ip: freshIp() });
    expect(body(await api('site/security/save', { twoFactorRequired: true, handoffPasswordHours: 24 }, shadow)).code).toBe(1006);
    expect(body(await api('site/security', null, admin)).data).toEqual({ twoFactorRequired: false, handoffPasswordHours: 72 });

    expect(body(await api('site/security/save', { twoFactorRequired: false, handoffPasswordHours: 48 }, admin)).success).toBe(true);
    const [log] = await sql<{ target_record: { kind: string }; before: unknown; after: unknown }>(
      `select target_record, before, after from operation_logs where target_record->>'kind' = 'siteSecurity' order by id desc limit 1`,
    );
    expect(log).toMatchObject({
      target_record: { kind: 'siteSecurity' },
      before: { handoffPasswordHours: 72 },
      after: { handoffPasswordHours: 48 },
    });
    await api('site/security/save', { twoFactorRequired: false, handoffPasswordHours: 72 }, admin);
  });
});
