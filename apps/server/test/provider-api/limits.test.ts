import { describe, expect, it } from 'vitest';
import { upsertSites } from '../../src/db/seed/sites.js';
import { useTestApp } from '../helpers.js';
import { SITE, betId, body, q, signed } from './support.js';

// The back office's global per-IP limit is on here (2 a minute), as in production.
const ctx = useTestApp({ rateLimit: { max: 2, timeWindowMs: 60_000 } });

describe('provider API: limits and secrets', () => {
  it('is not throttled by the back office’s per-IP limit', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await signed(ctx, 'bets/cancel', { siteId: SITE, items: [{ betId: betId() }] });
      expect(res.statusCode, res.body).toBe(200);
    }
    // …which the back office routes still are.
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await ctx.app.inject({ method: 'GET', url: '/api/getPermCode?_t=1', headers: { 'x-site-id': 'tw_web' } })).statusCode);
    expect(codes).toContain(429);
  });

  it('takes bodies above the global 1 MiB limit up to its own 2 MiB', async () => {
    const json = JSON.stringify({ siteId: SITE, items: [{ betId: betId() }] });
    // Whitespace after the JSON value is still JSON, and it is signed like any other byte.
    const big = await signed(ctx, 'bets/cancel', null, { raw: json + ' '.repeat(1_500_000) });
    expect(big.statusCode, big.body.slice(0, 200)).toBe(200);
    const tooBig = await signed(ctx, 'bets/cancel', null, { raw: json + ' '.repeat(2_200_000) });
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).code).toBe(413);
  });

  it('seeds a random secret per site and provider, keeps it when seeding again, and fills one that is missing', async () => {
    const read = async () =>
      q<{ code: string; secret: string | null }>(
        ctx,
        `select site_id || ':' || provider_code as code, secret from provider_merchants order by site_id, provider_code`,
      );
    const first = await read();
    expect(first.length).toBeGreaterThanOrEqual(6);
    for (const p of first) expect(p.secret, p.code).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(first.map((p) => p.secret)).size).toBe(first.length);
    await upsertSites(ctx.database.db);
    expect(await read()).toEqual(first);
    await q(ctx, `update provider_merchants set secret = null where site_id = 'tw_web' and provider_code = 'SABA'`);
    await upsertSites(ctx.database.db);
    const again = await read();
    const saba = again.find((p) => p.code === 'tw_web:SABA')!;
    expect(saba.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(saba.secret).not.toBe(first.find((p) => p.code === 'tw_web:SABA')!.secret);
    expect(again.filter((p) => p.code !== 'tw_web:SABA')).toEqual(first.filter((p) => p.code !== 'tw_web:SABA'));
  });
});
