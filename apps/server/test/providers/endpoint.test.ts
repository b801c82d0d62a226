import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderWallets, startProviderSide, type ProviderSide } from '@agent-bo/simulator';
import { toMinorUnits } from '@agent-bo/shared';
import { buildApp } from '../../src/app.js';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';
import { balanceOf, credit, newKey } from '../ledger/support.js';
import { q, signed } from '../provider-api/support.js';

/**
 * `POST /api/manage/provider/change_endpoint`: a site's admin holding PROVIDER_MAINTAIN sets (or
 * clears) its own site's endpoint at a provider; the URL is checked by the shared schema; the
 * change is logged; the next pull-back goes to the new endpoint.
 */

const ctx = useTestApp();
const SITE = 'tw_web';
const mc = { site: 'tw_mc', host: 'tw-mc.localhost' };

const post = (token: string | undefined, path: string, payload?: unknown, o: { site?: string; host?: string } = {}) =>
  call(ctx.app, 'POST', `/api/manage/provider/${path}`, payload, { token, site: o.site ?? SITE, host: o.host });

async function endpointOf(code: string, site = SITE): Promise<string | null> {
  const [row] = await q<{ endpoint: string | null }>(
    ctx,
    'select endpoint from provider_merchants where site_id = $1 and provider_code = $2',
    [site, code],
  );
  return row!.endpoint;
}

/** Everything an endpoint change may write: the merchant accounts and the operation log. */
async function fingerprint(): Promise<string> {
  const [row] = await q<{ f: string }>(
    ctx,
    `select concat_ws('|',
       (select md5(string_agg(m::text, ',' order by site_id, provider_code)) from provider_merchants m),
       (select count(*) from operation_logs)) as f`,
  );
  return row!.f;
}

async function endpointLogs(operatorId: number) {
  return q<{
    site_id: string;
    target_id: number | null;
    target_record: unknown;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>(
    ctx,
    `select site_id, target_id, target_record, before, after from operation_logs
      where operator_id = $1 and action = 'OPERATION' and after ? 'endpoint' order by id`,
    [operatorId],
  );
}

let admin: string;
let adminId: number;

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
  adminId = await accountId(ctx, 'admin001');
});

