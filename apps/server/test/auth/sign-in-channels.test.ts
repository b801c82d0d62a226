import { describe, expect, it } from 'vitest';
import { ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_SECONDS } from '@agent-bo/shared';
import { accountId, body, call, freshIp, signin, signinAs, useTestApp, type TestContext } from '../helpers.js';

// Moved by the tests (codes expire); the throttle is wide so that only the tests about it reach it.
let clock = Date.now();
const ctx = useTestApp({
  now: () => new Date(clock),
  throttle: {
    codeSendsPerKey: 4,
    codeSendsPerAddress: 1000,
    accountLockAfter: 100,
    ipLockAfter: 1000,
    accountSlowAfter: 50,
    accountAllSlowAfter: 50,
    ipSlowAfter: 500,
  },
});

/** The last message the outbox holds for `to`, once everything on its way has been recorded. */
async function lastMessage(c: TestContext, to: string): Promise<{ id: number; body: string } | undefined> {
  await c.app.outbound.drain();
  const { rows } = await c.database.pool.query<{ id: number; body: string }>(
    'select id, body from outbound_messages where destination = $1 order by id desc limit 1',
    [to],
  );
  return rows[0];
}
async function codeSentTo(c: TestContext, to: string): Promise<string> {
  const m = await lastMessage(c, to);
  const code = m?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}
async function messageCount(c: TestContext): Promise<number> {
  await c.app.outbound.drain();
  const { rows } = await c.database.pool.query<{ n: number }>('select count(*)::int as n from outbound_messages');
  return rows[0]!.n;
}

/** Proves `destination` as the account's contact through the API, as its owner would. */
async function prove(accountNo: string, channel: 'sms' | 'email', destination: string): Promise<string> {
  const token = await signinAs(ctx.app, accountNo, { ip: freshIp() });
  const started = await call(ctx.app, 'POST', '/api/manage/contact/start', { channel, destination }, { token, ip: freshIp() });
  expect(body(started)).toMatchObject({ success: true });
  const code = await codeSentTo(ctx, destination.toLowerCase());
  const confirmed = await call(ctx.app, 'POST', '/api/manage/contact/confirm', { channel, code }, { token });
  expect(body(confirmed).success).toBe(true);
  return token;
}

const post = (url: string, payload: unknown, ip = freshIp(), lang = 'en') =>
  call(ctx.app, 'POST', `/api/manage/${url}`, payload, { site: 'tw_web', ip, lang });

