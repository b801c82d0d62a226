import { beforeAll, describe, expect, it } from 'vitest';
import { STORE_ORDER_CSV_COLUMNS } from '@agent-bo/shared';
import { checkPoints } from '../../src/modules/store/index.js';
import { body, call, DEMO_CREDENTIALS, freshIp, signinAs, useTestApp, type Json } from '../helpers.js';
import { agentWith, fingerprint, grantPoints, name, okData, P, playablePlayers, post, q, refused, type As } from './support.js';

const ctx = useTestApp({ store: { earningIntervalMs: 0 }, clientApi: { rateLimit: false } });

let admin: As;

const player = async (method: 'GET' | 'POST', path: string, token: string | undefined, payload?: unknown, ip?: string): Promise<Json> =>
  body(await call(ctx.app, method, `${P}/${path}`, payload, { ...(token && { token }), ...(ip && { ip }) }));

async function playerToken(accountNo: string): Promise<string> {
  return okData(await player('POST', 'signin', undefined, { accountNo, password: DEMO_CREDENTIALS.password }, freshIp())).token;
}

let categoryId = 0;
async function newGoods(over: Record<string, unknown> = {}): Promise<{ id: number; version: number }> {
  return okData(
    await post(ctx, admin, 'goods/save', {
      categoryId,
      name: name('兌換品', 'Prize'),
      price: 10,
      stock: 100,
      status: 'Published',
      ...over,
    }),
  );
}

let key = 0;
const nextKey = () => `key-${process.pid}-${++key}`;

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  categoryId = okData(await post(ctx, admin, 'category/save', { name: name('玩家分類') })).id;
});

describe('player sign-in and tokens', () => {
  it('signs a verified player in; wrong passwords and staff accounts get one answer; restricted and unverified are told', async () => {
    const [p] = await playablePlayers(ctx, 1);
    const token = await playerToken(p!.accountNo);
    expect(token.startsWith('pt_')).toBe(true);
    expect(okData(await player('GET', 'points', token))).toEqual({ balance: expect.any(Number) });
    refused(await player('POST', 'signin', undefined, { accountNo: p!.accountNo, password: 'wrong-pass1' }, freshIp()), 1001);
    refused(await player('POST', 'signin', undefined, { accountNo: 'admin001', password: DEMO_CREDENTIALS.password }, freshIp()), 1001);
    refused(await player('POST', 'signin', undefined, { accountNo: 'nobody9999', password: DEMO_CREDENTIALS.password }, freshIp()), 1001);

    const [r, u] = await playablePlayers(ctx, 3).then((l) => l.slice(1));
    await q(ctx, `update accounts set is_disabled = true where id = $1`, [r!.id]);
    refused(await player('POST', 'signin', undefined, { accountNo: r!.accountNo, password: DEMO_CREDENTIALS.password }, freshIp()), 4008);
    await q(ctx, `update accounts set verify_status = 'PENDING' where id = $1`, [u!.id]);
    refused(await player('POST', 'signin', undefined, { accountNo: u!.accountNo, password: DEMO_CREDENTIALS.password }, freshIp()), 4009);
    // a restriction set after sign-in stops the token too
    await q(ctx, `update accounts set is_disabled = false, verify_status = 'VERIFIED' where id = any($1)`, [[r!.id, u!.id]]);
    const later = await playerToken(r!.accountNo);
    await q(ctx, `update accounts set is_disabled = true where id = $1`, [r!.id]);
    refused(await player('GET', 'points', later), 4008);
    await q(ctx, `update accounts set is_disabled = false where id = $1`, [r!.id]);
  });

  it('the same throttle as the back office: repeated wrong passwords from one address lock that address out', async () => {
    const [, , , p] = await playablePlayers(ctx, 4);
    const ip = freshIp();
    let last: Json | undefined;
    for (let i = 0; i < 12; i++) last = await player('POST', 'signin', undefined, { accountNo: p!.accountNo, password: `bad-${i}aa` }, ip);
    refused(last!, 1003);
  });

  it('a player token never opens the back office, and a staff token never redeems', async () => {
    const [p] = await playablePlayers(ctx, 1);
    const token = await playerToken(p!.accountNo);
    for (const path of ['/api/manage/userinfo', '/api/manage/store/goods/list', '/api/manage/store/order/list']) {
      const res = await call(ctx.app, 'POST', path, {}, { token, site: 'tw_web' });
      expect(res.statusCode, `${path} ${res.body}`).toBe(401);
    }
    const goods = await newGoods();
    const f = await fingerprint(ctx);
    for (const t of [admin.token, await signinAs(ctx.app, 'agentA01'), undefined]) {
      const res = await call(ctx.app, 'POST', `${P}/redeem`, { goodsId: goods.id, idempotencyKey: nextKey() }, t ? { token: t } : {});
      expect(res.statusCode).toBe(401);
      refused(body(res), 401);
    }
    expect((await call(ctx.app, 'GET', `${P}/points`, undefined, { token: admin.token })).statusCode).toBe(401);
    expect(await fingerprint(ctx)).toBe(f);
    // signed out: the token is dead
    okData(await player('POST', 'signout', token));
    expect((await call(ctx.app, 'GET', `${P}/points`, undefined, { token })).statusCode).toBe(401);
  });
});

