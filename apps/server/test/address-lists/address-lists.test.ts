import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { accountId, body, call, DEMO_CREDENTIALS, signin, signinAs, useTestApp, type CallOptions } from '../helpers.js';

// The throttle is wide: these tests sign in from a handful of addresses many times.
const ctx = useTestApp({
  throttle: { accountLockAfter: 1000, ipLockAfter: 1000, accountSlowAfter: 1000, accountAllSlowAfter: 1000, ipSlowAfter: 1000 },
});
const sql = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);

/** A second process on the same database behind a proxy: it takes the client's address from X-Forwarded-For. */
let proxied: { app: FastifyInstance; database: Database };
beforeAll(async () => {
  const database = createDatabase(String(ctx.database.pool.options.connectionString), { max: 2 });
  const app = await buildApp({ db: database.db, pool: database.pool, config: { rateLimit: false, trustProxy: true } });
  await app.ready();
  proxied = { app, database };
});
afterAll(async () => {
  await proxied?.app.close();
  await proxied?.database.close();
});

const OFFICE = '203.0.113.9';
const OUTSIDE = '198.51.100.7';

const post = (url: string, payload: unknown, token: string, o: CallOptions = {}) =>
  call(ctx.app, 'POST', `/api/manage/${url}`, payload, { token, site: 'tw_web', lang: 'en', ...o });

/** Sets `accountNo`'s own list as `by` (signed in from 127.0.0.1), expecting success. */
async function setList(by: string, accountNo: string, cidrs: string[], kind = 'agent') {
  const token = await signinAs(ctx.app, by);
  const res = await post(`${kind}/change_address_list`, { id: await accountId(ctx, accountNo), cidrs }, token);
  expect(body(res), res.body).toMatchObject({ success: true });
  return body(res).data;
}

async function ownList(accountNo: string): Promise<string[] | null> {
  const { rows } = await sql('select cidrs from account_address_lists where account_id = $1', [await accountId(ctx, accountNo)]);
  return rows[0]?.cidrs ?? null;
}

/** What a refused sign-in must leave as it was: sessions, last sign-in, the operation log. */
async function footprint(accountNo: string) {
  const id = await accountId(ctx, accountNo);
  const { rows } = await sql(
    `select (select count(*)::int from sessions where account_id = $1) as sessions,
            (select last_login_at from accounts where id = $1) as last_login_at,
            (select last_login_ip from accounts where id = $1) as last_login_ip,
            (select count(*)::int from operation_logs where target_id = $1) as logs`,
    [id],
  );
  return rows[0];
}

async function signInEvents(accountNo: string) {
  const { rows } = await sql('select result, ip, method, session_id from sign_in_events where account_id = $1 order by id', [
    await accountId(ctx, accountNo),
  ]);
  return rows as { result: string; ip: string; method: string; session_id: number | null }[];
}