describe('contacts', () => {
  it('a contact counts once the code sent there comes back; the code is kept only as an HMAC', async () => {
    const token = await signinAs(ctx.app, 'agentB01', { ip: freshIp() });
    await call(ctx.app, 'POST', '/api/manage/contact/start', { channel: 'sms', destination: '+886900000001' }, { token, lang: 'zh_TW' });
    const code = await codeSentTo(ctx, '+886900000001');
    expect((await lastMessage(ctx, '+886900000001'))!.body).toBe(`您的驗證碼：${code}（5 分鐘內有效），用於確認此聯絡方式。`);
    const { rows } = await ctx.database.pool.query('select code_hash from one_time_codes order by id desc limit 1');
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
    expect(body(await call(ctx.app, 'POST', '/api/manage/contact/list', {}, { token })).data).toEqual([]);

    const wrong = await call(
      ctx.app,
      'POST',
      '/api/manage/contact/confirm',
      { channel: 'sms', code: code === '000000' ? '000001' : '000000' },
      { token, lang: 'en' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ success: false, code: 1013, message: 'The code is wrong or no longer valid; ask for a new one' });
    const otherChannel = await call(ctx.app, 'POST', '/api/manage/contact/confirm', { channel: 'email', code }, { token });
    expect(body(otherChannel).code).toBe(1013);

    const ok = await call(ctx.app, 'POST', '/api/manage/contact/confirm', { channel: 'sms', code }, { token });
    expect(body(ok).data).toEqual([{ channel: 'sms', destination: '+886900000001', verifiedAt: expect.stringMatching(/^\d{4}-/) }]);
    const again = await call(ctx.app, 'POST', '/api/manage/contact/confirm', { channel: 'sms', code }, { token });
    expect(body(again).code).toBe(1013);
  });

  it('a proved phone number belongs to one account of the site', async () => {
    await prove('agentC01', 'sms', '+886900000002');
    const token = await signinAs(ctx.app, 'agentC02', { ip: freshIp() });
    const res = await call(
      ctx.app,
      'POST',
      '/api/manage/contact/start',
      { channel: 'sms', destination: '+886900000002' },
      { token, lang: 'en' },
    );
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe(1014);
  });

  it('two accounts confirming one number at once: one proves it, the other is told it is taken', async () => {
    const phone = '+886900000030';
    const tokens = await Promise.all(['agentD05', 'agentD06'].map((a) => signinAs(ctx.app, a, { ip: freshIp() })));
    const codes: string[] = [];
    for (const token of tokens) {
      await call(ctx.app, 'POST', '/api/manage/contact/start', { channel: 'sms', destination: phone }, { token });
      codes.push(await codeSentTo(ctx, phone));
    }
    const answers = await Promise.all(
      tokens.map((token, i) => call(ctx.app, 'POST', '/api/manage/contact/confirm', { channel: 'sms', code: codes[i] }, { token })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map((r) => body(r).code).sort()).toEqual([0, 1014]);
    const { rows } = await ctx.database.pool.query('select count(*)::int as n from account_contacts where destination = $1', [phone]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses a malformed phone number or e-mail with a validation error and sends nothing', async () => {
    const token = await signinAs(ctx.app, 'agentC02', { ip: freshIp() });
    const before = await messageCount(ctx);
    for (const payload of [
      { channel: 'sms', destination: '0912345678' },
      { channel: 'email', destination: 'not-an-address' },
      { channel: 'fax', destination: '+886900000009' },
    ]) {
      const res = await call(ctx.app, 'POST', '/api/manage/contact/start', payload, { token });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 1000 });
    }
    expect(await messageCount(ctx)).toBe(before);
  });

  it('removing a contact is logged and the phone no longer signs in', async () => {
    const token = await prove('agentD02', 'sms', '+886900000003');
    const removed = await call(ctx.app, 'POST', '/api/manage/contact/remove', { channel: 'sms' }, { token });
    expect(body(removed).data).toEqual([]);
    const { rows } = await ctx.database.pool.query(
      "select before, after from operation_logs where target_id = $1 and action = 'OPERATION' order by id",
      [await accountId(ctx, 'agentD02')],
    );
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [null, { sms: '+886900000003' }],
      [{ sms: '+886900000003' }, { sms: null }],
    ]);
    const before = await messageCount(ctx);
    expect(body(await post('signin/code/send', { identifier: '+886900000003' })).data).toEqual({ accepted: true });
    expect(await messageCount(ctx)).toBe(before);
  });
});

