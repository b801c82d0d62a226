import { sql, type SQL } from 'drizzle-orm';
import {
  imageUrl,
  type Category,
  type CategoryList,
  type categoryListRequestSchema,
  type categorySaveRequestSchema,
  type LocalizedText,
  type MaterialSaved,
  type materialDeleteRequestSchema,
  type materialSortRequestSchema,
} from '@agent-bo/shared';
import { assertWriter } from '../../core/access.js';
import { touchImages } from '../../core/images.js';
import { logTarget, writeLog } from '../../core/oplog.js';
import { reorderSiteRows } from '../../core/ordering.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import { allLocales, containsPattern } from '../../lib/input.js';
import { pageTotal, mapNameTaken, materialChanged, siteTime, type Input, type MaterialContext } from './common.js';

/**
 * The site's lobby categories (`/material/category`): per-locale name, icon, sort, status and
 * the provider categories they gather. A site's own; another site's id is MATERIAL_NOT_FOUND.
 */

type CategoryRow = {
  id: number;
  site_id: string;
  name: LocalizedText;
  icon_image_id: string | null;
  sort: number;
  status: Category['status'];
  provider_categories: Category['providerCategories'];
  game_count: number;
  version: number;
  updated_by_no: string | null;
  updated_at: Date | string;
  total?: number;
};

const columns = sql`c.id, c.site_id, c.name, c.icon_image_id, c.sort, c.status, c.provider_categories, c.version,
  u.account_no as updated_by_no, c.updated_at,
  (select count(*)::int from games g where g.site_id = c.site_id and g.listed and
     coalesce(g.category_id, (select c2.id from game_categories c2 where c2.site_id = g.site_id and g.provider_category = any(c2.provider_categories)
                              order by c2.sort, c2.id limit 1)) = c.id) as game_count`;
const from = sql`game_categories c left join accounts u on u.id = c.updated_by`;

function toCategory(r: CategoryRow): Category {
  return {
    id: r.id,
    name: allLocales(r.name),
    iconImageId: r.icon_image_id,
    iconUrl: r.icon_image_id ? imageUrl(r.icon_image_id) : null,
    sort: r.sort,
    status: r.status,
    providerCategories: r.provider_categories,
    gameCount: r.game_count,
    version: r.version,
    updatedBy: r.updated_by_no,
    updatedAt: siteTime(r.updated_at, r.site_id)!,
  };
}

export async function listCategories(ctx: MaterialContext, input: Input<typeof categoryListRequestSchema>): Promise<CategoryList> {
  const where: SQL[] = [sql`c.site_id = ${ctx.caller.siteId}`];
  if (input.name) where.push(sql`exists (select 1 from jsonb_each_text(c.name) n where n.value ilike ${containsPattern(input.name)})`);
  if (input.status) where.push(sql`c.status = ${input.status}`);
  const res = await ctx.db.execute<CategoryRow>(sql`
    select ${columns}, count(*) over ()::int as total from ${from}
     where ${sql.join(where, sql` and `)}
     order by c.sort, c.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`);
  const count = sql`select count(*)::int as n from game_categories c where ${sql.join(where, sql` and `)}`;
  const total = await pageTotal(res.rows, input.page, async () => (await ctx.db.execute<{ n: number }>(count)).rows[0]?.n ?? 0);
  return { page: input.page, pageSize: input.pageSize, total, list: res.rows.map(toCategory) };
}

async function findCategory(q: Q, siteId: string, id: number, lock = false): Promise<CategoryRow> {
  const res = await q.execute<CategoryRow>(
    sql`select ${columns} from ${from} where c.id = ${id} and c.site_id = ${siteId} ${lock ? sql`for no key update of c` : sql``}`,
  );
  const row = res.rows[0];
  if (!row) throw new AppError('MATERIAL_NOT_FOUND');
  return row;
}

const logged = (r: {
  id: number;
  name: LocalizedText;
  sort: number;
  status: string;
  provider_categories?: string[];
  providerCategories?: string[];
  icon_image_id?: string | null;
  iconImageId?: string | null;
}) => ({
  category: r.id,
  name: r.name,
  sort: r.sort,
  status: r.status,
  providerCategories: r.provider_categories ?? r.providerCategories ?? [],
  icon: r.icon_image_id ?? r.iconImageId ?? null,
});

export async function saveCategory(ctx: MaterialContext, input: Input<typeof categorySaveRequestSchema>): Promise<MaterialSaved> {
  const { caller } = ctx;
  assertWriter(caller);
  const name = allLocales(input.name);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      await touchImages(tx, [input.iconImageId], ctx.now());
      let saved: MaterialSaved;
      if (input.id === undefined) {
        const res = await tx.execute<{ id: number; version: number }>(sql`
          insert into game_categories (site_id, name, icon_image_id, sort, status, provider_categories, created_by, updated_by)
          values (${caller.siteId}, ${JSON.stringify(name)}::jsonb, ${input.iconImageId}, ${input.sort}, ${input.status},
                  ${sql.param(input.providerCategories)}::text[], ${caller.account.id}, ${caller.account.id})
          returning id, version`);
        saved = res.rows[0]!;
        await writeLog(tx, ctx, logTarget('gameCategory', saved.id, name), 'OPERATION', null, logged({ ...input, id: saved.id, name }));
      } else {
        const before = await findCategory(tx, caller.siteId, input.id, true);
        if (before.version !== input.version) throw new AppError('MATERIAL_VERSION_STALE');
        const res = await tx.execute<{ id: number; version: number }>(sql`
          update game_categories
             set name = ${JSON.stringify(name)}::jsonb, icon_image_id = ${input.iconImageId}, sort = ${input.sort}, status = ${input.status},
                 provider_categories = ${sql.param(input.providerCategories)}::text[], version = version + 1,
                 updated_by = ${caller.account.id}, updated_at = now()
           where id = ${input.id} returning id, version`);
        saved = res.rows[0]!;
        await writeLog(
          tx,
          ctx,
          logTarget('gameCategory', saved.id, name),
          'OPERATION',
          logged(before),
          logged({ ...input, id: saved.id, name }),
        );
      }
      await materialChanged(tx, caller.siteId);
      return saved;
    });
  } catch (err) {
    mapNameTaken(err, 'game_categories_site_name_idx');
  }
}

/** Deletes a category: its games lose the choice (filed again by their provider category). */
export async function deleteCategory(ctx: MaterialContext, input: Input<typeof materialDeleteRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, async (tx) => {
    const before = await findCategory(tx, ctx.caller.siteId, input.id, true);
    if (before.version !== input.version) throw new AppError('MATERIAL_VERSION_STALE');
    await tx.execute(sql`delete from game_categories where id = ${input.id}`);
    await writeLog(tx, ctx, logTarget('gameCategory', before.id, allLocales(before.name)), 'OPERATION', logged(before), null);
    await materialChanged(tx, ctx.caller.siteId);
  });
  return null;
}

/** The lobby order of the categories: these first, in this order; the rest after, as they were. */
export async function sortCategories(ctx: MaterialContext, input: Input<typeof materialSortRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, async (tx) => {
    const moved = await reorderSiteRows(tx, ctx, 'game_categories', input.ids, {
      logKey: 'categoryOrder',
      target: 'gameCategoryOrder',
      notFound: 'MATERIAL_NOT_FOUND',
    });
    if (moved) await materialChanged(tx, ctx.caller.siteId);
  });
  return null;
}
