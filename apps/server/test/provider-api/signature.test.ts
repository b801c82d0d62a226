import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.js';
import { SITE, batch, betFingerprint, betId, body, placeItem, playersAtDepth, q, secretOf, signed } from './support.js';

const ctx = useTestApp();

async function refused(res: Awaited<ReturnType<typeof signed>>, status: number, code: number) {
  expect(res.statusCode, res.body).toBe(status);
  const b = body(res);
  expect(b.success).toBe(false);
  expect(b.code).toBe(code);
}

describe('provider API: signed calls', () => {
  it('accepts a correctly signed call', async () => {
    const [player] = await playersAtDepth(ctx, 3);
    const res = await signed(ctx, 'bets/place', { siteId: SITE, items: [placeItem(betId(), player!)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ ok: 1, duplicate: 0, refused: 0, results: [{ status: 'OK' }] });
  });

  it('refuses a missing header, whichever it is, and changes nothing', async () => {
    const [player] = await playersAtDepth(ctx, 3);
    const before = await betFingerprint(ctx);
    for (const h of ['x-provider-code', 'x-timestamp', 'x-signature'] as const) {
      const res = await signed(ctx, 'bets/place', { siteId: SITE, items: [placeItem(betId(), player!)] }, { omit: [h] });
      await refused(res, 401, 4001);
    }
    expect(await betFingerprint(ctx)).toBe(before);
  });

  it('refuses a wrong signature: another secret, a tampered body, a malformed value', async () => {
    const [player] = await playersAtDepth(ctx, 3);
    const before = await betFingerprint(ctx);
    const payload = { siteId: SITE, items: [placeItem(betId(), player!)] };
    await refused(await signed(ctx, 'bets/place', payload, { secret: 'not-the-secret' }), 401, 4001);
    // The secret of another provider does not sign for this one.
    await refused(await signed(ctx, 'bets/place', payload, { secret: await secretOf(ctx, 'PG') }), 401, 4001);
    await refused(await signed(ctx, 'bets/place', payload, { signature: 'zz' }), 401, 4001);
    await refused(await signed(ctx, 'bets/place', payload, { signature: '0'.repeat(64) }), 401, 4001);
    await refused(await signed(ctx, 'bets/place', payload, { timestamp: 'yesterday' }), 401, 4001);
    expect(await betFingerprint(ctx)).toBe(before);
  });

  it('signs the exact raw bytes: the same JSON re-spaced fails, a signed re-spaced body passes', async () => {
    const [player] = await playersAtDepth(ctx, 3);
    const payload = { siteId: SITE, items: [placeItem(betId(), player!)] };
    const secret = await secretOf(ctx, 'EVO');
    const ts = Date.now();
    const { signProviderBody } = await import('../../src/modules/provider-api/signature.js');
    const compactSig = signProviderBody(secret, ts, JSON.stringify(payload));
    const spaced = JSON.stringify(payload, null, 2);
    await refused(await signed(ctx, 'bets/place', payload, { raw: spaced, timestamp: ts, signature: compactSig }), 401, 4001);
    // The siteId is inside the signed body: changing it breaks the signature.
    const other = JSON.stringify({ ...payload, siteId: 'tw_mc' });
    await refused(await signed(ctx, 'bets/place', payload, { raw: other, timestamp: ts, signature: compactSig }), 401, 4001);
    const res = await signed(ctx, 'bets/place', payload, { raw: spaced, timestamp: ts });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a timestamp more than 5 minutes away, either way', async () => {
    const [player] = await playersAtDepth(ctx, 3);
    const before = await betFingerprint(ctx);
    const payload = () => ({ siteId: SITE, items: [placeItem(betId(), player!)] });
    await refused(await signed(ctx, 'bets/place', payload(), { timestamp: Date.now() - 5 * 60_000 - 2_000 }), 401, 4002);
    await refused(await signed(ctx, 'bets/place', payload(), { timestamp: Date.now() + 5 * 60_000 + 2_000 }), 401, 4002);
    expect(await betFingerprint(ctx)).toBe(before);
    const res = await signed(ctx, 'bets/place', payload(), { timestamp: Date.now() - 4 * 60_000 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an unknown provider and a provider without a secret', async () => {
    const payload = { siteId: SITE, items: [{ betId: betId() }] };
    await refused(await signed(ctx, 'bets/cancel', payload, { provider: 'NOPE', secret: 'x' }), 401, 4003);
    await q(ctx, `insert into providers (code, name) values ('NOSECRET', 'No secret')`);
    await q(ctx, `insert into provider_merchants (site_id, provider_code, status) values ('tw_web', 'NOSECRET', 'ACTIVE')`);
    await refused(await signed(ctx, 'bets/cancel', payload, { provider: 'NOSECRET', secret: '' }), 401, 4003);
    // A site without a merchant account at the provider: no secret there either.
    await q(ctx, `delete from provider_merchants where site_id = 'tw_mc' and provider_code = 'PG'`);
    await refused(
      await signed(ctx, 'bets/cancel', { ...payload, siteId: 'tw_mc' }, { provider: 'PG', secret: await secretOf(ctx, 'PG') }),
      401,
      4003,
    );
  });

  it('refuses a provider that is not ACTIVE (maintenance, disabled), after checking the signature', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'PP');
    const payload = { siteId: SITE, items: [placeItem(betId(), player!)] };
    await refused(await signed(ctx, 'bets/place', payload, { provider: 'KY' }), 403, 4004);
    // Unsigned: the status is not revealed.
    await refused(await signed(ctx, 'bets/place', payload, { provider: 'KY', secret: 'wrong' }), 401, 4001);
    await q(ctx, `update provider_merchants set status = 'DISABLE' where site_id = 'tw_web' and provider_code = 'PP'`);
    try {
      await refused(await signed(ctx, 'bets/place', payload, { provider: 'PP' }), 403, 4004);
    } finally {
      await q(ctx, `update provider_merchants set status = 'ACTIVE' where site_id = 'tw_web' and provider_code = 'PP'`);
    }
    expect(await batch(ctx, 'place', payload.items, { provider: 'PP' })).toEqual(['OK']);
  });

  it('refuses a site that does not offer the provider (SITE_PROVIDER)', async () => {
    const [player] = await playersAtDepth(ctx, 3, 'JILI');
    const payload = { siteId: SITE, items: [placeItem(betId(), player!)] };
    await q(ctx, `delete from site_providers where site_id = 'tw_web' and provider_code = 'JILI'`);
    try {
      const before = await betFingerprint(ctx);
      await refused(await signed(ctx, 'bets/place', payload, { provider: 'JILI' }), 403, 4005);
      expect(await betFingerprint(ctx)).toBe(before);
    } finally {
      await q(ctx, `insert into site_providers (site_id, provider_code) values ('tw_web', 'JILI')`);
    }
  });

  it('answers bad JSON only after the signature, and validates the batch', async () => {
    await refused(await signed(ctx, 'bets/cancel', null, { raw: '{"siteId":', secret: 'wrong' }), 401, 4001);
    // A body that names no site names no merchant account, so no secret can check it.
    await refused(await signed(ctx, 'bets/cancel', null, { raw: '{"siteId":' }), 401, 4001);
    await refused(await signed(ctx, 'bets/cancel', null, { raw: '{"siteId":"tw_web","items":[' }), 401, 4001);
    await refused(await signed(ctx, 'bets/cancel', { items: [{ betId: 'x' }] }), 401, 4001);
    // JSON naming a site: checked with that site's secret, then validated.
    await refused(await signed(ctx, 'bets/cancel', { siteId: SITE, items: [] }), 400, 1000);
    await refused(await signed(ctx, 'bets/cancel', { siteId: SITE, items: 'none' }), 400, 1000);
    // A site that does not exist has no merchant account at the provider.
    await refused(
      await signed(ctx, 'bets/cancel', { siteId: 'nowhere', items: [{ betId: 'x' }] }, { secret: await secretOf(ctx, 'EVO') }),
      401,
      4003,
    );
    await refused(
      await signed(ctx, 'bets/cancel', { siteId: SITE, items: Array.from({ length: 1001 }, (_, i) => ({ betId: `x${i}` })) }),
      400,
      1000,
    );
    const [player] = await playersAtDepth(ctx, 3);
    for (const bad of [
      { betAmount: '0' },
      { betAmount: '1.234' },
      { betAmount: '-5' },
      { gameCategory: 'DICE' },
      { placedAt: 'yesterday' },
    ]) {
      await refused(await signed(ctx, 'bets/place', { siteId: SITE, items: [placeItem(betId(), player!, bad)] }), 400, 1000);
    }
  });

  it('answers refusals in the caller’s language', async () => {
    const res = await signed(ctx, 'bets/cancel', { siteId: SITE, items: [{ betId: betId() }] }, { lang: 'en' });
    expect(body(res).data.results[0]).toMatchObject({ status: 'REFUSED', code: 4010, error: 'BET_NOT_FOUND', message: 'No such bet' });
    const res2 = await signed(ctx, 'bets/cancel', { siteId: SITE, items: [{ betId: betId() }] }, { secret: 'x', lang: 'en' });
    expect(body(res2).message).toBe('The request signature is missing or wrong');
  });

  it('leaves the back office JSON parser alone (other routes still parse JSON)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manage/signin',
      payload: { accountNo: 'admin001', password: 'x' },
      headers: { 'x-site-id': 'tw_web' },
    });
    expect(body(res).code).toBe(1001);
  });

  it('shows the routes and the signature headers in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, { post?: { security?: unknown[] } }>;
      components: { securitySchemes: Record<string, { name?: string }> };
    };
    for (const op of ['place', 'settle', 'cancel', 'resettle']) {
      const path = doc.paths[`/api/provider/v1/bets/${op}`];
      expect(path?.post?.security, op).toEqual([{ providerCode: [], providerTimestamp: [], providerSignature: [] }]);
    }
    expect(doc.components.securitySchemes.providerSignature?.name).toBe('x-signature');
  });
});