describe('phone code sign-in', () => {
  it('an account number or the proved phone gets a code; the code signs in once, as CODE', async () => {
    await prove('agentA03', 'sms', '+886900000010');
    for (const identifier of ['agentA03', '+886900000010']) {
      const sent = await post('signin/code/send', { identifier });
      expect(body(sent)).toMatchObject({ success: true, data: { accepted: true } });
      const code = await codeSentTo(ctx, '+886900000010');
      const ip = freshIp();
      const res = await post('signin/code', { identifier, code }, ip);
      expect(body(res)).toMatchObject({ success: true, data: { user: { accountNo: 'agentA03' } } });
      const { rows } = await ctx.database.pool.query('select method, ip from sessions order by id desc limit 1');
      expect(rows[0]).toEqual({ method: 'CODE', ip });
      expect(body(await post('signin/code', { identifier, code })).code).toBe(1013);
    }
  });

  it('answers the same for an unknown account, an account without a phone, a player and a phone nobody proved, and sends nothing', async () => {
    const before = await messageCount(ctx);
    const answers = [];
    for (const identifier of ['nobody0001', 'agentB03', 'player001', '+886911111111']) {
      const res = await post('signin/code/send', { identifier });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(200);
    expect(await messageCount(ctx)).toBe(before);
    const res = await post('signin/code', { identifier: 'nobody0001', code: '123456' });
    expect(body(res)).toMatchObject({ success: false, code: 1013 });
  });

  it('a code expires after five minutes', async () => {
    await prove('agentB04', 'sms', '+886900000011');
    await post('signin/code/send', { identifier: 'agentB04' });
    const code = await codeSentTo(ctx, '+886900000011');
    clock += ONE_TIME_CODE_TTL_SECONDS * 1000 + 1000;
    try {
      expect(body(await post('signin/code', { identifier: 'agentB04', code })).code).toBe(1013);
    } finally {
      clock -= ONE_TIME_CODE_TTL_SECONDS * 1000 + 1000;
    }
  });

  it('wrong tries burn the code: after the last allowed one even the right code is refused, and nothing opened', async () => {
    await prove('agentB05', 'sms', '+886900000012');
    await post('signin/code/send', { identifier: 'agentB05' });
    const code = await codeSentTo(ctx, '+886900000012');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < ONE_TIME_CODE_MAX_ATTEMPTS; i++)
      expect(body(await post('signin/code', { identifier: 'agentB05', code: wrong })).code).toBe(1013);
    const sessionsBefore = await ctx.database.pool.query('select count(*)::int as n from sessions where account_id = $1', [
      await accountId(ctx, 'agentB05'),
    ]);
    expect(body(await post('signin/code', { identifier: 'agentB05', code })).code).toBe(1013);
    const sessionsAfter = await ctx.database.pool.query('select count(*)::int as n from sessions where account_id = $1', [
      await accountId(ctx, 'agentB05'),
    ]);
    expect(sessionsAfter.rows[0].n).toBe(sessionsBefore.rows[0].n);
  });

  it('a new code ends the earlier one', async () => {
    await prove('agentB06', 'sms', '+886900000013');
    await post('signin/code/send', { identifier: 'agentB06' });
    const first = await codeSentTo(ctx, '+886900000013');
    await post('signin/code/send', { identifier: 'agentB06' });
    const second = await codeSentTo(ctx, '+886900000013');
    if (first !== second) expect(body(await post('signin/code', { identifier: 'agentB06', code: first })).code).toBe(1013);
    expect(body(await post('signin/code', { identifier: 'agentB06', code: second })).success).toBe(true);
  });

  it('limits the codes one identifier may ask for, whether or not it names an account', async () => {
    for (const identifier of ['agentC03', 'nobody0002']) {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await post('signin/code/send', { identifier })).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 429]);
    }
  });

  it('a disabled account gets no code, and a code it already had does not sign it in', async () => {
    await prove('agentC04', 'sms', '+886900000014');
    await post('signin/code/send', { identifier: 'agentC04' });
    const code = await codeSentTo(ctx, '+886900000014');
    await ctx.database.pool.query('update accounts set is_disabled = true where id = $1', [await accountId(ctx, 'agentC04')]);
    try {
      const before = await messageCount(ctx);
      await post('signin/code/send', { identifier: 'agentC04' });
      expect(await messageCount(ctx)).toBe(before);
      expect(body(await post('signin/code', { identifier: 'agentC04', code })).code).toBe(1002);
    } finally {
      await ctx.database.pool.query('update accounts set is_disabled = false where id = $1', [await accountId(ctx, 'agentC04')]);
    }
  });
});

