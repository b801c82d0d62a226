import { beforeAll, describe, expect, it } from 'vitest';
import { body, call, signinAs, useTestApp } from '../helpers.js';
import { PNG_1X1, sha256, upload } from '../uploads/support.js';
import { agentWith, del, fingerprint, name, okData, OTHER, post, q, refused, type As } from './support.js';

const ctx = useTestApp({ store: { earningIntervalMs: 0 } });

let admin: As;
let otherAdmin: As;

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  otherAdmin = { token: await signinAs(ctx.app, 'admin001', OTHER), ...OTHER };
});

async function newCategory(as: As, zh: string): Promise<{ id: number; version: number }> {
  return okData(await post(ctx, as, 'category/save', { name: name(zh, `${zh} en`) }));
}

const goods = (categoryId: number, over: Record<string, unknown> = {}) => ({
  categoryId,
  name: name('禮品', 'Gift'),
  description: name('說明', 'About'),
  price: 100,
  stock: 5,
  ...over,
});

describe('store categories', () => {
  it('creates, lists, changes with its version, sorts and deletes; every write logged', async () => {
    const logs = async () =>
      (await q<{ n: number }>(ctx, `select count(*)::int as n from operation_logs where action = 'OPERATION'`))[0]!.n;
    const before = await logs();
    const a = await newCategory(admin, '實物');
    const b = await newCategory(admin, '虛擬');
    const list = okData(await post(ctx, admin, 'category/list', { pageSize: 10 }));
    expect(list.list.map((c: { name: { zh_TW: string } }) => c.name.zh_TW)).toEqual(expect.arrayContaining(['實物', '虛擬']));
    const changed = okData(await post(ctx, admin, 'category/save', { id: a.id, version: a.version, name: name('實物禮品'), sort: 5 }));
    expect(changed.version).toBe(a.version + 1);
    refused(await post(ctx, admin, 'category/save', { id: a.id, version: a.version, name: name('舊版') }), 8002);
    // a (sort 5) after b (sort 0) until sorted first
    okData(await post(ctx, admin, 'category/sort', { ids: [a.id, b.id] }));
    const sorted = okData(await post(ctx, admin, 'category/list', { pageSize: 10 }));
    expect(sorted.list[0].id).toBe(a.id);
    const current = sorted.list.find((c: { id: number }) => c.id === b.id);
    okData(await del(ctx, admin, 'category/delete', { id: b.id, version: current.version }));
    expect(await logs()).toBe(before + 5);
    const [log] = await q<{ before: unknown; after: unknown }>(
      ctx,
      `select before, after from operation_logs where action = 'OPERATION' order by id desc limit 1`,
    );
    expect(log).toMatchObject({ before: { storeCategory: b.id, name: { zh_TW: '虛擬', en: '虛擬 en' } }, after: null });
  });

  it('refuses a taken name, a missing zh-TW name and wrong types, writing nothing', async () => {
    await newCategory(admin, '唯一');
    const f = await fingerprint(ctx);
    refused(await post(ctx, admin, 'category/save', { name: name('唯一') }), 8010);
    refused(await post(ctx, admin, 'category/save', { name: name('', 'English only') }), 1000);
    refused(await post(ctx, admin, 'category/save', { name: name('型別'), sort: 'first' }), 1000);
    refused(await post(ctx, admin, 'category/save', { name: name('沒版本'), id: 1 }), 1000);
    expect(await fingerprint(ctx)).toBe(f);
  });

  it('a category with goods cannot be deleted', async () => {
    const c = await newCategory(admin, '有商品');
    okData(await post(ctx, admin, 'goods/save', goods(c.id)));
    const f = await fingerprint(ctx);
    refused(await del(ctx, admin, 'category/delete', { id: c.id, version: c.version }), 8004);
    expect(await fingerprint(ctx)).toBe(f);
  });

  it("another site's category is answered like a nonexistent one, and nothing changes", async () => {
    const mine = await newCategory(admin, '本站');
    const theirs = await newCategory(otherAdmin, '他站');
    const f = await fingerprint(ctx);
    for (const id of [theirs.id, 9_999_999]) {
      refused(await post(ctx, admin, 'category/save', { id, version: 1, name: name('改') }), 8001);
      refused(await del(ctx, admin, 'category/delete', { id, version: 1 }), 8001);
      refused(await post(ctx, admin, 'category/sort', { ids: [id, mine.id] }), 8001);
    }
    expect(await fingerprint(ctx)).toBe(f);
    const listed = okData(await post(ctx, admin, 'category/list', { pageSize: 100 }));
    expect(listed.list.map((c: { id: number }) => c.id)).not.toContain(theirs.id);
  });
});

