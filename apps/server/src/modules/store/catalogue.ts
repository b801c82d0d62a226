import { sql, type SQL } from 'drizzle-orm';
import {
  imageUrl,
  type Goods,
  type GoodsList,
  type goodsListRequestSchema,
  type goodsSaveRequestSchema,
  type LocalizedText,
  type StoreCategory,
  type StoreCategoryList,
  type storeCategoryListRequestSchema,
  type storeCategorySaveRequestSchema,
  type storeDeleteRequestSchema,
  type StoreSaved,
  type StoreSettings,
  type storeSettingsSaveRequestSchema,
  type storeSortRequestSchema,
} from '@agent-bo/shared';
import { assertWriter } from '../../core/access.js';
import { touchImages } from '../../core/images.js';
import { logTarget, writeLog } from '../../core/oplog.js';
import { reorderSiteRows } from '../../core/ordering.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import { allLocales, containsPattern } from '../../lib/input.js';
import { mapNameTaken, readPage, siteTime, type Input, type StoreContext } from './common.js';

/**
 * The store's categories and goods (`/store/category`, `/store/goods`) and the site's points
 * rate. Everything is the caller's site's own: another site's id is STORE_NOT_FOUND, exactly as a
 * nonexistent one. Saves compare the version they read (STORE_VERSION_STALE); every write is
 * logged (OPERATION, before and after) in its transaction.
 */

// ---- categories

type CategoryRow = {
  id: number;
  site_id: string;
  name: LocalizedText;
  sort: number;
  status: StoreCategory['status'];
  goods_count: number;
  version: number;
  updated_by_no: string | null;
  updated_at: Date | string;
  total?: number;
};

const categoryColumns = sql`c.id, c.site_id, c.name, c.sort, c.status, c.version, u.account_no as updated_by_no, c.updated_at,
  (select count(*)::int from store_goods g where g.category_id = c.id) as goods_count`;
const categoryFrom = sql`store_categories c left join accounts u on u.id = c.updated_by`;

function toCategory(r: CategoryRow): StoreCategory {
  return {
    id: r.id,
    name: allLocales(r.name),
    sort: r.sort,
    status: r.status,
    goodsCount: r.goods_count,
    version: r.version,
    updatedBy: r.updated_by_no,
    updatedAt: siteTime(r.updated_at, r.site_id),
  };
}

const nameMatch = (col: SQL, text: string) =>
  sql`exists (select 1 from jsonb_each_text(${col}) n where n.value ilike ${containsPattern(text)})`;

export async function listCategories(ctx: StoreContext, input: Input<typeof storeCategoryListRequestSchema>): Promise<StoreCategoryList> {
  const where: SQL[] = [sql`c.site_id = ${ctx.caller.siteId}`];
  if (input.name) where.push(nameMatch(sql`c.name`, input.name));
  if (input.status) where.push(sql`c.status = ${input.status}`);
  const { rows, ...page } = await readPage<CategoryRow>(
    ctx.db,
    { columns: categoryColumns, from: categoryFrom, countFrom: sql`store_categories c`, where, order: sql`c.sort, c.id` },
    input,
  );
  return { ...page, list: rows.map(toCategory) };
}

async function findCategory(q: Q, siteId: string, id: number, lock = false): Promise<CategoryRow> {
  const res = await q.execute<CategoryRow>(
    sql`select ${categoryColumns} from ${categoryFrom} where c.id = ${id} and c.site_id = ${siteId} ${lock ? sql`for no key update of c` : sql``}`,
  );
  const row = res.rows[0];
  if (!row) throw new AppError('STORE_NOT_FOUND');
  return row;
}

const loggedCategory = (r: { id: number; name: LocalizedText; sort: number; status: string }) => ({
  storeCategory: r.id,
  name: r.name,
  sort: r.sort,
  status: r.status,
});

export async function saveCategory(ctx: StoreContext, input: Input<typeof storeCategorySaveRequestSchema>): Promise<StoreSaved> {
  const { caller } = ctx;
  assertWriter(caller);
  const name = allLocales(input.name);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      if (input.id === undefined) {
        const res = await tx.execute<StoreSaved>(sql`
          insert into store_categories (site_id, name, sort, status, created_by, updated_by)
          values (${caller.siteId}, ${JSON.stringify(name)}::jsonb, ${input.sort}, ${input.status}, ${caller.account.id}, ${caller.account.id})
          returning id, version`);
        const saved = res.rows[0]!;
        await writeLog(
          tx,
          ctx,
          logTarget('storeCategory', saved.id, name),
          'OPERATION',
          null,
          loggedCategory({ ...input, id: saved.id, name }),
        );
        return saved;
      }
      const before = await findCategory(tx, caller.siteId, input.id, true);
      if (before.version !== input.version) throw new AppError('STORE_VERSION_STALE');
      const res = await tx.execute<StoreSaved>(sql`
        update store_categories
           set name = ${JSON.stringify(name)}::jsonb, sort = ${input.sort}, status = ${input.status}, version = version + 1,
               updated_by = ${caller.account.id}, updated_at = now()
         where id = ${input.id} returning id, version`);
      await writeLog(
        tx,
        ctx,
        logTarget('storeCategory', input.id, name),
        'OPERATION',
        loggedCategory(before),
        loggedCategory({ ...input, id: input.id, name }),
      );
      return res.rows[0]!;
    });
  } catch (err) {
    mapNameTaken(err);
  }
}