describe('redemption', () => {
  it('points down, stock down, order created; the history and orders show it; published goods are public', async () => {
    const [p] = await playablePlayers(ctx, 1);
    await grantPoints(ctx, p!.id, 100, 'r1');
    const token = await playerToken(p!.accountNo);
    const goods = await newGoods({ price: 30, stock: 3 });
    const draft = await newGoods({ status: 'Draft', name: name('草稿') });
    const shown = okData(await player('GET', 'goods?lang=en', undefined));
    expect(shown.map((g: { id: number }) => g.id)).toContain(goods.id);
    expect(shown.map((g: { id: number }) => g.id)).not.toContain(draft.id);
    expect(shown.find((g: { id: number }) => g.id === goods.id)).toMatchObject({ name: 'Prize', price: 30, stock: 3 });

    const before = okData(await player('GET', 'points', token)).balance;
    const res = okData(await player('POST', 'redeem', token, { goodsId: goods.id, quantity: 2, idempotencyKey: nextKey() }));
    expect(res).toMatchObject({
      balance: before - 60,
      replayed: false,
      order: { goodsId: goods.id, quantity: 2, points: 60, status: 'Unshipped' },
    });
    const [g] = await q<{ stock: number }>(ctx, 'select stock from store_goods where id = $1', [goods.id]);
    expect(g!.stock).toBe(1);
    const history = okData(await player('POST', 'points/history', token, {}));
    expect(history.list[0]).toMatchObject({ type: 'PointsStore', amount: -60, balanceAfter: before - 60, orderId: res.order.id });
    const orders = okData(await player('POST', 'orders', token, {}));
    expect(orders.list[0]).toMatchObject({ id: res.order.id, status: 'Unshipped' });

    const rich = await newGoods({ price: 1_000_000 });
    const f = await fingerprint(ctx);
    refused(await player('POST', 'redeem', token, { goodsId: goods.id, quantity: 2, idempotencyKey: nextKey() }), 8006);
    refused(await player('POST', 'redeem', token, { goodsId: draft.id, idempotencyKey: nextKey() }), 8008);
    refused(await player('POST', 'redeem', token, { goodsId: 9_999_999, idempotencyKey: nextKey() }), 8001);
    refused(await player('POST', 'redeem', token, { goodsId: goods.id, quantity: 0, idempotencyKey: nextKey() }), 1000);
    refused(await player('POST', 'redeem', token, { goodsId: goods.id, idempotencyKey: 'short' }), 1000);
    refused(await player('POST', 'redeem', token, { goodsId: rich.id, idempotencyKey: nextKey() }), 8005);
    expect(await fingerprint(ctx)).toBe(f);
  });

  it('an idempotency key replayed answers the first order and moves nothing; another use of it conflicts', async () => {
    const [, p] = await playablePlayers(ctx, 2);
    await grantPoints(ctx, p!.id, 100, 'r2');
    const token = await playerToken(p!.accountNo);
    const goods = await newGoods({ price: 10, stock: 50 });
    const k = nextKey();
    const first = okData(await player('POST', 'redeem', token, { goodsId: goods.id, idempotencyKey: k }));
    const f = await fingerprint(ctx);
    const again = await Promise.all([1, 2, 3].map(() => player('POST', 'redeem', token, { goodsId: goods.id, idempotencyKey: k })));
    for (const a of again) expect(okData(a)).toMatchObject({ order: { id: first.order.id }, replayed: true, balance: first.balance });
    refused(await player('POST', 'redeem', token, { goodsId: goods.id, quantity: 2, idempotencyKey: k }), 3004);
    expect(await fingerprint(ctx)).toBe(f);
  });

  it('the per-player limit counts orders not cancelled', async () => {
    const [, , p] = await playablePlayers(ctx, 3);
    await grantPoints(ctx, p!.id, 100, 'r3');
    const token = await playerToken(p!.accountNo);
    const goods = await newGoods({ price: 1, stock: 50, perPlayerLimit: 2 });
    okData(await player('POST', 'redeem', token, { goodsId: goods.id, quantity: 2, idempotencyKey: nextKey() }));
    refused(await player('POST', 'redeem', token, { goodsId: goods.id, idempotencyKey: nextKey() }), 8007);
  });

  it('200 concurrent redemptions of the last 10 items by 50 players: exactly 10 orders, stock 0, every balance equal to its entries', async () => {
    const players = await playablePlayers(ctx, 50);
    expect(players).toHaveLength(50);
    for (const p of players) await grantPoints(ctx, p.id, 1_000, `race-${p.id}`);
    const tokens = await Promise.all(players.map((p) => playerToken(p.accountNo)));
    const goods = await newGoods({ price: 7, stock: 10 });
    const tries = Array.from({ length: 200 }, (_, i) => ({ token: tokens[i % 50]!, key: nextKey() }));
    const answers = await Promise.all(tries.map((t) => player('POST', 'redeem', t.token, { goodsId: goods.id, idempotencyKey: t.key })));
    const won = answers.filter((a) => a.success);
    expect(won).toHaveLength(10);
    for (const a of answers.filter((x) => !x.success)) expect(a.code).toBe(8006);
    const [g] = await q<{ stock: number }>(ctx, 'select stock from store_goods where id = $1', [goods.id]);
    expect(g!.stock).toBe(0);
    const [orders] = await q<{ n: number; points: string }>(
      ctx,
      'select count(*)::int as n, sum(points)::text as points from store_orders where goods_id = $1',
      [goods.id],
    );
    expect(orders).toEqual({ n: 10, points: '70' });
    const check = await checkPoints(ctx.database.db);
    expect(check, JSON.stringify(check)).toMatchObject({ ok: true, balanceMismatches: [], brokenChains: [], orderMismatches: [] });
  });
});

