import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { accountId, body, call, freshIp, signin, signinAs, useTestApp, type CallOptions } from '../helpers.js';

// Moved forward by the tests: authenticator codes follow it, challenges expire by it.
let clock = Date.now();
const ctx = useTestApp({ now: () => new Date(clock) });

const post = (url: string, payload: unknown, o: CallOptions = {}) =>
  call(ctx.app, 'POST', `/api/manage/${url}`, payload, { site: 'tw_web', lang: 'en', ...o });

/** The authenticator's code for `secret` at the test clock, `steps` 30-second steps away. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(clock / 1000) + steps * 30 });

/** A code of a step no code has been used for yet: the clock moves on one step first. */
async function freshCode(secret: string): Promise<string> {
  clock += 30_000;
  return codeAt(secret);
}

/** A code that is not `secret`'s at any step near the clock. */
async function wrongCode(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-1, 0, 1].map((s) => codeAt(secret, s))));
  for (let n = 0; ; n += 1) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) return c;
  }
}

async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, values)).rows as T[];
}

async function sessionCount(accountNo: string): Promise<number> {
  const [row] = await query<{ n: number }>('select count(*)::int as n from sessions where account_id = $1', [
    await accountId(ctx, accountNo),
  ]);
  return row!.n;
}

/** Enrols `accountNo` through the API: its token, secret and recovery codes. */
async function enrol(accountNo: string): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const token = await signinAs(ctx.app, accountNo, { ip: freshIp() });
  const started = body(await post('second_factor/start', undefined, { token }));
  expect(started.success).toBe(true);
  const confirmed = body(await post('second_factor/confirm', { code: await codeAt(started.data.secret) }, { token }));
  expect(confirmed.success).toBe(true);
  return { token, secret: started.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

/** Signs in with the password only; the challenge the answer carries. */
async function challengeFor(accountNo: string, ip = freshIp()): Promise<string> {
  const res = await signin(ctx.app, accountNo, undefined, { ip });
  const b = body(res);
  expect(b.success).toBe(true);
  expect(b.data.token).toBeUndefined();
  expect(b.data.secondFactor).toEqual({ challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
  return b.data.secondFactor.challenge as string;
}

const answer = (challenge: string, code: string, ip = freshIp()) => post('signin/second_factor', { challenge, code }, { ip });

async function events(accountNo: string): Promise<{ result: string; second_factor: string | null; method: string }[]> {
  return query('select result, second_factor, method from sign_in_events where account_id = $1 order by id', [
    await accountId(ctx, accountNo),
  ]);
}

describe('enrolment', () => {
  it('start, a wrong then a right code, ten recovery codes once; the secret is stored sealed', async () => {
    const token = await signinAs(ctx.app, 'agentC05', { ip: freshIp() });
    expect(body(await post('second_factor/status', undefined, { token })).data).toEqual({
      enrolled: false,
      required: false,
      recoveryCodesLeft: 0,
    });

    const first = body(await post('second_factor/start', undefined, { token })).data;
    // Starting again replaces an enrolment not yet confirmed: the first secret's codes no longer count.
    const started = body(await post('second_factor/start', undefined, { token })).data;
    expect(started.secret).not.toBe(first.secret);
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/.*agentC05\?/);
    expect(started.uri).toContain(`secret=${started.secret}`);
    const id = await accountId(ctx, 'agentC05');
    const [stored] = await query<{ secret_ciphertext: string; enabled_at: Date | null }>(
      'select secret_ciphertext, enabled_at from account_second_factors where account_id = $1',
      [id],
    );
    expect(stored!.enabled_at).toBeNull();
    expect(stored!.secret_ciphertext).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored!.secret_ciphertext).not.toContain(started.secret);

    const stale = await post('second_factor/confirm', { code: await codeAt(first.secret) }, { token });
    expect(body(stale)).toMatchObject({ success: false, code: 1017 });
    const wrong = await post('second_factor/confirm', { code: await wrongCode(started.secret) }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({
      success: false,
      code: 1017,
      message: 'The authenticator or recovery code is wrong or already used',
    });
    expect(body(await post('second_factor/status', undefined, { token })).data.enrolled).toBe(false);

    const confirmed = body(await post('second_factor/confirm', { code: await codeAt(started.secret) }, { token }));
    expect(confirmed.success).toBe(true);
    const codes = confirmed.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await query<{ code_hash: string }>('select code_hash from recovery_codes where account_id = $1', [id]);
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const c of codes) expect(code_hash).not.toContain(c.replace('-', ''));
    }
    expect(body(await post('second_factor/status', undefined, { token })).data).toEqual({
      enrolled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // Enabled: starting again is refused and changes nothing.
    const again = await post('second_factor/start', undefined, { token });
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe(2018);
    const [after] = await query<{ secret_ciphertext: string }>(
      'select secret_ciphertext from account_second_factors where account_id = $1',
      [id],
    );
    expect(after!.secret_ciphertext).toBe(stored!.secret_ciphertext);
    const logs = await query<{ after: unknown }>("select after from operation_logs where target_id = $1 and action = 'OPERATION'", [id]);
    expect(logs.map((l) => l.after)).toContainEqual({ secondFactor: true });
  });

  it('a code is good once: the confirmation code cannot sign in, and a sign-in code cannot sign in twice', async () => {
    const { secret } = await enrol('agentC06');
    const confirmationCode = await codeAt(secret);
    const replayed = await answer(await challengeFor('agentC06'), confirmationCode);
    expect(body(replayed).code).toBe(1017);

    const code = await freshCode(secret);
    expect(body(await answer(await challengeFor('agentC06'), code)).success).toBe(true);
    const twice = await answer(await challengeFor('agentC06'), code);
    expect(body(twice).code).toBe(1017);
    // A code of the step before the one used is older: refused too, although inside the drift window.
    const older = await answer(await challengeFor('agentC06'), await codeAt(secret, -1));
    expect(body(older).code).toBe(1017);
  });

  it('the step before and after the current one are accepted for clock drift, two steps away is not', async () => {
    const { secret } = await enrol('agentC07');
    clock += 5 * 30_000;
    expect(body(await answer(await challengeFor('agentC07'), await codeAt(secret, -2))).code).toBe(1017);
    expect(body(await answer(await challengeFor('agentC07'), await codeAt(secret, -1))).success).toBe(true);
    expect(body(await answer(await challengeFor('agentC07'), await codeAt(secret, 2))).code).toBe(1017);
    expect(body(await answer(await challengeFor('agentC07'), await codeAt(secret, 1))).success).toBe(true);
  });

  it('disable needs a fresh code: a used or wrong one is refused and changes nothing', async () => {
    const { token, secret, recoveryCodes } = await enrol('agentC08');
    const used = await codeAt(secret);
    expect(body(await post('second_factor/disable', { code: used }, { token })).code).toBe(1017);
    expect(body(await post('second_factor/disable', { code: await wrongCode(secret) }, { token })).code).toBe(1017);
    expect(body(await post('second_factor/disable', { code: 'aaaaa-bbbbb' }, { token })).code).toBe(1017);
    expect(body(await post('second_factor/status', undefined, { token })).data).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });

    expect(body(await post('second_factor/disable', { code: recoveryCodes[0]!.toUpperCase() }, { token })).success).toBe(true);
    expect(body(await post('second_factor/status', undefined, { token })).data).toEqual({
      enrolled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const id = await accountId(ctx, 'agentC08');
    expect(await query('select 1 from recovery_codes where account_id = $1', [id])).toHaveLength(0);
    // Signing in is one step again.
    expect(body(await signin(ctx.app, 'agentC08', undefined, { ip: freshIp() })).data.token).toEqual(expect.any(String));
    expect(body(await post('second_factor/disable', { code: await freshCode(secret) }, { token })).code).toBe(2017);
  });

  it('refuses malformed codes with a validation error', async () => {
    const token = await signinAs(ctx.app, 'agentC10', { ip: freshIp() });
    for (const code of ['12345', '1234567', 'abc', '']) {
      const res = await post('second_factor/confirm', { code }, { token });
      expect(res.statusCode).toBe(400);
      expect(body(res).success).toBe(false);
    }
    expect(body(await post('second_factor/confirm', { code: '123456' }, { token })).code).toBe(2017);
  });
});

describe('signing in with a second factor', () => {
  it('a right password answers a challenge, not a session; a wrong code counts; a right one opens the session', async () => {
    const { secret } = await enrol('agentD01');
    const before = await sessionCount('agentD01');
    const challenge = await challengeFor('agentD01');
    expect(await sessionCount('agentD01')).toBe(before);

    const wrong = await answer(challenge, await wrongCode(secret));
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).code).toBe(1017);
    const [row] = await query<{ attempts: number }>('select attempts from sign_in_challenges order by id desc limit 1');
    expect(row!.attempts).toBe(1);
    expect(await sessionCount('agentD01')).toBe(before);

    const ok = body(await answer(challenge, await freshCode(secret)));
    expect(ok.success).toBe(true);
    expect(ok.data.user.accountNo).toBe('agentD01');
    expect(await sessionCount('agentD01')).toBe(before + 1);
    const info = await call(ctx.app, 'POST', '/api/manage/userinfo', undefined, { site: 'tw_web', token: ok.data.token });
    expect(body(info).data.accountNo).toBe('agentD01');
    // The challenge is used up.
    expect(body(await answer(challenge, await freshCode(secret))).code).toBe(1019);

    expect((await events('agentD01')).slice(-3)).toEqual([
      { result: 'SECOND_FACTOR_ASKED', second_factor: null, method: 'PASSWORD' },
      { result: 'BAD_SECOND_FACTOR', second_factor: null, method: 'PASSWORD' },
      { result: 'OK', second_factor: 'TOTP', method: 'PASSWORD' },
    ]);
  });

  it('five wrong codes burn the challenge: even the right code is refused after, and no session opens', async () => {
    const { secret } = await enrol('agentD02');
    const before = await sessionCount('agentD02');
    const challenge = await challengeFor('agentD02');
    const wrong = await wrongCode(secret);
    for (let i = 1; i <= 4; i += 1) expect(body(await answer(challenge, wrong)).code).toBe(1017);
    const fifth = await answer(challenge, wrong);
    expect(fifth.statusCode).toBe(401);
    expect(body(fifth)).toMatchObject({ code: 1019, message: 'This sign-in took too long; enter your password again' });
    expect(body(await answer(challenge, await freshCode(secret))).code).toBe(1019);
    expect(await sessionCount('agentD02')).toBe(before);
  });

  it('a challenge expires after five minutes', async () => {
    const { secret } = await enrol('agentD03');
    const challenge = await challengeFor('agentD03');
    clock += 5 * 60_000 + 1000;
    const res = await answer(challenge, await codeAt(secret));
    expect(body(res).code).toBe(1019);
    expect(body(await answer('x'.repeat(43), await codeAt(secret))).code).toBe(1019);
  });

  it('a challenge of another site is unknown there', async () => {
    await enrol('agentD04');
    const challenge = await challengeFor('agentD04');
    const res = await post('signin/second_factor', { challenge, code: '123456' }, { site: 'tw_mc', host: 'tw-mc.localhost' });
    expect(body(res).code).toBe(1019);
  });

  it('a recovery code signs in once', async () => {
    const { recoveryCodes } = await enrol('agentD05');
    const code = recoveryCodes[3]!;
    const ok = body(await answer(await challengeFor('agentD05'), ` ${code.toUpperCase().replace('-', ' ')} `));
    expect(ok).toMatchObject({ success: true });
    expect(body(await answer(await challengeFor('agentD05'), code)).code).toBe(1017);
    expect(body(await post('second_factor/status', undefined, { token: ok.data.token })).data.recoveryCodesLeft).toBe(9);
    expect((await events('agentD05')).filter((e) => e.result === 'OK').at(-1)).toEqual({
      result: 'OK',
      second_factor: 'RECOVERY',
      method: 'PASSWORD',
    });
  });

  it('too many wrong codes in a short time and no further challenge is issued, from any address', async () => {
    const { secret } = await enrol('agentD06');
    const wrong = await wrongCode(secret);
    for (let round = 0; round < 2; round += 1) {
      const challenge = await challengeFor('agentD06');
      for (let i = 0; i < 5; i += 1) await answer(challenge, wrong);
    }
    const res = await signin(ctx.app, 'agentD06', undefined, { ip: freshIp() });
    expect(res.statusCode).toBe(429);
    expect(body(res).code).toBe(1003);
  });
});