/** Deletes an empty category (STORE_CATEGORY_IN_USE while goods are filed under it). */
export async function deleteCategory(ctx: StoreContext, input: Input<typeof storeDeleteRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, async (tx) => {
    const before = await findCategory(tx, ctx.caller.siteId, input.id, true);
    if (before.version !== input.version) throw new AppError('STORE_VERSION_STALE');
    if (before.goods_count > 0) throw new AppError('STORE_CATEGORY_IN_USE');
    await tx.execute(sql`delete from store_categories where id = ${input.id}`);
    await writeLog(tx, ctx, logTarget('storeCategory', before.id, allLocales(before.name)), 'OPERATION', loggedCategory(before), null);
  });
  return null;
}

/** The order of the categories: these first, in this order; the rest after, as they were. */
export async function sortCategories(ctx: StoreContext, input: Input<typeof storeSortRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, (tx) =>
    reorderSiteRows(tx, ctx, 'store_categories', input.ids, {
      logKey: 'storeCategoryOrder',
      target: 'storeCategoryOrder',
      notFound: 'STORE_NOT_FOUND',
    }),
  );
  return null;
}

// ---- goods

type GoodsRow = {
  id: number;
  site_id: string;
  category_id: number;
  category_name: LocalizedText;
  name: LocalizedText;
  description: LocalizedText;
  image_ids: string[];
  price: number;
  stock: number;
  per_player_limit: number | null;
  status: Goods['status'];
  sort: number;
  redeemed: number;
  version: number;
  updated_by_no: string | null;
  updated_at: Date | string;
  total?: number;
};

const goodsColumns = sql`g.id, g.site_id, g.category_id, c.name as category_name, g.name, g.description, g.image_ids, g.price, g.stock,
  g.per_player_limit, g.status, g.sort, g.version, u.account_no as updated_by_no, g.updated_at,
  (select coalesce(sum(o.quantity), 0)::int from store_orders o where o.goods_id = g.id and o.status <> 'Cancelled') as redeemed`;
const goodsFrom = sql`store_goods g join store_categories c on c.id = g.category_id left join accounts u on u.id = g.updated_by`;

function toGoods(r: GoodsRow): Goods {
  return {
    id: r.id,
    categoryId: r.category_id,
    categoryName: allLocales(r.category_name),
    name: allLocales(r.name),
    description: allLocales(r.description),
    imageIds: r.image_ids,
    imageUrls: r.image_ids.map(imageUrl),
    price: r.price,
    stock: r.stock,
    perPlayerLimit: r.per_player_limit,
    status: r.status,
    sort: r.sort,
    redeemed: r.redeemed,
    version: r.version,
    updatedBy: r.updated_by_no,
    updatedAt: siteTime(r.updated_at, r.site_id),
  };
}

export async function listGoods(ctx: StoreContext, input: Input<typeof goodsListRequestSchema>): Promise<GoodsList> {
  const where: SQL[] = [sql`g.site_id = ${ctx.caller.siteId}`];
  if (input.name) where.push(nameMatch(sql`g.name`, input.name));
  if (input.categoryId !== undefined) where.push(sql`g.category_id = ${input.categoryId}`);
  if (input.status) where.push(sql`g.status = ${input.status}`);
  if (input.stockAtMost !== undefined) where.push(sql`g.stock <= ${input.stockAtMost}`);
  const { rows, ...page } = await readPage<GoodsRow>(
    ctx.db,
    { columns: goodsColumns, from: goodsFrom, countFrom: sql`store_goods g`, where, order: sql`g.sort, g.id` },
    input,
  );
  return { ...page, list: rows.map(toGoods) };
}

async function findGoods(q: Q, siteId: string, id: number, lock = false): Promise<GoodsRow> {
  const res = await q.execute<GoodsRow>(
    sql`select ${goodsColumns} from ${goodsFrom} where g.id = ${id} and g.site_id = ${siteId} ${lock ? sql`for no key update of g` : sql``}`,
  );
  const row = res.rows[0];
  if (!row) throw new AppError('STORE_NOT_FOUND');
  return row;
}

const loggedGoods = (r: {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  category_id?: number;
  categoryId?: number;
  price: number;
  stock: number;
  status: string;
  sort: number;
  per_player_limit?: number | null;
  perPlayerLimit?: number | null;
  image_ids?: string[];
  imageIds?: string[];
}) => ({
  storeGoods: r.id,
  name: r.name,
  description: r.description,
  category: r.category_id ?? r.categoryId,
  price: r.price,
  stock: r.stock,
  perPlayerLimit: r.per_player_limit ?? r.perPlayerLimit ?? null,
  status: r.status,
  sort: r.sort,
  images: r.image_ids ?? r.imageIds ?? [],
});