describe('setting the endpoint', () => {
  it('sets, lists, changes and clears this site’s endpoint, one log row per change with before and after, never the secret', async () => {
    expect(await endpointOf('PG')).toBeNull();
    const secret = (
      await q<{ secret: string }>(ctx, `select secret from provider_merchants where site_id = $1 and provider_code = 'PG'`, [SITE])
    )[0]!.secret;

    // Surrounding spaces are trimmed; a path and a port are fine.
    const set = await post(admin, 'change_endpoint', { code: 'PG', endpoint: '  https://api.pg.example.com:8443/merchant/v2  ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(body(set)).toMatchObject({ success: true, data: null });
    expect(await endpointOf('PG')).toBe('https://api.pg.example.com:8443/merchant/v2');

    // The list answers it to the admin (who may maintain); providers without one answer null.
    const list = body(await post(admin, 'list')).data as { providers: { code: string; endpoint?: string | null }[] };
    expect(list.providers.find((p) => p.code === 'PG')!.endpoint).toBe('https://api.pg.example.com:8443/merchant/v2');
    expect(list.providers.find((p) => p.code === 'SABA')!.endpoint).toBeNull();

    // The same value again changes nothing and logs nothing.
    const before = await fingerprint();
    expect((await post(admin, 'change_endpoint', { code: 'PG', endpoint: 'https://api.pg.example.com:8443/merchant/v2' })).statusCode).toBe(
      200,
    );
    expect(await fingerprint()).toBe(before);

    expect((await post(admin, 'change_endpoint', { code: 'PG', endpoint: 'http://10.0.0.7/pg' })).statusCode).toBe(200);
    // Empty clears it, as null does.
    expect((await post(admin, 'change_endpoint', { code: 'PG', endpoint: '' })).statusCode).toBe(200);
    expect(await endpointOf('PG')).toBeNull();
    expect((await post(admin, 'change_endpoint', { code: 'PG', endpoint: 'http://10.0.0.8' })).statusCode).toBe(200);
    expect((await post(admin, 'change_endpoint', { code: 'PG', endpoint: null })).statusCode).toBe(200);
    expect(await endpointOf('PG')).toBeNull();

    const logs = (await endpointLogs(adminId)).filter((l) => l.after.provider === 'PG');
    expect(logs.map((l) => [l.before, l.after])).toEqual([
      [
        { provider: 'PG', endpoint: null },
        { provider: 'PG', endpoint: 'https://api.pg.example.com:8443/merchant/v2' },
      ],
      [
        { provider: 'PG', endpoint: 'https://api.pg.example.com:8443/merchant/v2' },
        { provider: 'PG', endpoint: 'http://10.0.0.7/pg' },
      ],
      [
        { provider: 'PG', endpoint: 'http://10.0.0.7/pg' },
        { provider: 'PG', endpoint: null },
      ],
      [
        { provider: 'PG', endpoint: null },
        { provider: 'PG', endpoint: 'http://10.0.0.8' },
      ],
      [
        { provider: 'PG', endpoint: 'http://10.0.0.8' },
        { provider: 'PG', endpoint: null },
      ],
    ]);
    for (const l of logs) {
      expect(l.site_id).toBe(SITE);
      expect(l.target_id).toBeNull();
      expect(l.target_record).toEqual({ kind: 'provider', id: 'PG', name: null });
      expect(JSON.stringify(l)).not.toContain(secret);
    }
  });

  it('refuses a URL that is not an absolute http(s) URL without credentials, query or fragment, or is too long: VALIDATION_FAILED, nothing written', async () => {
    await post(admin, 'change_endpoint', { code: 'EVO', endpoint: 'https://evo.example.com/api' });
    const before = await fingerprint();
    const long = `https://evo.example.com/${'a'.repeat(500 - 'https://evo.example.com/'.length + 1)}`;
    expect(long).toHaveLength(501);
    for (const [endpoint, message] of [
      ['ftp://evo.example.com/api', 'providerEndpoint.scheme'],
      ['/wallet', 'providerEndpoint.scheme'],
      ['evo.example.com/api', 'providerEndpoint.scheme'],
      ['javascript:alert(1)', 'providerEndpoint.scheme'],
      ['https://merchant:s3cret@evo.example.com/api', 'providerEndpoint.credentials'],
      ['https://merchant@evo.example.com', 'providerEndpoint.credentials'],
      ['https://evo.example.com/api?token=1', 'providerEndpoint.query'],
      ['https://evo.example.com/api#top', 'providerEndpoint.query'],
      ['https://evo.example.com:99999/api', 'providerEndpoint.format'],
      ['https://evo example.com/api', 'providerEndpoint.format'],
      [long, 'providerEndpoint.max'],
    ] as const) {
      const res = await post(admin, 'change_endpoint', { code: 'EVO', endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(body(res).code, endpoint).toBe(1000);
      expect((body(res).data as { message: string }[])[0]!.message, endpoint).toBe(message);
    }
    for (const [payload, name] of [
      [{ code: 'EVO' }, 'no endpoint key'],
      [{ code: 'EVO', endpoint: 42 }, 'not a string'],
      [{ code: 'EVO', endpoint: 'https://evo.example.com', siteId: 'tw_mc' }, 'a site named'],
      [{ endpoint: 'https://evo.example.com' }, 'no provider'],
    ] as const) {
      const res = await post(admin, 'change_endpoint', payload);
      expect([res.statusCode, body(res).code], name).toEqual([400, 1000]);
    }
    expect(await fingerprint()).toBe(before);
    expect(await endpointOf('EVO')).toBe('https://evo.example.com/api');

    // Exactly 500 characters is accepted; an unknown provider is NOT_FOUND.
    expect((await post(admin, 'change_endpoint', { code: 'EVO', endpoint: long.slice(0, 500) })).statusCode).toBe(200);
    expect(await endpointOf('EVO')).toHaveLength(500);
    const unknown = await post(admin, 'change_endpoint', { code: 'NOPE', endpoint: 'https://x.example.com' });
    expect([unknown.statusCode, body(unknown).code]).toEqual([404, 404]);
  });

  it('is in the OpenAPI description', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, { post?: { summary?: string; requestBody?: unknown } }>;
    };
    const op = doc.paths['/api/manage/provider/change_endpoint']?.post;
    expect(op?.summary).toContain('PROVIDER_MAINTAIN');
    expect(JSON.stringify(op?.requestBody)).toContain('endpoint');
  });
});

describe('who may set it', () => {
  it('a caller without PROVIDER_MAINTAIN, a lower agent holding it and the admin’s shadow are refused; the list shows them no endpoint', async () => {
    await post(admin, 'change_endpoint', { code: 'KY', endpoint: 'https://ky.example.com' });
    const before = await fingerprint();
    const payload = { code: 'KY', endpoint: 'https://attacker.example.com' };

    // agentA02's grant has no PROVIDER_MAINTAIN: refused by the code check.
    const a02 = await signinAs(ctx.app, 'agentA02');
    const noCode = await post(a02, 'change_endpoint', payload);
    expect([noCode.statusCode, body(noCode).code]).toEqual([403, 1006]);

    // agentA01 holds PROVIDER_MAINTAIN, but providers reach beyond its subtree: site admins only.
    const a01 = await signinAs(ctx.app, 'agentA01');
    const lower = await post(a01, 'change_endpoint', payload);
    expect([lower.statusCode, body(lower).code]).toEqual([403, 1006]);
    const agentList = body(await post(a01, 'list')).data as { providers: Record<string, unknown>[]; abilities: { maintain: boolean } };
    expect(agentList.abilities.maintain).toBe(false);
    for (const p of agentList.providers) expect(p).not.toHaveProperty('endpoint');

    // The admin's shadow holding the code reads only.
    const shadowId = await accountId(ctx, 'shadow00');
    await q(ctx, `update accounts set permissions = permissions || array['PROVIDER_MAINTAIN'] where id = $1`, [shadowId]);
    try {
      const shadow = await signinAs(ctx.app, 'shadow00');
      const res = await post(shadow, 'change_endpoint', payload);
      expect([res.statusCode, body(res).code]).toEqual([403, 2006]);
      const shadowList = body(await post(shadow, 'list')).data as { providers: Record<string, unknown>[] };
      for (const p of shadowList.providers) expect(p).not.toHaveProperty('endpoint');
    } finally {
      await q(ctx, `update accounts set permissions = array_remove(permissions, 'PROVIDER_MAINTAIN') where id = $1`, [shadowId]);
    }

    expect((await post(undefined, 'change_endpoint', payload)).statusCode).toBe(401);
    expect(await fingerprint()).toBe(before);
    expect(await endpointOf('KY')).toBe('https://ky.example.com');
  });

  it('each site sets its own endpoint only; another site’s cannot be named', async () => {
    const mcAdmin = await signinAs(ctx.app, 'admin001', mc);
    const mcAdminId = await accountId(ctx, 'admin001', 'tw_mc');
    await post(admin, 'change_endpoint', { code: 'JILI', endpoint: 'https://jili.example.com/web' });

    const res = await post(mcAdmin, 'change_endpoint', { code: 'JILI', endpoint: 'https://jili.example.com/mc' }, mc);
    expect(res.statusCode, res.body).toBe(200);
    expect([await endpointOf('JILI', 'tw_mc'), await endpointOf('JILI', SITE)]).toEqual([
      'https://jili.example.com/mc',
      'https://jili.example.com/web',
    ]);
    const [log] = (await endpointLogs(mcAdminId)).filter((l) => l.after.provider === 'JILI');
    expect(log).toMatchObject({ site_id: 'tw_mc', after: { endpoint: 'https://jili.example.com/mc' } });

    // Each admin's list shows its own site's.
    const listed = async (token: string, o = {}) =>
      (body(await post(token, 'list', {}, o)).data as { providers: { code: string; endpoint?: string | null }[] }).providers.find(
        (p) => p.code === 'JILI',
      )!.endpoint;
    expect(await listed(admin)).toBe('https://jili.example.com/web');
    expect(await listed(mcAdmin, mc)).toBe('https://jili.example.com/mc');

    // No request names a site, and a session works on its own site only.
    const named = await post(mcAdmin, 'change_endpoint', { code: 'JILI', endpoint: 'https://x.example.com', siteId: SITE }, mc);
    expect([named.statusCode, body(named).code]).toEqual([400, 1000]);
    const elsewhere = await call(
      ctx.app,
      'POST',
      '/api/manage/provider/change_endpoint',
      { code: 'JILI', endpoint: 'https://x.example.com' },
      { token: mcAdmin, site: SITE },
    );
    expect(elsewhere.statusCode).not.toBe(200);
    expect(await endpointOf('JILI', SITE)).toBe('https://jili.example.com/web');
  });
});

describe('a pull-back after a change', () => {
  let first: ProviderSide;
  let second: ProviderSide;
  const wallets = new ProviderWallets();
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    for (const r of await q<{ site_id: string; provider_code: string; secret: string }>(
      ctx,
      'select site_id, provider_code, secret from provider_merchants',
    ))
      secrets.set(`${r.site_id}|${r.provider_code}`, r.secret);
    // Two servers of the provider sharing one set of books: only the endpoint decides which is asked.
    const options = { wallets, secretOf: (s: string, p: string) => secrets.get(`${s}|${p}`), now: ctx.app.config.now };
    first = await startProviderSide(options);
    second = await startProviderSide(options);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('goes to the endpoint set through the route; cleared, pull-backs are refused with PROVIDER_ENDPOINT_MISSING', async () => {
    const [player] = await q<{ account_no: string; id: number }>(
      ctx,
      `select a.account_no, a.id from accounts a
        where a.site_id = $1 and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED' and 'EVO' = any(a.providers) and a.balance >= 10000
          and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
          and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_full_disabled or u.is_full_readonly))
        order by a.id limit 1`,
      [SITE],
    );
    const transactionId = `ep-test-${process.pid}`;
    const out = await signed(ctx, 'wallet/transfer_out', {
      siteId: SITE,
      items: [{ transactionId, playerAccountNo: player!.account_no, amount: '12.00' }],
    });
    expect(body(out).data.results[0].status).toBe('OK');
    wallets.record(SITE, 'EVO', {
      transactionId,
      type: 'TRANSFER_OUT',
      playerAccountNo: player!.account_no,
      amount: toMinorUnits('12.00'),
    });
    const pullBack = (amount: string) =>
      credit(ctx, admin, 'player/transfer_back', { id: player!.id, providerCode: 'EVO', amount }, newKey());

    // A trailing slash is fine: the paths are appended without doubling it.
    expect((await post(admin, 'change_endpoint', { code: 'EVO', endpoint: `${first.url}/` })).statusCode).toBe(200);
    const one = await pullBack('2.00');
    expect(one.statusCode, one.body).toBe(200);
    const position = toMinorUnits(body(one).data.positionAfter as string);
    expect([first.calls['/wallet/pull_back'], second.calls['/wallet/pull_back']]).toEqual([1, undefined]);

    expect((await post(admin, 'change_endpoint', { code: 'EVO', endpoint: second.url })).statusCode).toBe(200);
    const balance = await balanceOf(ctx, player!.account_no);
    const res = await pullBack('3.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ amount: '3.00', positionBefore: body(one).data.positionAfter });
    expect(toMinorUnits(body(res).data.positionAfter as string)).toBe(position - 3_00n);
    expect([first.calls['/wallet/pull_back'], second.calls['/wallet/pull_back']]).toEqual([1, 1]);
    expect(await balanceOf(ctx, player!.account_no)).toBe(balance + 3_00n);
    expect(wallets.balance(SITE, 'EVO', player!.account_no)).toBe(7_00n);

    expect((await post(admin, 'change_endpoint', { code: 'EVO', endpoint: '' })).statusCode).toBe(200);
    const missing = await pullBack('1.00');
    expect([missing.statusCode, body(missing).code]).toEqual([409, 4014]);
    expect([first.calls['/wallet/pull_back'], second.calls['/wallet/pull_back']]).toEqual([1, 1]);
  });
});

describe('the allow-list of provider hosts (PROVIDER_ENDPOINT_HOSTS)', () => {
  it('refuses an endpoint whose host is not listed (4018, nothing written) and accepts listed hosts and their subdomains', async () => {
    const app = await buildApp({
      db: ctx.database.db,
      pool: ctx.database.pool,
      config: { rateLimit: false, providerEndpointHosts: ['api.provider.example', '*.evo.example'] },
    });
    try {
      const token = await signinAs(app, 'admin001');
      const set = (endpoint: string) =>
        call(app, 'POST', '/api/manage/provider/change_endpoint', { code: 'JILI', endpoint }, { token, site: SITE });
      const before = await fingerprint();
      for (const refused of [
        'http://127.0.0.1:5432',
        'http://169.254.169.254/latest',
        'https://evo.example.attacker.test',
        'https://evo.example',
      ]) {
        const res = await set(refused);
        expect(body(res), refused).toMatchObject({ success: false, code: 4018 });
      }
      expect(await fingerprint()).toBe(before);
      expect(body(await set('https://api.provider.example/v1'))).toMatchObject({ success: true });
      expect(await endpointOf('JILI')).toBe('https://api.provider.example/v1');
      expect(body(await set('https://tw.merchant.evo.example'))).toMatchObject({ success: true });
      expect(await endpointOf('JILI')).toBe('https://tw.merchant.evo.example');
      expect(body(await set(''))).toMatchObject({ success: true });
    } finally {
      await app.close();
    }
  });
});