describe('orders and points detail in the back office', () => {
  let order: { id: number; version: number; playerId: number } = { id: 0, version: 0, playerId: 0 };
  let underA01: { id: number; accountNo: string } = { id: 0, accountNo: '' };

  beforeAll(async () => {
    [underA01] = (await playablePlayers(ctx, 1, 'agentA01')) as [{ id: number; accountNo: string }];
    await grantPoints(ctx, underA01.id, 500, 'o1');
    const token = await playerToken(underA01.accountNo);
    const goods = await newGoods({ price: 50, stock: 5 });
    const r = okData(await player('POST', 'redeem', token, { goodsId: goods.id, quantity: 2, idempotencyKey: nextKey() }));
    order = { id: r.order.id, version: r.order.version, playerId: underA01.id };
  });

  it('lists orders with filters, ships one with its note and who/when; a shipped order cannot be cancelled', async () => {
    const list = okData(await post(ctx, admin, 'order/list', { accountNo: underA01.accountNo, status: 'Unshipped' }));
    expect(list.list.map((o: { id: number }) => o.id)).toContain(order.id);
    const [s] = (await q<{ v: number }>(ctx, 'select version as v from store_orders where id = $1', [order.id])) as [{ v: number }];
    const shipped = okData(await post(ctx, admin, 'order/ship', { id: order.id, version: s.v, note: 'EMS 123' }));
    expect(shipped).toMatchObject({ status: 'Shipped', shippingNote: 'EMS 123', shippedBy: 'admin001', shippedAt: expect.any(String) });
    const f = await fingerprint(ctx);
    refused(await post(ctx, admin, 'order/ship', { id: order.id, version: s.v, note: 'again' }), 8002);
    refused(await post(ctx, admin, 'order/cancel', { id: order.id, version: shipped.version }), 8009);
    expect(await fingerprint(ctx)).toBe(f);
    const csv = await call(ctx.app, 'GET', `/api/manage/store/order/export?accountNo=${underA01.accountNo}`, undefined, {
      token: admin.token,
      site: 'tw_web',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('EMS 123');
    // Keys and codes (the machine-readable form; the download puts them in words); the goods in
    // the caller's language, in Traditional Chinese by default.
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(STORE_ORDER_CSV_COLUMNS.join(','));
    expect(row).toContain(',兌換品,');
    expect(row).toContain(',Shipped,');
    const english = await call(ctx.app, 'GET', `/api/manage/store/order/export?accountNo=${underA01.accountNo}`, undefined, {
      token: admin.token,
      site: 'tw_web',
      lang: 'en',
    });
    expect(english.body.split('\r\n')[1]).toContain(',Prize,');
  });

  it('cancelling an unshipped order refunds the points and restores the stock, in one step', async () => {
    const token = await playerToken(underA01.accountNo);
    const goods = await newGoods({ price: 40, stock: 3 });
    const r = okData(await player('POST', 'redeem', token, { goodsId: goods.id, quantity: 3, idempotencyKey: nextKey() }));
    const before = r.balance;
    const cancelled = okData(await post(ctx, admin, 'order/cancel', { id: r.order.id, version: r.order.version, note: 'out of stock' }));
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelledBy: 'admin001' });
    const [g] = await q<{ stock: number }>(ctx, 'select stock from store_goods where id = $1', [goods.id]);
    expect(g!.stock).toBe(3);
    expect(okData(await player('GET', 'points', token)).balance).toBe(before + 120);
    const detail = okData(await post(ctx, admin, 'points/list', { accountNo: underA01.accountNo, type: 'PointsStoreRefund' }));
    expect(detail.list[0]).toMatchObject({ amount: 120, balanceAfter: before + 120, orderId: r.order.id, source: `order:${r.order.id}` });
    refused(await post(ctx, admin, 'order/cancel', { id: r.order.id, version: cancelled.version }), 8009);
    expect((await checkPoints(ctx.database.db)).ok).toBe(true);
  });

  it("points detail: per player in the caller's subtree with a running balance; CSV; other subtrees' players are not there", async () => {
    const a01 = await agentWith(ctx, 'agentA01', ['PLAYER_POINTS_READ', 'STORE_ORDER_READ']);
    const mine = okData(await post(ctx, a01, 'points/list', { accountNo: underA01.accountNo, pageSize: 100 }));
    expect(mine.total).toBeGreaterThan(0);
    const list = [...mine.list].reverse() as { amount: number; balanceAfter: number }[];
    for (let i = 1; i < list.length; i++) expect(list[i]!.balanceAfter).toBe(list[i - 1]!.balanceAfter + list[i]!.amount);
    const [outside] = await q<{ id: number; account_no: string }>(
      ctx,
      `select a.id, a.account_no from accounts a where a.site_id = 'tw_web' and a.kind = 'PLAYER'
          and not a.path @> array[(select id from accounts where site_id = 'tw_web' and account_no = 'agentA01')] limit 1`,
    );
    await grantPoints(ctx, outside!.id, 5, 'outside');
    expect(okData(await post(ctx, a01, 'points/list', { accountNo: outside!.account_no })).total).toBe(0);
    expect(okData(await post(ctx, admin, 'points/list', { accountNo: outside!.account_no })).total).toBeGreaterThan(0);
    const all = okData(await post(ctx, a01, 'points/list', { pageSize: 100 }));
    expect(all.list.map((e: { accountNo: string }) => e.accountNo)).not.toContain(outside!.account_no);
    const csv = await call(ctx.app, 'GET', `/api/manage/store/points/export?accountNo=${underA01.accountNo}`, undefined, {
      token: a01.token,
      site: 'tw_web',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(underA01.accountNo);
    // orders of another subtree: answered like nonexistent ones, nothing changes
    const orderOutside = await q<{ id: number }>(
      ctx,
      `insert into store_orders (site_id, player_id, goods_id, quantity, points, idempotency_key)
       values ('tw_web', $1, (select id from store_goods where site_id = 'tw_web' limit 1), 1, 1, 'outside-1') returning id`,
      [outside!.id],
    );
    const writer = await agentWith(ctx, 'agentA01', ['STORE_ORDER_WRITE', 'PLAYER_POINTS_READ']);
    const f = await fingerprint(ctx);
    refused(await post(ctx, writer, 'order/ship', { id: orderOutside[0]!.id, version: 1 }), 8001);
    refused(await post(ctx, writer, 'order/cancel', { id: orderOutside[0]!.id, version: 1 }), 8001);
    refused(await post(ctx, writer, 'order/ship', { id: 9_999_999, version: 1 }), 8001);
    expect(await fingerprint(ctx)).toBe(f);
    expect(okData(await post(ctx, writer, 'order/list', { pageSize: 100 })).list.map((o: { id: number }) => o.id)).not.toContain(
      orderOutside[0]!.id,
    );
    await q(ctx, `delete from store_orders where idempotency_key = 'outside-1'`);
  });

  it('order permissions: READ lists but cannot ship or cancel; PLAYER_POINTS_READ alone gives no orders', async () => {
    const reader = await agentWith(ctx, 'agentA01', ['STORE_ORDER_READ']);
    okData(await post(ctx, reader, 'order/list', {}));
    const f = await fingerprint(ctx);
    refused(await post(ctx, reader, 'order/ship', { id: order.id, version: 1 }), 1006);
    refused(await post(ctx, reader, 'order/cancel', { id: order.id, version: 1 }), 1006);
    refused(await post(ctx, reader, 'points/list', {}), 1006);
    const points = await agentWith(ctx, 'agentA01', ['PLAYER_POINTS_READ']);
    refused(await post(ctx, points, 'order/list', {}), 1006);
    expect(await fingerprint(ctx)).toBe(f);
  });
});

describe('the OpenAPI description', () => {
  it('documents the player API under its own tag, with the player token, apart from the store management', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { tags?: string[]; security?: Record<string, unknown>[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.tags.find((t) => t.name === 'player')?.description).toMatch(/never|refused/);
    expect(doc.components.securitySchemes.playerToken).toBeDefined();
    for (const p of ['signin', 'goods', 'points', 'points/history', 'redeem', 'orders']) {
      const ops = Object.values(doc.paths[`/api/client/player/${p}`] ?? {});
      expect(ops.length, p).toBeGreaterThan(0);
      for (const op of ops) expect(op.tags).toEqual(['player']);
    }
    expect(doc.paths['/api/client/player/redeem']!.post!.security).toEqual([{ playerToken: [] }]);
    expect(doc.paths['/api/manage/store/goods/save']!.post!.tags).toEqual(['store']);
  });
});
