import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { playDemoShoppers, playDemoTraffic } from '@agent-bo/simulator';
import { DEMO_CREDENTIALS } from '../../src/db/seed/demo-credentials.js';
import { checkPoints } from '../../src/modules/store/index.js';
import { useTestApp } from '../helpers.js';
import { q } from './support.js';

/**
 * The demo's store after its traffic: a site's burst of bets earns points (the earning job on its
 * timer, as in the running server), then some players sign in to the player API and redeem, so
 * there are points and orders to look at right after `npm start`.
 */
const ctx = useTestApp({ store: { earningIntervalMs: 200 }, clientApi: { rateLimit: false } });
let baseUrl = '';

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

describe('the demo store', () => {
  it('seeds a points rate, categories and goods with and without pictures', async () => {
    const [s] = await q<{ rate: number; cats: number; goods: number; pictured: number; drafts: number }>(
      ctx,
      `select (select points_per_100 from store_settings where site_id = 'ph_mc') as rate,
              (select count(*)::int from store_categories where site_id = 'ph_mc') as cats,
              (select count(*)::int from store_goods where site_id = 'ph_mc') as goods,
              (select count(*)::int from store_goods where site_id = 'ph_mc' and cardinality(image_ids) > 0) as pictured,
              (select count(*)::int from store_goods where site_id = 'ph_mc' and status = 'Draft') as drafts`,
    );
    expect(s).toMatchObject({ rate: 100, cats: 3, goods: 5, pictured: 3, drafts: 1 });
  });

  it("after the demo traffic, the site's players have points and orders made through the player API", async () => {
    const options = {
      db: ctx.database.pool,
      baseUrl,
      sites: ['ph_mc'] as const,
      betsPerSite: 200,
      days: 2,
      playerPassword: DEMO_CREDENTIALS.password,
      shoppersPerSite: 15,
    };
    const traffic = await playDemoTraffic(options);
    expect(traffic.runs).toHaveLength(1);
    const shoppers = await playDemoShoppers(options, ['ph_mc']);
    expect(shoppers).toHaveLength(1);
    const shop = shoppers[0]!;
    expect(shop.signedIn, JSON.stringify(shop)).toBeGreaterThan(0);
    expect(shop.orders, JSON.stringify(shop)).toBeGreaterThan(0);
    const [db] = await q<{ orders: number; earned: number }>(
      ctx,
      `select (select count(*)::int from store_orders where site_id = 'ph_mc') as orders,
              (select count(*)::int from points_entries where site_id = 'ph_mc' and type = 'GetByValidBet') as earned`,
    );
    expect(db!.orders).toBe(shop.orders);
    expect(db!.earned).toBeGreaterThan(0);
    expect(await checkPoints(ctx.database.db, { siteId: 'ph_mc' })).toMatchObject({ ok: true });
  });
});