describe('store goods', () => {
  let category = 0;
  beforeAll(async () => {
    category = (await newCategory(admin, '商品分類')).id;
  });

  it('saves goods with uploaded images (or none), lists them with filters, edits stock with its version', async () => {
    const up = await upload(ctx.app, admin.token, PNG_1X1);
    expect(up.statusCode, up.body).toBe(200);
    const imageId = sha256(PNG_1X1);
    const withImage = okData(await post(ctx, admin, 'goods/save', goods(category, { imageIds: [imageId], status: 'Published' })));
    const plain = okData(await post(ctx, admin, 'goods/save', goods(category, { name: name('無圖', 'Plain'), stock: 0 })));
    const list = okData(await post(ctx, admin, 'goods/list', { categoryId: category, pageSize: 10 }));
    expect(list.total).toBe(2);
    const shown = list.list.find((g: { id: number }) => g.id === withImage.id);
    expect(shown).toMatchObject({ imageIds: [imageId], imageUrls: [`/api/files/${imageId}`], price: 100, stock: 5, status: 'Published' });
    expect(okData(await post(ctx, admin, 'goods/list', { name: 'plain', pageSize: 10 })).list.map((g: { id: number }) => g.id)).toEqual([
      plain.id,
    ]);
    expect(okData(await post(ctx, admin, 'goods/list', { stockAtMost: 0, categoryId: category })).list).toHaveLength(1);
    // A page past the end has no rows but still says how many match (the second count).
    expect(okData(await post(ctx, admin, 'goods/list', { categoryId: category, page: 2, pageSize: 10 }))).toMatchObject({
      page: 2,
      total: 2,
      list: [],
    });
    expect(okData(await post(ctx, admin, 'goods/list', { status: 'Published', categoryId: category })).list).toHaveLength(1);
    const edited = okData(await post(ctx, admin, 'goods/save', goods(category, { id: plain.id, version: plain.version, stock: 42 })));
    expect(edited.version).toBe(plain.version + 1);
    refused(await post(ctx, admin, 'goods/save', goods(category, { id: plain.id, version: plain.version, stock: 1 })), 8002);
    const [row] = await q<{ stock: number }>(ctx, 'select stock from store_goods where id = $1', [plain.id]);
    expect(row!.stock).toBe(42);
  });

  it('a change of one language of the name is logged, with the name in every language', async () => {
    const saved = okData(await post(ctx, admin, 'goods/save', goods(category, { name: name('保溫杯', 'Thermos') })));
    okData(
      await post(ctx, admin, 'goods/save', goods(category, { id: saved.id, version: saved.version, name: name('保溫杯', 'Vacuum flask') })),
    );
    const [log] = await q<{ before: { name: unknown }; after: { name: unknown } }>(
      ctx,
      `select before, after from operation_logs where action = 'OPERATION' order by id desc limit 1`,
    );
    expect(log!.before.name).toMatchObject({ zh_TW: '保溫杯', en: 'Thermos' });
    expect(log!.after.name).toMatchObject({ zh_TW: '保溫杯', en: 'Vacuum flask' });
  });

  it('bad input is an envelope error and writes nothing: negative price, stock below zero, unknown category, missing zh-TW, wrong types, unknown image', async () => {
    const theirs = await newCategory(otherAdmin, '他站商品分類');
    const f = await fingerprint(ctx);
    refused(await post(ctx, admin, 'goods/save', goods(category, { price: -1 })), 1000);
    refused(await post(ctx, admin, 'goods/save', goods(category, { price: 0 })), 1000);
    refused(await post(ctx, admin, 'goods/save', goods(category, { stock: -1 })), 1000);
    refused(await post(ctx, admin, 'goods/save', goods(category, { price: '100' })), 1000);
    refused(await post(ctx, admin, 'goods/save', goods(category, { stock: 1.5 })), 1000);
    refused(await post(ctx, admin, 'goods/save', goods(category, { name: name('', 'No Chinese') })), 1000);
    refused(await post(ctx, admin, 'goods/save', goods(category, { status: 'Live' })), 1000);
    refused(await post(ctx, admin, 'goods/save', goods(9_999_999)), 8003);
    refused(await post(ctx, admin, 'goods/save', goods(theirs.id)), 8003);
    refused(await post(ctx, admin, 'goods/save', goods(category, { imageIds: ['e'.repeat(64)] })), 5004);
    expect(await fingerprint(ctx)).toBe(f);
  });

  it("another site's goods are answered like nonexistent ones; goods with orders cannot be deleted", async () => {
    const otherCategory = await newCategory(otherAdmin, '他站2');
    const theirs = okData(await post(ctx, otherAdmin, 'goods/save', goods(otherCategory.id)));
    const f = await fingerprint(ctx);
    refused(await post(ctx, admin, 'goods/save', goods(category, { id: theirs.id, version: theirs.version })), 8001);
    refused(await del(ctx, admin, 'goods/delete', { id: theirs.id, version: theirs.version }), 8001);
    expect(await fingerprint(ctx)).toBe(f);
    const mine = okData(await post(ctx, admin, 'goods/save', goods(category)));
    okData(await del(ctx, admin, 'goods/delete', { id: mine.id, version: mine.version }));
    const kept = okData(await post(ctx, admin, 'goods/save', goods(category)));
    const [player] = await q<{ id: number }>(ctx, `select id from accounts where site_id = 'tw_web' and kind = 'PLAYER' limit 1`);
    await q(
      ctx,
      `insert into store_orders (site_id, player_id, goods_id, quantity, points, idempotency_key) values ('tw_web', $1, $2, 1, 100, 'kept-order-1')`,
      [player!.id, kept.id],
    );
    refused(await del(ctx, admin, 'goods/delete', { id: kept.id, version: kept.version }), 8011);
    await q(ctx, `delete from store_orders where idempotency_key = 'kept-order-1'`);
  });
});

