import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { accountId, body, call, freshIp, signinAs, useTestApp } from '../helpers.js';

// The long poll is held for a minute here: a wait that is not woken by the decision fails the
// test by its timeout instead of answering late.
let clock = Date.now();
const ctx = useTestApp({ now: () => new Date(clock), qrWaitSeconds: 60, store: { earningIntervalMs: 0 } });
/** A second server process on the same database: a decision there must wake a wait here. */
let other: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  const database = createDatabase(String(ctx.database.pool.options.connectionString), { max: 2 });
  const app = await buildApp({ db: database.db, pool: database.pool, config: { rateLimit: false, now: () => new Date(clock) } });
  await app.ready();
  other = { app, database };
});

afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
});

const ASKER = { ip: '198.51.100.77', ua: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' };
const publicCall = (url: string, payload: unknown, app = ctx.app) =>
  call(app, 'POST', `/api/manage/${url}`, payload, { site: 'tw_web', ip: ASKER.ip, lang: 'en', headers: { 'user-agent': ASKER.ua } });
const signedCall = (url: string, payload: unknown, token: string, app = ctx.app) =>
  call(app, 'POST', `/api/manage/${url}`, payload, { token, site: 'tw_web', ip: freshIp(), lang: 'en' });
const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];

async function start(): Promise<{ token: string; waitToken: string }> {
  const started = body(await publicCall('signin/qr/start', null));
  expect(started.success).toBe(true);
  expect(started.data.expiresIn).toBe(120);
  return started.data;
}