describe('required by the site or a role', () => {
  it("the site's setting gives every staff session the enrolment step until it has enrolled", async () => {
    await ctx.database.pool.query("update sites set two_factor_required = true where id = 'tw_mc'");
    const mc = { site: 'tw_mc', host: 'tw-mc.localhost' };
    const signed = body(await signin(ctx.app, 'agentB02', undefined, { ...mc, ip: freshIp() }));
    expect(signed.data.user.sessionStep).toBe('ENROL_SECOND_FACTOR');
    const token = signed.data.token as string;
    const [session] = await query<{ step: string | null }>('select step from sessions order by id desc limit 1');
    expect(session!.step).toBe('ENROL_SECOND_FACTOR');
    // Everything but the enrolment (and the few routes a step allows) is refused.
    const dashboard = await call(ctx.app, 'POST', '/api/manage/dashboard/overview', {}, { ...mc, token });
    expect(body(dashboard).code).toBe(1018);

    const status = body(await post('second_factor/status', undefined, { ...mc, token }));
    expect(status.data).toEqual({ enrolled: false, required: true, recoveryCodesLeft: 0 });
    const started = body(await post('second_factor/start', undefined, { ...mc, token })).data;
    expect(body(await post('second_factor/confirm', { code: await codeAt(started.secret) }, { ...mc, token })).success).toBe(true);
    const [done] = await query<{ step: string | null }>('select step from sessions order by id desc limit 1');
    expect(done!.step).toBeNull();
    const info = await call(ctx.app, 'POST', '/api/manage/userinfo', undefined, { ...mc, token });
    expect(body(info).data.sessionStep).toBeNull();
    // Shadows are staff too.
    expect(body(await signin(ctx.app, 'shadowA01', undefined, { ...mc, ip: freshIp() })).data.user.sessionStep).toBe('ENROL_SECOND_FACTOR');
    await ctx.database.pool.query("update sites set two_factor_required = false where id = 'tw_mc'");
  });

  it('a role that requires it gives its holders the step; the roles screen sets it on roles of its own site only', async () => {
    const [role] = await query<{ id: number; version: number; name: unknown; codes: string[] }>(
      "select id, version, name, codes from roles where site_id = 'tw_web' and name->>'en' = 'Marketing'",
    );
    const admin = await signinAs(ctx.app, 'admin001', { ip: freshIp() });
    const save = { id: role!.id, version: role!.version, name: role!.name, codes: role!.codes, requireTwoFactor: true };
    const elsewhere = await post('role/save', save, {
      site: 'tw_mc',
      host: 'tw-mc.localhost',
      token: await signinAs(ctx.app, 'admin001', { site: 'tw_mc', host: 'tw-mc.localhost', ip: freshIp() }),
    });
    expect(body(elsewhere).success).toBe(false);
    expect((await query<{ r: boolean }>('select require_two_factor as r from roles where id = $1', [role!.id]))[0]!.r).toBe(false);

    const saved = await post('role/save', save, { token: admin });
    expect(body(saved).success).toBe(true);
    const detail = body(await post('role/detail', { id: role!.id }, { token: admin }));
    expect(detail.data.role.requireTwoFactor).toBe(true);
    // A save that does not name the setting keeps it.
    const { requireTwoFactor: _, ...unnamed } = { ...save, version: body(saved).data.version };
    expect(body(await post('role/save', unnamed, { token: admin })).success).toBe(true);
    expect((await query<{ r: boolean }>('select require_two_factor as r from roles where id = $1', [role!.id]))[0]!.r).toBe(true);

    const holder = body(await signin(ctx.app, 'agentA02', undefined, { ip: freshIp() }));
    expect(holder.data.user.sessionStep).toBe('ENROL_SECOND_FACTOR');
    const other = body(await signin(ctx.app, 'agentA03', undefined, { ip: freshIp() }));
    expect(other.data.user.sessionStep).toBeNull();
  });
});