describe('forgot password', () => {
  it('up the tree: the request reaches the upper agents, repeats count, and a reset on the member screen answers it', async () => {
    const target = await accountId(ctx, 'agentD03');
    for (let i = 0; i < 2; i++)
      expect(body(await post('password/forgot', { accountNo: 'agentD03', via: 'UPPER' })).data).toEqual({ accepted: true });

    const upper = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    const list = body(await call(ctx.app, 'POST', '/api/manage/member/reset_requests', {}, { token: upper }));
    const mine = list.data.list.filter((r: { accountNo: string }) => r.accountNo === 'agentD03');
    expect(mine).toEqual([expect.objectContaining({ accountId: target, asks: 2, isShadow: false })]);
    // Another subtree does not see it; a read-only account sees none.
    const other = body(
      await call(
        ctx.app,
        'POST',
        '/api/manage/member/reset_requests',
        {},
        { token: await signinAs(ctx.app, 'agentA02', { ip: freshIp() }) },
      ),
    );
    expect(other.data.list.some((r: { accountNo: string }) => r.accountNo === 'agentD03')).toBe(false);
    const shadow = body(
      await call(
        ctx.app,
        'POST',
        '/api/manage/member/reset_requests',
        {},
        { token: await signinAs(ctx.app, 'shadowA01', { ip: freshIp() }) },
      ),
    );
    expect(shadow.data).toEqual({ total: 0, list: [] });

    const reset = await call(ctx.app, 'POST', '/api/manage/agent/reset_password', { id: target }, { token: upper });
    expect(body(reset).success).toBe(true);
    const after = body(await call(ctx.app, 'POST', '/api/manage/member/reset_requests', {}, { token: upper }));
    expect(after.data.list.some((r: { accountNo: string }) => r.accountNo === 'agentD03')).toBe(false);
    const { rows } = await ctx.database.pool.query(
      'select action, operator_id, after from operation_logs where target_id = $1 order by id',
      [target],
    );
    expect(rows.map((r) => r.after)).toEqual([
      { resetRequested: 'UPPER' },
      { resetRequested: 'UPPER' },
      { reset: true, resetRequest: 'DONE' },
    ]);
    expect(rows[0].operator_id).toBe(target);
  });

  it('a request can be dismissed once, by an upper agent only; another subtree gets "not found"', async () => {
    await post('password/forgot', { accountNo: 'agentD04', via: 'UPPER' });
    const upper = await signinAs(ctx.app, 'admin001', { ip: freshIp() });
    const { list } = body(await call(ctx.app, 'POST', '/api/manage/member/reset_requests', {}, { token: upper })).data;
    const id = list.find((r: { accountNo: string }) => r.accountNo === 'agentD04').id;
    const outsider = await signinAs(ctx.app, 'agentA03', { ip: freshIp() });
    const refused = await call(ctx.app, 'POST', '/api/manage/member/reset_requests/dismiss', { id }, { token: outsider, lang: 'en' });
    expect(refused.statusCode).toBe(404);
    expect(body(refused).code).toBe(2014);
    expect(body(await call(ctx.app, 'POST', '/api/manage/member/reset_requests/dismiss', { id }, { token: upper })).success).toBe(true);
    expect(body(await call(ctx.app, 'POST', '/api/manage/member/reset_requests/dismiss', { id }, { token: upper })).code).toBe(2014);
  });

  it('answers the same for an unknown account, the admin and a player, and records nothing for them', async () => {
    const { rows: before } = await ctx.database.pool.query('select count(*)::int as n from password_reset_requests');
    const answers = new Set<string>();
    for (const accountNo of ['nobody0003', 'admin001', 'player002']) {
      const res = await post('password/forgot', { accountNo, via: 'UPPER' });
      answers.add(`${res.statusCode} ${res.body}`);
    }
    expect(answers.size).toBe(1);
    const { rows: after } = await ctx.database.pool.query('select count(*)::int as n from password_reset_requests');
    expect(after[0].n).toBe(before[0].n);
  });

  it('by code: a proved e-mail gets a code, the new password works, sessions end; a wrong code changes nothing', async () => {
    const session = await prove('agentC07', 'email', 'C07@Example.com');
    const hash = async () =>
      (await ctx.database.pool.query("select password_hash from accounts where account_no = $1 and site_id = 'tw_web'", ['agentC07']))
        .rows[0].password_hash;
    const hashBefore = await hash();
    expect(body(await post('password/forgot', { accountNo: 'agentC07', via: 'email' })).data).toEqual({ accepted: true });
    const code = await codeSentTo(ctx, 'c07@example.com');
    const wrong = await post('password/reset_by_code', {
      accountNo: 'agentC07',
      code: code === '000000' ? '000001' : '000000',
      password: 'Fresh4321x',
    });
    expect(body(wrong).code).toBe(1013);
    expect(await hash()).toBe(hashBefore);
    // The policy speaks once the code is right, and a refusal by it keeps the code's use: ask again.
    const ok = await post('password/reset_by_code', { accountNo: 'agentC07', code, password: 'Fresh4321x' });
    expect(body(ok).data).toEqual({ accepted: true });
    expect(await hash()).not.toBe(hashBefore);
    expect(body(await signin(ctx.app, 'agentC07', 'Fresh4321x', { ip: freshIp() })).success).toBe(true);
    expect((await call(ctx.app, 'POST', '/api/manage/userinfo', {}, { token: session })).statusCode).toBe(401);
    expect(body(await post('password/reset_by_code', { accountNo: 'agentC07', code, password: 'Other4321x' })).code).toBe(1013);
  });

  it('by code asked on a channel the account has not proved: the same answer, no message', async () => {
    const before = await messageCount(ctx);
    const res = await post('password/forgot', { accountNo: 'agentC05', via: 'sms' });
    expect(body(res).data).toEqual({ accepted: true });
    expect(await messageCount(ctx)).toBe(before);
  });

  it('refuses bad input with a validation error', async () => {
    for (const payload of [{ accountNo: 'agentC07', via: 'fax' }, { accountNo: 'x', via: 'UPPER' }, { accountNo: 'agentC07' }]) {
      const res = await post('password/forgot', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(1000);
    }
    const weak = await post('password/reset_by_code', { accountNo: 'agentC07', code: '123456', password: 'short' });
    expect(body(weak).code).toBe(1000);
  });
});

describe('outbox', () => {
  it("the site's admin reads the outbox driver's messages; nobody else does", async () => {
    await prove('agentC06', 'sms', '+886900000020');
    const admin = await signinAs(ctx.app, 'admin001', { ip: freshIp() });
    const page = body(await call(ctx.app, 'POST', '/api/manage/outbox/list', { page: 1, pageSize: 10 }, { token: admin }));
    expect(page.data.list[0]).toMatchObject({ channel: 'sms', destination: '+886900000020', accountNo: 'agentC06', subject: null });
    expect(page.data.list[0].body).toMatch(/\d{6}/);
    for (const who of ['shadow00', 'agentA01']) {
      const res = await call(
        ctx.app,
        'POST',
        '/api/manage/outbox/list',
        { page: 1, pageSize: 10 },
        { token: await signinAs(ctx.app, who, { ip: freshIp() }) },
      );
      expect(res.statusCode).toBe(403);
    }
    const mc = { site: 'tw_mc', host: 'tw-mc.localhost' };
    const mcAdmin = await signinAs(ctx.app, 'admin001', { ip: freshIp(), ...mc });
    const otherSite = body(await call(ctx.app, 'POST', '/api/manage/outbox/list', { page: 1, pageSize: 10 }, { token: mcAdmin, ...mc }));
    expect(otherSite.success).toBe(true);
    expect(otherSite.data.list.some((m: { destination: string }) => m.destination === '+886900000020')).toBe(false);
  });
});