describe('QR sign-in', () => {
  it('the approving device sees who asks; a wrong password approves nothing; the right one signs the waiting page in at once', async () => {
    const qr = await start();
    const phone = await signinAs(ctx.app, 'agentA01', { ip: freshIp() });
    expect(body(await signedCall('qr/show', { token: qr.token }, phone)).data).toEqual({
      ip: ASKER.ip,
      userAgent: ASKER.ua,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d /),
      confirmWith: 'PASSWORD',
    });
    const waiting = publicCall('signin/qr/wait', { waitToken: qr.waitToken });
    const wrong = body(await signedCall('qr/decide', { token: qr.token, approve: true, password: 'Wrong12345' }, phone));
    expect(wrong).toMatchObject({ success: false, code: 2010 });
    expect(body(await signedCall('qr/show', { token: qr.token }, phone)).success).toBe(true);

    expect(body(await signedCall('qr/decide', { token: qr.token, approve: true, password: 'Demo1234' }, phone)).success).toBe(true);
    const answer = body(await waiting).data;
    expect(answer.status).toBe('APPROVED');
    expect(answer.signedIn.user.accountNo).toBe('agentA01');
    const own = body(await call(ctx.app, 'POST', '/api/manage/sessions/list', {}, { token: answer.signedIn.token, site: 'tw_web' })).data;
    expect(own.find((s: { current: boolean }) => s.current)).toMatchObject({ method: 'QR', ip: ASKER.ip, userAgent: ASKER.ua });
    const a01 = await accountId(ctx, 'agentA01');
    const history = await sql<{ method: string; result: string }>(
      `select method, result from sign_in_events where account_id = $1 and method = 'QR' order by id`,
      [a01],
    );
    expect(history.map((h) => h.result)).toEqual(['BAD_PASSWORD', 'OK']);
    // Used once: asking again, or deciding again, is an expired code.
    expect(body(await publicCall('signin/qr/wait', { waitToken: qr.waitToken }))).toMatchObject({ success: false, code: 1021 });
    expect(body(await signedCall('qr/decide', { token: qr.token, approve: true, password: 'Demo1234' }, phone)).code).toBe(1021);
  });

  it('starts from an empty JSON object too (what the web client sends), and refuses any field', async () => {
    const started = body(await publicCall('signin/qr/start', {}));
    expect(started).toMatchObject({ success: true, data: { expiresIn: 120 } });
    expect(body(await publicCall('signin/qr/start', { accountNo: 'agentA01' })).success).toBe(false);
  });

  it('the code in the picture never signs in; the page’s own wait token does', async () => {
    const qr = await start();
    expect(body(await publicCall('signin/qr/wait', { waitToken: qr.token }))).toMatchObject({ success: false, code: 1021 });
    const phone = await signinAs(ctx.app, 'agentB01', { ip: freshIp() });
    expect(body(await signedCall('qr/show', { token: qr.waitToken }, phone)).code).toBe(1021);
  });

  it('a decision on another server process wakes the wait here', async () => {
    const qr = await start();
    const phone = await signinAs(other.app, 'agentB02', { ip: freshIp() });
    const waiting = publicCall('signin/qr/wait', { waitToken: qr.waitToken });
    // The wait is registered before the decision is made (its LISTEN connection is in place).
    await expect
      .poll(async () => (await sql(`select pid from pg_stat_activity where application_name = 'agent-bo-qr'`)).length)
      .toBeGreaterThan(0);
    expect(body(await signedCall('qr/decide', { token: qr.token, approve: true, password: 'Demo1234' }, phone, other.app)).success).toBe(
      true,
    );
    expect(body(await waiting).data.signedIn.user.accountNo).toBe('agentB02');
  });

  it('a denial ends the request for everyone; a request decided by one account cannot be taken by another', async () => {
    const denied = await start();
    const phone = await signinAs(ctx.app, 'agentB03', { ip: freshIp() });
    const waiting = publicCall('signin/qr/wait', { waitToken: denied.waitToken });
    expect(body(await signedCall('qr/decide', { token: denied.token, approve: false }, phone)).success).toBe(true);
    expect(body(await waiting).data).toEqual({ status: 'DENIED' });
    expect(body(await signedCall('qr/decide', { token: denied.token, approve: true, password: 'Demo1234' }, phone)).code).toBe(1021);
    const b03 = await accountId(ctx, 'agentB03');
    expect(
      (await sql<{ result: string }>(`select result from sign_in_events where account_id = $1 order by id desc limit 1`, [b03]))[0]!.result,
    ).toBe('QR_DENIED');

    const taken = await start();
    const first = await signinAs(ctx.app, 'agentB04', { ip: freshIp() });
    const second = await signinAs(ctx.app, 'agentB05', { ip: freshIp() });
    expect(body(await signedCall('qr/decide', { token: taken.token, approve: true, password: 'Demo1234' }, first)).success).toBe(true);
    expect(body(await signedCall('qr/decide', { token: taken.token, approve: true, password: 'Demo1234' }, second)).code).toBe(1021);
    expect(body(await publicCall('signin/qr/wait', { waitToken: taken.waitToken })).data.signedIn.user.accountNo).toBe('agentB04');
  });

  it('expires after two minutes, and is not found from another site', async () => {
    const qr = await start();
    const mc = { site: 'tw_mc', host: 'tw-mc.localhost' };
    const otherSite = await signinAs(ctx.app, 'agentA01', { ip: freshIp(), ...mc });
    expect(body(await call(ctx.app, 'POST', '/api/manage/qr/show', { token: qr.token }, { token: otherSite, ...mc })).code).toBe(1021);
    const phone = await signinAs(ctx.app, 'agentB06', { ip: freshIp() });
    const begun = clock;
    try {
      clock = begun + 121_000;
      expect(body(await signedCall('qr/show', { token: qr.token }, phone)).code).toBe(1021);
      expect(body(await signedCall('qr/decide', { token: qr.token, approve: true, password: 'Demo1234' }, phone)).code).toBe(1021);
      expect(body(await publicCall('signin/qr/wait', { waitToken: qr.waitToken })).code).toBe(1021);
    } finally {
      clock = begun;
    }
  });

  it('the approving account’s address list applies to the asking browser; the waiting page gets no session', async () => {
    const qr = await start();
    const phone = await signinAs(ctx.app, 'agentC01', { ip: freshIp() });
    const c01 = await accountId(ctx, 'agentC01');
    await sql(`insert into account_address_lists (account_id, site_id, cidrs) values ($1, 'tw_web', '{10.0.0.0/8}')`, [c01]);
    try {
      // The phone itself works from 10.x; the asking browser is outside.
      const decided = await call(
        ctx.app,
        'POST',
        '/api/manage/qr/decide',
        { token: qr.token, approve: true, password: 'Demo1234' },
        {
          token: phone,
          site: 'tw_web',
          ip: '10.1.2.3',
        },
      );
      expect(body(decided).success).toBe(true);
      expect(body(await publicCall('signin/qr/wait', { waitToken: qr.waitToken }))).toMatchObject({ success: false, code: 1020 });
      expect((await sql(`select 1 from sessions where account_id = $1 and method = 'QR'`, [c01])).length).toBe(0);
    } finally {
      await sql('delete from account_address_lists where account_id = $1', [c01]);
    }
  });

  it('an account with a second factor confirms an approval with a code, not its password, and the page is not asked again', async () => {
    const phone = await signinAs(ctx.app, 'agentC02', { ip: freshIp() });
    const started = body(await signedCall('second_factor/start', undefined, phone)).data as { secret: string };
    const codeAt = (steps: number) => generate({ secret: started.secret, epoch: Math.floor(clock / 1000) + steps * 30 });
    expect(body(await signedCall('second_factor/confirm', { code: await codeAt(0) }, phone)).success).toBe(true);
    const qr = await start();
    expect(body(await signedCall('qr/show', { token: qr.token }, phone)).data.confirmWith).toBe('SECOND_FACTOR');
    const byPassword = body(await signedCall('qr/decide', { token: qr.token, approve: true, password: 'Demo1234' }, phone));
    expect(byPassword).toMatchObject({ success: false, code: 1017 });
    // The enrolment's code is used: the next step's code confirms.
    expect(body(await signedCall('qr/decide', { token: qr.token, approve: true, code: await codeAt(1) }, phone)).success).toBe(true);
    const answer = body(await publicCall('signin/qr/wait', { waitToken: qr.waitToken })).data;
    expect(answer.status).toBe('APPROVED');
    expect(answer.signedIn.user.accountNo).toBe('agentC02');
  });
});
