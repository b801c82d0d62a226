import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, call, signinAs, useTestApp } from '../helpers.js';
import { batch, betId, body, placeItem, playersAtDepth, q, secretOf, signed } from '../provider-api/support.js';

const ctx = useTestApp();

const post = (token: string | undefined, path: string, payload?: unknown, site = 'tw_web') =>
  call(ctx.app, 'POST', `/api/manage/provider/${path}`, payload, { token, site, host: site === 'tw_mc' ? 'tw-mc.localhost' : undefined });

/** Everything a provider write may change: providers, offerings, operation log. */
async function fingerprint(): Promise<string> {
  const [row] = await q<{ f: string }>(
    ctx,
    `select concat_ws('|',
       (select md5(string_agg(p::text, ',' order by code)) from providers p),
       (select md5(string_agg(m::text, ',' order by site_id, provider_code)) from provider_merchants m),
       (select md5(string_agg(s::text, ',' order by site_id, provider_code)) from site_providers s),
       (select count(*) from operation_logs),
       (select md5(string_agg(a.id || ':' || array_to_string(a.providers, ','), ',' order by id)) from accounts a)) as f`,
  );
  return row!.f;
}

async function statusOf(code: string, site = 'tw_web'): Promise<string> {
  const [row] = await q<{ status: string }>(ctx, 'select status from provider_merchants where site_id = $1 and provider_code = $2', [
    site,
    code,
  ]);
  return row!.status;
}

/** A verified, unrestricted player of the site with the provider enabled. */
async function playerOf(site: string, code: string): Promise<string> {
  const [row] = await q<{ account_no: string }>(
    ctx,
    `select a.account_no from accounts a
      where a.site_id = $1 and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED' and $2 = any(a.providers)
        and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_full_disabled or u.is_full_readonly))
      order by a.id limit 1`,
    [site, code],
  );
  if (!row) throw new Error(`no player of ${site} with ${code}`);
  return row.account_no;
}

async function opLogs(operatorId: number) {
  return q<{
    action: string;
    target_id: number | null;
    target_record: unknown;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>(
    ctx,
    `select action, target_id, target_record, before, after from operation_logs where operator_id = $1 and action = 'OPERATION' order by id`,
    [operatorId],
  );
}

let admin: string;
let adminId: number;

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
  adminId = await accountId(ctx, 'admin001');
});

describe('provider list', () => {
  it('answers every provider with status, offering, secret set and rotation time, enabled players and the abilities; never a secret', async () => {
    const res = await post(admin, 'list');
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data as { providers: Record<string, unknown>[]; abilities: Record<string, boolean> };
    expect(data.providers.map((p) => p.code)).toEqual(['EVO', 'JILI', 'KY', 'PG', 'PP', 'SABA']);
    const ky = data.providers.find((p) => p.code === 'KY')!;
    expect(ky).toMatchObject({ name: 'Kaiyuan', status: 'MAINTAIN', offered: true, secretSet: true });
    expect(ky.secretRotatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(ky).sort()).toEqual([
      'code',
      'enabledPlayers',
      'endpoint',
      'name',
      'offered',
      'secretRotatedAt',
      'secretSet',
      'status',
    ]);
    expect(data.abilities).toEqual({ maintain: true, offer: true, reconcile: true });

    // Enabled players are counted from the accounts, for the whole site (the admin's subtree).
    const [evo] = await q<{ n: number }>(
      ctx,
      `select count(*)::int as n from accounts where site_id = 'tw_web' and kind = 'PLAYER' and 'EVO' = any(providers)`,
    );
    expect(evo!.n).toBeGreaterThan(0);
    expect(data.providers.find((p) => p.code === 'EVO')!.enabledPlayers).toBe(evo!.n);

    for (const code of ['EVO', 'KY', 'PG']) expect(res.body).not.toContain(await secretOf(ctx, code));
  });

  it('an agent holding PROVIDER_MAINTAIN reads the list (its own subtree’s players) with no abilities', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    const res = await post(token, 'list', {});
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data as { providers: { code: string; enabledPlayers: number }[]; abilities: Record<string, boolean> };
    expect(data.abilities).toEqual({ maintain: false, offer: false, reconcile: false });
    const a01 = await accountId(ctx, 'agentA01');
    const [evo] = await q<{ n: number }>(
      ctx,
      `select count(*)::int as n from accounts where kind = 'PLAYER' and path @> array[$1]::int[] and 'EVO' = any(providers)`,
      [a01],
    );
    expect(data.providers.find((p) => p.code === 'EVO')!.enabledPlayers).toBe(evo!.n);
    const all = (body(await post(admin, 'list')).data as { providers: { code: string; enabledPlayers: number }[] }).providers;
    expect(evo!.n).toBeLessThan(all.find((p) => p.code === 'EVO')!.enabledPlayers);
  });

  it('is refused without either code (PERMISSION_DENIED) and without a session (401)', async () => {
    // agentA02's grant has neither PROVIDER_MAINTAIN nor SITE_PROVIDER.
    const token = await signinAs(ctx.app, 'agentA02');
    const res = await post(token, 'list');
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(1006);
    expect((await post(undefined, 'list')).statusCode).toBe(401);
  });
});