export async function saveGoods(ctx: StoreContext, input: Input<typeof goodsSaveRequestSchema>): Promise<StoreSaved> {
  const { caller } = ctx;
  assertWriter(caller);
  const name = allLocales(input.name);
  const description = allLocales(input.description);
  const imageIds = [...new Set(input.imageIds)];
  return inTransaction(ctx.db, async (tx) => {
    const category = await tx.execute(
      sql`select 1 from store_categories where id = ${input.categoryId} and site_id = ${caller.siteId} for key share`,
    );
    if (category.rows.length === 0) throw new AppError('STORE_CATEGORY_UNKNOWN');
    await touchImages(tx, imageIds, ctx.now());
    const after = { ...input, id: input.id ?? 0, name, description, imageIds };
    if (input.id === undefined) {
      const res = await tx.execute<StoreSaved>(sql`
        insert into store_goods (site_id, category_id, name, description, image_ids, price, stock, per_player_limit, status, sort,
                                 created_by, updated_by)
        values (${caller.siteId}, ${input.categoryId}, ${JSON.stringify(name)}::jsonb, ${JSON.stringify(description)}::jsonb,
                ${sql.param(imageIds)}::text[], ${input.price}, ${input.stock}, ${input.perPlayerLimit}, ${input.status}, ${input.sort},
                ${caller.account.id}, ${caller.account.id})
        returning id, version`);
      const saved = res.rows[0]!;
      await writeLog(tx, ctx, logTarget('storeGoods', saved.id, name), 'OPERATION', null, loggedGoods({ ...after, id: saved.id }));
      return saved;
    }
    const before = await findGoods(tx, caller.siteId, input.id, true);
    if (before.version !== input.version) throw new AppError('STORE_VERSION_STALE');
    const res = await tx.execute<StoreSaved>(sql`
      update store_goods
         set category_id = ${input.categoryId}, name = ${JSON.stringify(name)}::jsonb, description = ${JSON.stringify(description)}::jsonb,
             image_ids = ${sql.param(imageIds)}::text[], price = ${input.price}, stock = ${input.stock},
             per_player_limit = ${input.perPlayerLimit}, status = ${input.status}, sort = ${input.sort}, version = version + 1,
             updated_by = ${caller.account.id}, updated_at = now()
       where id = ${input.id} returning id, version`);
    await writeLog(tx, ctx, logTarget('storeGoods', input.id, name), 'OPERATION', loggedGoods(before), loggedGoods(after));
    return res.rows[0]!;
  });
}

/**
 * Deletes goods nobody has ordered; goods with orders stay (the orders name them) and are
 * unpublished instead (STORE_GOODS_HAS_ORDERS).
 */
export async function deleteGoods(ctx: StoreContext, input: Input<typeof storeDeleteRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, async (tx) => {
    const before = await findGoods(tx, ctx.caller.siteId, input.id, true);
    if (before.version !== input.version) throw new AppError('STORE_VERSION_STALE');
    const orders = await tx.execute(sql`select 1 from store_orders where goods_id = ${input.id} limit 1`);
    if (orders.rows.length > 0) throw new AppError('STORE_GOODS_HAS_ORDERS');
    await tx.execute(sql`delete from store_goods where id = ${input.id}`);
    await writeLog(tx, ctx, logTarget('storeGoods', before.id, allLocales(before.name)), 'OPERATION', loggedGoods(before), null);
  });
  return null;
}

// ---- the points rate

export async function readSettings(q: Q, siteId: string): Promise<StoreSettings> {
  const res = await q.execute<{ points_per_100: number; version: number }>(
    sql`select points_per_100, version from store_settings where site_id = ${siteId}`,
  );
  const row = res.rows[0];
  // No row yet: nothing earned, version 1 (the first save inserts it).
  return { pointsPer100: row?.points_per_100 ?? 0, version: row?.version ?? 1 };
}

export async function saveSettings(ctx: StoreContext, input: Input<typeof storeSettingsSaveRequestSchema>): Promise<StoreSettings> {
  assertWriter(ctx.caller);
  const siteId = ctx.caller.siteId;
  return inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`insert into store_settings (site_id) values (${siteId}) on conflict (site_id) do nothing`);
    const current = await tx.execute<{ points_per_100: number; version: number }>(
      sql`select points_per_100, version from store_settings where site_id = ${siteId} for no key update`,
    );
    const before = current.rows[0]!;
    if (before.version !== input.version) throw new AppError('STORE_VERSION_STALE');
    const res = await tx.execute<{ points_per_100: number; version: number }>(sql`
      update store_settings set points_per_100 = ${input.pointsPer100}, version = version + 1, updated_by = ${ctx.caller.account.id},
             updated_at = now()
       where site_id = ${siteId} returning points_per_100, version`);
    await writeLog(
      tx,
      ctx,
      logTarget('storeSettings', null),
      'OPERATION',
      { pointsPer100: before.points_per_100 },
      { pointsPer100: input.pointsPer100 },
    );
    const row = res.rows[0]!;
    return { pointsPer100: row.points_per_100, version: row.version };
  });
}