describe("the upper agent's reset", () => {
  it('removes the factor and its recovery codes, logged; another subtree or site is "not found"; never shows a secret', async () => {
    await enrol('agentB06');
    const id = await accountId(ctx, 'agentB06');
    const sideways = await signinAs(ctx.app, 'agentC09', { ip: freshIp() });
    const below = await signinAs(ctx.app, 'agentD11', { ip: freshIp() });
    const otherSite = await signinAs(ctx.app, 'admin001', { site: 'tw_mc', host: 'tw-mc.localhost', ip: freshIp() });
    for (const [token, o] of [
      [sideways, {}],
      [below, {}],
      [otherSite, { site: 'tw_mc', host: 'tw-mc.localhost' }],
    ] as const) {
      const res = await post('agent/reset_second_factor', { id }, { ...o, token });
      expect(body(res).code).toBe(1005);
    }
    const shadow = await signinAs(ctx.app, 'shadowA01', { ip: freshIp() });
    expect(body(await post('agent/reset_second_factor', { id }, { token: shadow })).success).toBe(false);
    expect(await query('select 1 from account_second_factors where account_id = $1', [id])).toHaveLength(1);
    expect(await query('select 1 from recovery_codes where account_id = $1', [id])).toHaveLength(10);

    const upper = await signinAs(ctx.app, 'agentA03', { ip: freshIp() });
    const pending = await challengeFor('agentB06');
    const res = await post('agent/reset_second_factor', { id }, { token: upper });
    expect(body(res)).toMatchObject({ success: true, data: null });
    expect(await query('select 1 from account_second_factors where account_id = $1', [id])).toHaveLength(0);
    expect(await query('select 1 from recovery_codes where account_id = $1', [id])).toHaveLength(0);
    const [log] = await query<{ operator: string; after: unknown }>(
      'select o.account_no as operator, l.after from operation_logs l join accounts o on o.id = l.operator_id where l.target_id = $1 order by l.id desc limit 1',
      [id],
    );
    expect(log).toEqual({ operator: 'agentA03', after: { secondFactor: false, secondFactorReset: true } });
    // A challenge issued before the reset can no longer be answered; the next sign-in is one step.
    expect(body(await answer(pending, '123456')).code).toBe(1019);
    expect(body(await signin(ctx.app, 'agentB06', undefined, { ip: freshIp() })).data.token).toEqual(expect.any(String));
    expect(body(await post('agent/reset_second_factor', { id }, { token: upper })).code).toBe(2017);
  });
});