describe('who may write', () => {
  it('an agent holding the codes is refused every write (PERMISSION_DENIED): providers are beyond its subtree', async () => {
    const a01 = await accountId(ctx, 'agentA01');
    // agentA01 holds PROVIDER_MAINTAIN by the demo grant; give it SITE_PROVIDER too.
    await q(ctx, `update accounts set permissions = array_append(permissions, 'SITE_PROVIDER') where id = $1`, [a01]);
    try {
      const token = await signinAs(ctx.app, 'agentA01');
      const before = await fingerprint();
      for (const [path, payload] of [
        ['change_status', { code: 'KY', status: 'ACTIVE' }],
        ['set_site_offering', { code: 'KY', offered: false }],
        ['rotate_secret', { code: 'KY' }],
      ] as const) {
        const res = await post(token, path, payload);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
        expect(body(res).code, path).toBe(1006);
      }
      expect(await fingerprint()).toBe(before);
    } finally {
      await q(ctx, `update accounts set permissions = array_remove(permissions, 'SITE_PROVIDER') where id = $1`, [a01]);
    }
  });

  it('each write needs its own code: SITE_PROVIDER does not change a status, PROVIDER_MAINTAIN does not change an offering', async () => {
    // agentA01 holds PROVIDER_MAINTAIN but not SITE_PROVIDER: refused by the code check already.
    const token = await signinAs(ctx.app, 'agentA01');
    const before = await fingerprint();
    const res = await post(token, 'set_site_offering', { code: 'KY', offered: false });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(1006);
    // A holder of SITE_PROVIDER only (agentA02 given it) may not change a status or rotate.
    const a02 = await accountId(ctx, 'agentA02');
    await q(ctx, `update accounts set permissions = array_append(permissions, 'SITE_PROVIDER') where id = $1`, [a02]);
    try {
      const t2 = await signinAs(ctx.app, 'agentA02');
      expect((await post(t2, 'list')).statusCode).toBe(200);
      for (const [path, payload] of [
        ['change_status', { code: 'KY', status: 'ACTIVE' }],
        ['rotate_secret', { code: 'KY' }],
      ] as const) {
        const r = await post(t2, path, payload);
        expect(r.statusCode, path).toBe(403);
        expect(body(r).code, path).toBe(1006);
      }
    } finally {
      await q(ctx, `update accounts set permissions = array_remove(permissions, 'SITE_PROVIDER') where id = $1`, [a02]);
    }
    expect(await fingerprint()).toBe(before);
  });

  it("the admin's shadow holding both codes reads the list but every write is CALLER_READ_ONLY", async () => {
    const shadow = await accountId(ctx, 'shadow00');
    await q(ctx, `update accounts set permissions = permissions || array['PROVIDER_MAINTAIN', 'SITE_PROVIDER'] where id = $1`, [shadow]);
    try {
      const token = await signinAs(ctx.app, 'shadow00');
      const list = await post(token, 'list');
      expect(list.statusCode, list.body).toBe(200);
      // The admin's shadow reads the reconciliation (it shows the whole site, as the admin's shadow does).
      expect(body(list).data.abilities).toEqual({ maintain: false, offer: false, reconcile: true });
      const before = await fingerprint();
      for (const [path, payload] of [
        ['change_status', { code: 'KY', status: 'ACTIVE' }],
        ['set_site_offering', { code: 'KY', offered: false }],
        ['rotate_secret', { code: 'KY' }],
      ] as const) {
        const res = await post(token, path, payload);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
        expect(body(res).code, path).toBe(2006);
      }
      expect(await fingerprint()).toBe(before);
    } finally {
      await q(
        ctx,
        `update accounts set permissions = array_remove(array_remove(permissions, 'PROVIDER_MAINTAIN'), 'SITE_PROVIDER') where id = $1`,
        [shadow],
      );
    }
  });
});