describe('the points rate', () => {
  it('is read and changed with its version, and logged', async () => {
    const s = okData(body(await call(ctx.app, 'GET', '/api/manage/store/settings', undefined, { token: admin.token, site: 'tw_web' })));
    const saved = okData(await post(ctx, admin, 'settings', { pointsPer100: 7, version: s.version }));
    expect(saved).toEqual({ pointsPer100: 7, version: s.version + 1 });
    refused(await post(ctx, admin, 'settings', { pointsPer100: 8, version: s.version }), 8002);
    refused(await post(ctx, admin, 'settings', { pointsPer100: -1, version: saved.version }), 1000);
    refused(await post(ctx, admin, 'settings', { pointsPer100: 1.5, version: saved.version }), 1000);
  });
});

describe('permissions', () => {
  it('READ reads but cannot write; WRITE writes; other codes give nothing', async () => {
    const c = await newCategory(admin, '權限');
    const g = okData(await post(ctx, admin, 'goods/save', goods(c.id)));
    const reader = await agentWith(ctx, 'agentA01', ['STORE_CATEGORY_READ', 'STORE_GOODS_READ']);
    okData(await post(ctx, reader, 'category/list', {}));
    okData(await post(ctx, reader, 'goods/list', {}));
    const f = await fingerprint(ctx);
    refused(await post(ctx, reader, 'category/save', { name: name('讀者') }), 1006);
    refused(await post(ctx, reader, 'category/sort', { ids: [c.id] }), 1006);
    refused(await del(ctx, reader, 'category/delete', { id: c.id, version: c.version }), 1006);
    refused(await post(ctx, reader, 'goods/save', goods(c.id)), 1006);
    refused(await del(ctx, reader, 'goods/delete', { id: g.id, version: g.version }), 1006);
    refused(await post(ctx, reader, 'settings', { pointsPer100: 9, version: 1 }), 1006);
    expect(await fingerprint(ctx)).toBe(f);

    const writer = await agentWith(ctx, 'agentA01', ['STORE_CATEGORY_WRITE', 'STORE_GOODS_WRITE']);
    okData(await post(ctx, writer, 'category/list', {}));
    okData(await post(ctx, writer, 'category/save', { name: name('寫者') }));
    okData(await post(ctx, writer, 'goods/save', goods(c.id)));

    const other = await agentWith(ctx, 'agentA01', ['GAME_WRITE', 'CATEGORY_WRITE', 'STORE_ORDER_WRITE']);
    const f2 = await fingerprint(ctx);
    refused(await post(ctx, other, 'category/list', {}), 1006);
    refused(await post(ctx, other, 'goods/list', {}), 1006);
    refused(await post(ctx, other, 'category/save', { name: name('別的') }), 1006);
    refused(await post(ctx, other, 'goods/save', goods(c.id)), 1006);
    refused(await post(ctx, other, 'points/list', {}), 1006);
    expect(await fingerprint(ctx)).toBe(f2);
  });

  it('a shadow reads but never writes', async () => {
    const shadow = { token: await signinAs(ctx.app, 'shadow00') };
    const f = await fingerprint(ctx);
    const res = await post(ctx, shadow, 'category/save', { name: name('影子') });
    expect(res.success).toBe(false);
    expect([1006, 2006]).toContain(res.code);
    expect(await fingerprint(ctx)).toBe(f);
  });
});