describe('setting a list', () => {
  it('an upper agent sets a list, stored normalised, logged, and read back with the lists above', async () => {
    const picture = await setList('agentA01', 'agentC02', [' 203.0.113.7 ', '', '2001:DB8:1234::/32', '203.0.113.7/32', '10.1.2.3/8']);
    expect(picture).toMatchObject({
      accountNo: 'agentC02',
      above: [],
      own: { accountNo: 'agentC02', cidrs: ['203.0.113.7/32', '2001:db8::/32', '10.0.0.0/8'], updatedBy: 'agentA01' },
      callerAddress: '127.0.0.1',
    });
    expect(picture.own.updatedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await ownList('agentC02')).toEqual(['203.0.113.7/32', '2001:db8::/32', '10.0.0.0/8']);
    const { rows } = await sql(
      `select action, before, after, operator_id from operation_logs where target_id = $1 order by id desc limit 1`,
      [await accountId(ctx, 'agentC02')],
    );
    expect(rows[0]).toEqual({
      action: 'OPERATION',
      before: { addressList: null },
      after: { addressList: ['203.0.113.7/32', '2001:db8::/32', '10.0.0.0/8'] },
      operator_id: await accountId(ctx, 'agentA01'),
    });

    // Its parent, agentB01, reads the same list; the same list again writes no second log row.
    const token = await signinAs(ctx.app, 'agentB01');
    const read = await post('agent/address_list', { id: await accountId(ctx, 'agentC02') }, token);
    expect(body(read).data.own.cidrs).toEqual(['203.0.113.7/32', '2001:db8::/32', '10.0.0.0/8']);
    const logs = (await footprint('agentC02')).logs;
    await setList('agentB01', 'agentC02', ['203.0.113.7', '2001:db8::/32', '10.0.0.0/8']);
    expect((await footprint('agentC02')).logs).toBe(logs);

    // An empty list removes it (logged).
    expect((await setList('agentB01', 'agentC02', [])).own).toBeNull();
    expect(await ownList('agentC02')).toBeNull();
    expect((await footprint('agentC02')).logs).toBe(logs + 1);
  });

  it('the account itself, an agent outside its subtree, another site and a shadow are refused, and nothing changes', async () => {
    await setList('agentA01', 'agentB02', ['203.0.113.0/24', '127.0.0.1']);
    const id = await accountId(ctx, 'agentB02');
    const logs = (await footprint('agentB02')).logs;
    // Itself (not inside its own subtree), another branch, an account below it.
    for (const who of ['agentB02', 'agentA02', 'agentC03']) {
      const token = await signinAs(ctx.app, who);
      for (const [url, payload] of [
        ['agent/change_address_list', { id, cidrs: ['0.0.0.0/0'] }],
        ['agent/address_list', { id }],
      ] as const) {
        const res = await post(url, payload, token);
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(body(res)).toMatchObject({ success: false, code: 1005 });
      }
    }
    const other = await signinAs(ctx.app, 'admin001', { site: 'tw_mc', host: 'tw-mc.localhost' });
    const otherSite = await call(
      ctx.app,
      'POST',
      '/api/manage/agent/change_address_list',
      { id, cidrs: ['0.0.0.0/0'] },
      { token: other, site: 'tw_mc', host: 'tw-mc.localhost', lang: 'en' },
    );
    expect(body(otherSite)).toMatchObject({ success: false, code: 1005 });
    const shadow = await signinAs(ctx.app, 'shadowA01');
    const readOnly = await post('agent/change_address_list', { id, cidrs: ['0.0.0.0/0'] }, shadow);
    expect(body(readOnly)).toMatchObject({ success: false, code: 2006 });
    expect(await ownList('agentB02')).toEqual(['203.0.113.0/24', '127.0.0.1/32']);
    expect((await footprint('agentB02')).logs).toBe(logs);
    await setList('agentA01', 'agentB02', []);
  });

  it('an entry that is no address or block refuses the whole list, naming the entry; nothing changes', async () => {
    await setList('agentA01', 'agentB01', ['203.0.113.0/24', '127.0.0.1']);
    const token = await signinAs(ctx.app, 'agentA01');
    const id = await accountId(ctx, 'agentB01');
    const logs = (await footprint('agentB01')).logs;
    for (const entry of ['203.0.113.0/33', 'office', '10.1', 'fe80::1%eth0']) {
      const res = await post('agent/change_address_list', { id, cidrs: ['198.51.100.0/24', ` ${entry} `] }, token);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        success: false,
        code: 2015,
        message: `The address list holds an entry that is not an IPv4 or IPv6 address or block: ${entry}`,
      });
    }
    const tooMany = await post('agent/change_address_list', { id, cidrs: Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`) }, token);
    expect(tooMany.statusCode).toBe(400);
    expect(await ownList('agentB01')).toEqual(['203.0.113.0/24', '127.0.0.1/32']);
    expect((await footprint('agentB01')).logs).toBe(logs);
    await setList('agentA01', 'agentB01', []);
  });

  it("an owner sets its shadow's list; the picture of a shadow shows its owner's chain above it", async () => {
    await setList('admin001', 'agentA01', ['203.0.113.0/24', '127.0.0.0/8']);
    try {
      const picture = await setList('agentA01', 'shadowA01', ['203.0.113.9'], 'shadow');
      expect(
        picture.above.map((l: { accountNo: string; cidrs: string[]; updatedBy: string }) => [l.accountNo, l.cidrs, l.updatedBy]),
      ).toEqual([['agentA01', ['203.0.113.0/24', '127.0.0.0/8'], 'admin001']]);
      expect(picture.own.cidrs).toEqual(['203.0.113.9/32']);
      // The shadow may not sign in from 127.0.0.1 now (its own list), its owner may.
      const refused = await signin(ctx.app, 'shadowA01', DEMO_CREDENTIALS.password, { lang: 'en' });
      expect(body(refused)).toMatchObject({ success: false, code: 1020 });
      expect(body(await signin(ctx.app, 'agentA01')).success).toBe(true);
      expect(body(await signin(ctx.app, 'shadowA01', DEMO_CREDENTIALS.password, { ip: OFFICE })).success).toBe(true);
    } finally {
      await setList('agentA01', 'shadowA01', [], 'shadow');
      await setList('admin001', 'agentA01', []);
    }
  });
});

describe('signing in', () => {
  it('from outside the list: refused with ADDRESS_NOT_ALLOWED after the right password, recorded, nothing else changed', async () => {
    await setList('agentA02', 'agentC05', ['203.0.113.0/24']);
    const before = await footprint('agentC05');
    const eventsBefore = (await signInEvents('agentC05')).length;

    const refused = await signin(ctx.app, 'agentC05', DEMO_CREDENTIALS.password, { ip: OUTSIDE, lang: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({
      success: false,
      code: 1020,
      message: 'This account may not be used from your network address',
      data: null,
    });
    // A wrong password from outside says only that: the list is not told to a stranger.
    const wrong = await signin(ctx.app, 'agentC05', 'not the password', { ip: OUTSIDE, lang: 'en' });
    expect(body(wrong)).toMatchObject({ success: false, code: 1001 });

    expect(await footprint('agentC05')).toEqual(before);
    const events = (await signInEvents('agentC05')).slice(eventsBefore);
    expect(events).toEqual([
      { result: 'ADDRESS_REFUSED', ip: OUTSIDE, method: 'PASSWORD', session_id: null },
      { result: 'BAD_PASSWORD', ip: OUTSIDE, method: 'PASSWORD', session_id: null },
    ]);

    // From inside it signs in.
    const inside = await signin(ctx.app, 'agentC05', DEMO_CREDENTIALS.password, { ip: OFFICE });
    expect(body(inside).success).toBe(true);
    expect((await signInEvents('agentC05')).at(-1)).toMatchObject({ result: 'OK', ip: OFFICE });
  });

  it("an ancestor's list applies to every account below it, and a lower list only narrows it", async () => {
    // 127.0.0.1 too, from where the tests' upper agents set lists.
    await setList('admin001', 'agentA03', ['203.0.113.0/24', '127.0.0.1']);
    try {
      // agentC09 is below agentA03 (through agentB05) and has no list of its own.
      expect(body(await signin(ctx.app, 'agentC09', DEMO_CREDENTIALS.password, { ip: OUTSIDE })).code).toBe(1020);
      expect(body(await signin(ctx.app, 'agentC09', DEMO_CREDENTIALS.password, { ip: OFFICE })).success).toBe(true);

      // agentB05 narrows it to the upper half of the block, for itself and below.
      await setList('agentA03', 'agentB05', ['203.0.113.128/25', OUTSIDE, '127.0.0.1']);
      expect(body(await signin(ctx.app, 'agentC09', DEMO_CREDENTIALS.password, { ip: OFFICE })).code).toBe(1020);
      expect(body(await signin(ctx.app, 'agentC09', DEMO_CREDENTIALS.password, { ip: '203.0.113.200' })).success).toBe(true);
      // OUTSIDE is in agentB05's list but not in agentA03's: a lower list cannot widen.
      expect(body(await signin(ctx.app, 'agentB05', DEMO_CREDENTIALS.password, { ip: OUTSIDE })).code).toBe(1020);
      // Its sibling agentB06 keeps agentA03's list only.
      expect(body(await signin(ctx.app, 'agentB06', DEMO_CREDENTIALS.password, { ip: OFFICE })).success).toBe(true);
    } finally {
      await setList('agentA03', 'agentB05', []);
      await setList('admin001', 'agentA03', []);
    }
  });

  it('an IPv6 list, and an IPv4-mapped address matched as IPv4', async () => {
    await setList('agentA02', 'agentC06', ['2001:db8::/32', '203.0.113.0/24']);
    try {
      expect(body(await signin(ctx.app, 'agentC06', DEMO_CREDENTIALS.password, { ip: '2001:db8:5::1' })).success).toBe(true);
      expect(body(await signin(ctx.app, 'agentC06', DEMO_CREDENTIALS.password, { ip: '2001:db9::1' })).code).toBe(1020);
      expect(body(await signin(ctx.app, 'agentC06', DEMO_CREDENTIALS.password, { ip: `::ffff:${OFFICE}` })).success).toBe(true);
    } finally {
      await setList('agentA02', 'agentC06', []);
    }
  });
});

describe('signed-in requests', () => {
  /** How many statements one request sent: 0 when its caller was answered from the session cache. */
  async function permCodes(token: string, ip = '127.0.0.1') {
    let statements = 0;
    const count = () => statements++;
    ctx.database.pool.on('acquire', count);
    try {
      const res = await call(ctx.app, 'GET', '/api/getPermCode', undefined, { token, site: 'tw_web', ip, lang: 'en' });
      return { status: res.statusCode, code: body(res).code as number, statements };
    } finally {
      ctx.database.pool.off('acquire', count);
    }
  }
  async function untilKept(token: string, ip: string) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const answer = await permCodes(token, ip);
      expect(answer.status).toBe(200);
      if (answer.statements === 0) return;
      if (Date.now() > deadline) throw new Error('the caller was never kept');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a list set while a session is kept counts from its very next request, and lifting it lets it back', async () => {
    const token = await signinAs(ctx.app, 'agentC07', { ip: OUTSIDE });
    await untilKept(token, OUTSIDE);
    await setList('agentA02', 'agentC07', ['203.0.113.0/24']);
    const refused = await permCodes(token, OUTSIDE);
    expect(refused).toMatchObject({ status: 403, code: 1020 });
    // Every route, not only this one; from inside the list the same session works.
    expect((await post('userinfo', undefined, token, { ip: OUTSIDE })).statusCode).toBe(403);
    expect((await permCodes(token, OFFICE)).status).toBe(200);
    // The session was refused, not ended: lifting the list lets it back from anywhere.
    await untilKept(token, OFFICE);
    await setList('agentA02', 'agentC07', []);
    expect((await permCodes(token, OUTSIDE)).status).toBe(200);
  });

  it("an ancestor's list set later refuses a descendant's open session too", async () => {
    const token = await signinAs(ctx.app, 'agentD07', { ip: OUTSIDE });
    await untilKept(token, OUTSIDE);
    await setList('admin001', 'agentA02', ['203.0.113.0/24', '127.0.0.1']);
    try {
      expect((await permCodes(token, OUTSIDE)).code).toBe(1020);
    } finally {
      await setList('admin001', 'agentA02', []);
    }
  });
});

describe('behind a proxy', () => {
  it('TRUST_PROXY: the address is the forwarded one; without it the forwarded header is ignored', async () => {
    await setList('agentA01', 'agentC03', ['203.0.113.0/24']);
    try {
      const through = (app: FastifyInstance, forwarded: string) =>
        call(
          app,
          'POST',
          '/api/manage/signin',
          { accountNo: 'agentC03', password: DEMO_CREDENTIALS.password },
          {
            site: 'tw_web',
            headers: { 'x-forwarded-for': forwarded },
          },
        );
      const inside = await through(proxied.app, OFFICE);
      expect(body(inside).success).toBe(true);
      expect(body(await through(proxied.app, OUTSIDE)).code).toBe(1020);
      // The direct app sees 127.0.0.1 whatever the header says.
      expect(body(await through(ctx.app, OFFICE)).code).toBe(1020);

      // A signed-in request behind the proxy is checked against the forwarded address too.
      const token = body(inside).data.token as string;
      const perm = (forwarded: string) =>
        call(proxied.app, 'GET', '/api/getPermCode', undefined, { token, site: 'tw_web', headers: { 'x-forwarded-for': forwarded } });
      expect((await perm(OFFICE)).statusCode).toBe(200);
      expect(body(await perm(OUTSIDE)).code).toBe(1020);
      // The picture shows the caller the address the server sees.
      const admin = body(await signin(proxied.app, 'admin001', DEMO_CREDENTIALS.password, { headers: { 'x-forwarded-for': '192.0.2.44' } }))
        .data.token as string;
      const read = await call(
        proxied.app,
        'POST',
        '/api/manage/agent/address_list',
        { id: await accountId(ctx, 'agentC03') },
        { token: admin, site: 'tw_web', headers: { 'x-forwarded-for': '192.0.2.44' } },
      );
      expect(body(read).data.callerAddress).toBe('192.0.2.44');
    } finally {
      await setList('agentA01', 'agentC03', []);
    }
  });
});