describe('bad input', () => {
  it('answers 400 (VALIDATION_FAILED) and changes nothing; an unknown provider is 404', async () => {
    const before = await fingerprint();
    const bad: [string, unknown][] = [
      ['change_status', { code: 'KY', status: 'PAUSED' }],
      ['change_status', { code: 'KY' }],
      ['change_status', { code: 'ky', status: 'ACTIVE' }],
      ['change_status', { code: 'KY', status: 'ACTIVE', extra: 1 }],
      ['set_site_offering', { code: 'KY', offered: 'no' }],
      ['set_site_offering', { code: 'KY' }],
      ['rotate_secret', {}],
      ['rotate_secret', { code: 'K Y' }],
      ['rotate_secret', { code: 'KY', secret: 'a'.repeat(64) }],
      ['list', { filter: 'x' }],
    ];
    for (const [path, payload] of bad) {
      const res = await post(admin, path, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(body(res).code).toBe(1000);
    }
    for (const [path, payload] of [
      ['change_status', { code: 'NOPE', status: 'ACTIVE' }],
      ['set_site_offering', { code: 'NOPE', offered: true }],
      ['rotate_secret', { code: 'NOPE' }],
    ] as const) {
      const res = await post(admin, path, payload);
      expect(res.statusCode, path).toBe(404);
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('status', () => {
  it('MAINTAIN or DISABLE refuses the provider’s signed calls at once; ACTIVE again accepts them; each change is logged once', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO');
    const logsBefore = (await opLogs(adminId)).length;

    for (const status of ['MAINTAIN', 'DISABLE'] as const) {
      const res = await post(admin, 'change_status', { code: 'EVO', status });
      expect(res.statusCode, res.body).toBe(200);
      expect(await statusOf('EVO')).toBe(status);
      const refused = await signed(ctx, 'bets/place', { siteId: 'tw_web', items: [placeItem(betId(), player!)] });
      expect(refused.statusCode).toBe(403);
      expect(body(refused).code).toBe(4004);
    }
    expect((await post(admin, 'change_status', { code: 'EVO', status: 'ACTIVE' })).statusCode).toBe(200);
    expect(await batch(ctx, 'place', [placeItem(betId(), player!)])).toEqual(['OK']);

    // The same status again changes and logs nothing.
    expect((await post(admin, 'change_status', { code: 'EVO', status: 'ACTIVE' })).statusCode).toBe(200);
    const logs = (await opLogs(adminId)).slice(logsBefore);
    expect(logs).toEqual([
      {
        action: 'OPERATION',
        // A row about the provider: no target account, the provider named.
        target_id: null,
        target_record: { kind: 'provider', id: 'EVO', name: null },
        before: { provider: 'EVO', status: 'ACTIVE' },
        after: { provider: 'EVO', status: 'MAINTAIN' },
      },
      {
        action: 'OPERATION',
        // A row about the provider: no target account, the provider named.
        target_id: null,
        target_record: { kind: 'provider', id: 'EVO', name: null },
        before: { provider: 'EVO', status: 'MAINTAIN' },
        after: { provider: 'EVO', status: 'DISABLE' },
      },
      {
        action: 'OPERATION',
        // A row about the provider: no target account, the provider named.
        target_id: null,
        target_record: { kind: 'provider', id: 'EVO', name: null },
        before: { provider: 'EVO', status: 'DISABLE' },
        after: { provider: 'EVO', status: 'ACTIVE' },
      },
    ]);

    // The admin sees them in its operation log.
    const log = await call(
      ctx.app,
      'POST',
      '/api/manage/log/operation',
      { action: 'OPERATION', page: 1, pageSize: 10 },
      { token: admin, site: 'tw_web' },
    );
    expect(log.statusCode, log.body).toBe(200);
    expect((body(log).data.list as { after: { provider?: string } }[]).some((r) => r.after?.provider === 'EVO')).toBe(true);
  });
});

describe('sites are tenants: each site has its own provider state', () => {
  const mc = { site: 'tw_mc', host: 'tw-mc.localhost' };

  it("tw_mc's admin disabling KY refuses tw_mc's KY calls only: tw_web's are still accepted", async () => {
    const mcAdmin = await signinAs(ctx.app, 'admin001', mc);
    const webPlayer = await playerOf('tw_web', 'KY');
    const mcPlayer = await playerOf('tw_mc', 'KY');
    // KY starts in maintenance on every site: each site's admin makes it active for its own site.
    expect((await post(admin, 'change_status', { code: 'KY', status: 'ACTIVE' })).statusCode).toBe(200);
    expect((await post(mcAdmin, 'change_status', { code: 'KY', status: 'ACTIVE' }, 'tw_mc')).statusCode).toBe(200);
    expect(await batch(ctx, 'place', [placeItem(betId(), mcPlayer)], { provider: 'KY', site: 'tw_mc' })).toEqual(['OK']);

    expect((await post(mcAdmin, 'change_status', { code: 'KY', status: 'DISABLE' }, 'tw_mc')).statusCode).toBe(200);
    expect([await statusOf('KY', 'tw_mc'), await statusOf('KY', 'tw_web')]).toEqual(['DISABLE', 'ACTIVE']);
    const refused = await signed(ctx, 'bets/place', { siteId: 'tw_mc', items: [placeItem(betId(), mcPlayer)] }, { provider: 'KY' });
    expect([refused.statusCode, body(refused).code]).toEqual([403, 4004]);
    expect(await batch(ctx, 'place', [placeItem(betId(), webPlayer)], { provider: 'KY' })).toEqual(['OK']);

    // Each site's list shows its own status.
    const statusIn = async (token: string, site?: string) =>
      (body(await post(token, 'list', {}, site)).data.providers as { code: string; status: string }[]).find((p) => p.code === 'KY')!.status;
    expect(await statusIn(admin)).toBe('ACTIVE');
    expect(await statusIn(mcAdmin, 'tw_mc')).toBe('DISABLE');

    // The change is logged on tw_mc, by tw_mc's admin.
    const [log] = await q<{ site_id: string }>(
      ctx,
      `select site_id from operation_logs where action = 'OPERATION' and after->>'provider' = 'KY' and after->>'status' = 'DISABLE' order by id desc limit 1`,
    );
    expect(log!.site_id).toBe('tw_mc');

    for (const [token, site] of [
      [admin, 'tw_web'],
      [mcAdmin, 'tw_mc'],
    ] as const)
      expect((await post(token, 'change_status', { code: 'KY', status: 'MAINTAIN' }, site)).statusCode).toBe(200);
  });

  it("rotating tw_mc's secret leaves tw_web's signatures valid; tw_mc's old secret stops at once", async () => {
    const mcAdmin = await signinAs(ctx.app, 'admin001', mc);
    const webPlayer = await playerOf('tw_web', 'PG');
    const mcPlayer = await playerOf('tw_mc', 'PG');
    const webSecret = await secretOf(ctx, 'PG', 'tw_web');
    const mcOld = await secretOf(ctx, 'PG', 'tw_mc');
    expect(mcOld).not.toBe(webSecret);
    const webRotatedAt = (body(await post(admin, 'list')).data.providers as { code: string; secretRotatedAt: string }[]).find(
      (p) => p.code === 'PG',
    )!.secretRotatedAt;

    const res = await post(mcAdmin, 'rotate_secret', { code: 'PG' }, 'tw_mc');
    expect(res.statusCode, res.body).toBe(200);
    const mcNew = (body(res).data as { secret: string }).secret;
    expect(await secretOf(ctx, 'PG', 'tw_mc')).toBe(mcNew);
    expect(await secretOf(ctx, 'PG', 'tw_web')).toBe(webSecret);

    expect(await batch(ctx, 'place', [placeItem(betId(), webPlayer)], { provider: 'PG', secret: webSecret })).toEqual(['OK']);
    const stale = await signed(
      ctx,
      'bets/place',
      { siteId: 'tw_mc', items: [placeItem(betId(), mcPlayer)] },
      { provider: 'PG', secret: mcOld },
    );
    expect([stale.statusCode, body(stale).code]).toEqual([401, 4001]);
    expect(await batch(ctx, 'place', [placeItem(betId(), mcPlayer)], { provider: 'PG', site: 'tw_mc', secret: mcNew })).toEqual(['OK']);
    // One site's secret never signs for another site.
    const crossed = await signed(
      ctx,
      'bets/place',
      { siteId: 'tw_web', items: [placeItem(betId(), webPlayer)] },
      { provider: 'PG', secret: mcNew },
    );
    expect([crossed.statusCode, body(crossed).code]).toEqual([401, 4001]);

    // Each list shows its own site's rotation time.
    const rotatedAt = async (token: string, site?: string) =>
      (body(await post(token, 'list', {}, site)).data.providers as { code: string; secretRotatedAt: string }[]).find(
        (p) => p.code === 'PG',
      )!.secretRotatedAt;
    expect(await rotatedAt(mcAdmin, 'tw_mc')).toBe((body(res).data as { secretRotatedAt: string }).secretRotatedAt);
    expect(await rotatedAt(admin)).toBe(webRotatedAt);
  });

  it("another site's provider state can be neither read nor changed: a token works on its own site only, and no request names a site", async () => {
    const mcAdmin = await signinAs(ctx.app, 'admin001', mc);
    const before = await q(ctx, `select * from provider_merchants where site_id = 'tw_web' order by provider_code`);
    // tw_mc's session sent to tw_web (header or host): refused before any provider code runs.
    for (const target of [
      { site: 'tw_web', host: undefined },
      { site: 'tw_web', host: 'localhost' },
      { site: 'tw_mc', host: 'localhost' },
    ]) {
      for (const [path, payload] of [
        ['list', {}],
        ['change_status', { code: 'KY', status: 'ACTIVE' }],
        ['rotate_secret', { code: 'KY' }],
      ] as const) {
        const res = await call(ctx.app, 'POST', `/api/manage/provider/${path}`, payload, { token: mcAdmin, ...target });
        expect(res.statusCode, `${path} ${JSON.stringify(target)}: ${res.body}`).not.toBe(200);
      }
    }
    // The request has no site field: naming one is refused as an unknown field.
    const named = await post(mcAdmin, 'change_status', { code: 'KY', status: 'ACTIVE', siteId: 'tw_web' }, 'tw_mc');
    expect(named.statusCode).toBe(400);
    expect(await q(ctx, `select * from provider_merchants where site_id = 'tw_web' order by provider_code`)).toEqual(before);
  });
});

describe('site offering', () => {
  it('off: this site’s calls are refused, another site’s still pass, accounts keep the provider; on again: accepted', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO');
    const [mcPlayer] = await q<{ account_no: string }>(
      ctx,
      `select account_no from accounts where site_id = 'tw_mc' and kind = 'PLAYER' and verify_status = 'VERIFIED' and 'EVO' = any(providers)
         and not is_disabled and not is_full_disabled and not is_full_readonly order by id limit 1`,
    );
    expect(mcPlayer).toBeDefined();
    const enabled = async () =>
      (await q<{ n: number }>(ctx, `select count(*)::int as n from accounts where site_id = 'tw_web' and 'EVO' = any(providers)`))[0]!.n;
    const enabledBefore = await enabled();
    const logsBefore = (await opLogs(adminId)).length;

    const off = await post(admin, 'set_site_offering', { code: 'EVO', offered: false });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await signed(ctx, 'bets/place', { siteId: 'tw_web', items: [placeItem(betId(), player!)] });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(4005);
    expect(await batch(ctx, 'place', [placeItem(betId(), mcPlayer!.account_no)], { site: 'tw_mc' })).toEqual(['OK']);
    expect(await enabled()).toBe(enabledBefore);
    const listed = (body(await post(admin, 'list')).data.providers as { code: string; offered: boolean }[]).find((p) => p.code === 'EVO')!;
    expect(listed.offered).toBe(false);
    // Off twice: nothing more happens.
    expect((await post(admin, 'set_site_offering', { code: 'EVO', offered: false })).statusCode).toBe(200);

    expect((await post(admin, 'set_site_offering', { code: 'EVO', offered: true })).statusCode).toBe(200);
    expect(await batch(ctx, 'place', [placeItem(betId(), player!)])).toEqual(['OK']);
    expect((await opLogs(adminId)).slice(logsBefore)).toEqual([
      {
        action: 'OPERATION',
        // A row about the provider: no target account, the provider named.
        target_id: null,
        target_record: { kind: 'provider', id: 'EVO', name: null },
        before: { provider: 'EVO', site: 'tw_web', offered: true },
        after: { provider: 'EVO', site: 'tw_web', offered: false },
      },
      {
        action: 'OPERATION',
        // A row about the provider: no target account, the provider named.
        target_id: null,
        target_record: { kind: 'provider', id: 'EVO', name: null },
        before: { provider: 'EVO', site: 'tw_web', offered: false },
        after: { provider: 'EVO', site: 'tw_web', offered: true },
      },
    ]);
  });
});

describe('secret rotation', () => {
  it('answers a new secret once: the old signature is refused, the new one accepted; the secret is in no list and no log', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'EVO');
    const old = await secretOf(ctx, 'EVO');
    const res = await post(admin, 'rotate_secret', { code: 'EVO' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = body(res).data as { code: string; secret: string; secretRotatedAt: string };
    expect(data.code).toBe('EVO');
    expect(data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(data.secret).not.toBe(old);
    expect(await secretOf(ctx, 'EVO')).toBe(data.secret);

    const stale = await signed(ctx, 'bets/place', { siteId: 'tw_web', items: [placeItem(betId(), player!)] }, { secret: old });
    expect(stale.statusCode).toBe(401);
    expect(body(stale).code).toBe(4001);
    expect(await batch(ctx, 'place', [placeItem(betId(), player!)], { secret: data.secret })).toEqual(['OK']);

    const list = await post(admin, 'list');
    expect(list.body).not.toContain(data.secret);
    expect((body(list).data.providers as { code: string; secretRotatedAt: string }[]).find((p) => p.code === 'EVO')!.secretRotatedAt).toBe(
      data.secretRotatedAt,
    );

    const [logs] = await q<{ text: string }>(
      ctx,
      `select coalesce(string_agg(before::text || after::text, ''), '') as text from operation_logs`,
    );
    expect(logs!.text).not.toContain(data.secret);
    expect(logs!.text).not.toContain(old);
    const [last] = (await opLogs(adminId)).slice(-1);
    expect(last).toMatchObject({
      action: 'OPERATION',
      before: { provider: 'EVO', secretSet: true },
      after: { provider: 'EVO', secretSet: true, secretRotatedAt: data.secretRotatedAt },
    });

    // Each rotation is a fresh secret.
    const again = body(await post(admin, 'rotate_secret', { code: 'EVO' })).data as { secret: string };
    expect(again.secret).not.toBe(data.secret);
  });

  it('gives a provider without a secret its first one', async () => {
    await q(ctx, `update provider_merchants set secret = null where site_id = 'tw_web' and provider_code = 'SABA'`);
    const listed = (
      body(await post(admin, 'list')).data.providers as { code: string; secretSet: boolean; secretRotatedAt: string | null }[]
    ).find((p) => p.code === 'SABA')!;
    expect(listed).toMatchObject({ secretSet: false, secretRotatedAt: null });
    const res = await post(admin, 'rotate_secret', { code: 'SABA' });
    expect(res.statusCode).toBe(200);
    expect(await secretOf(ctx, 'SABA')).toBe((body(res).data as { secret: string }).secret);
    const [last] = (await opLogs(adminId)).slice(-1);
    expect(last!.before).toEqual({ provider: 'SABA', secretSet: false, secretRotatedAt: null });
  });
});
