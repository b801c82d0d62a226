import { sql, type SQL } from 'drizzle-orm';
import {
  LOCALES,
  type Game,
  type GameList,
  type gameBulkStatusRequestSchema,
  type gameBulkTagRequestSchema,
  type gameListRequestSchema,
  type gameSaveRequestSchema,
  type LocalizedText,
  type MaterialSaved,
  type tagGamesRequestSchema,
  type tagSortRequestSchema,
} from '@agent-bo/shared';
import { assertWriter } from '../../core/access.js';
import { touchImages } from '../../core/images.js';
import { logTarget, writeLog } from '../../core/oplog.js';
import { reordered } from '../../core/ordering.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import { allLocales } from '../../lib/input.js';
import {
  pageTotal,
  gameColumns,
  gameTextMatch,
  gameFrom,
  materialChanged,
  toGame,
  type GameRow,
  type Input,
  type MaterialContext,
} from './common.js';

/**
 * The site's games (`/material/game`) and recommend management (`/material/tag`). Games are
 * created by the providers' catalogue pushes, never here; the operator edits its own fields.
 */

const SORT_COLUMNS = { sort: sql`g.sort`, code: sql`g.code`, provider: sql`g.provider_code`, updatedAt: sql`g.updated_at` } as const;

export async function listGames(ctx: MaterialContext, input: Input<typeof gameListRequestSchema>): Promise<GameList> {
  const where: SQL[] = [sql`g.site_id = ${ctx.caller.siteId}`];
  if (input.providerCode) where.push(sql`g.provider_code = ${input.providerCode}`);
  if (input.tag !== undefined) where.push(sql`g.tag = ${input.tag}`);
  if (input.status) where.push(sql`g.status = ${input.status}`);
  if (input.unavailable !== undefined) where.push(input.unavailable ? sql`not g.listed` : sql`g.listed`);
  if (input.text) where.push(gameTextMatch(input.text));
  const filtered = sql.join(where, sql` and `);
  // The category filter is on the category the game is filed under (chosen or mapped).
  const categoryFilter = input.categoryId === undefined ? sql`` : sql`where x.effective_category_id = ${input.categoryId}`;
  const direction = input.order === 'desc' ? sql`desc` : sql`asc`;
  const res = await ctx.db.execute<GameRow & { total: number }>(sql`
    select x.*, count(*) over ()::int as total
      from (select ${gameColumns}, ${SORT_COLUMNS[input.sortBy]} as sort_key from ${gameFrom} where ${filtered}) x
      ${categoryFilter}
     order by x.sort_key ${direction}, x.id ${direction}
     limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`);
  const total = await pageTotal(
    res.rows,
    input.page,
    async () =>
      (
        await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select ${gameColumns} from ${gameFrom} where ${filtered}) x ${categoryFilter}`)
      ).rows[0]?.n ?? 0,
  );
  return { page: input.page, pageSize: input.pageSize, total, list: res.rows.map(toGame) };
}

/** Games of the caller's site by id, locked in id order; all of them or MATERIAL_NOT_FOUND. */
async function lockGames(q: Q, siteId: string, ids: readonly number[]): Promise<GameRow[]> {
  const unique = [...new Set(ids)];
  const res = await q.execute<GameRow>(sql`
    select ${gameColumns} from ${gameFrom}
     where g.site_id = ${siteId} and g.id = any(${sql.param(unique)}::integer[])
     order by g.id for no key update of g`);
  if (res.rows.length !== unique.length) throw new AppError('MATERIAL_NOT_FOUND');
  return res.rows;
}

const logged = (
  g: Pick<Game, 'id' | 'providerCode' | 'code' | 'tag' | 'status' | 'sort' | 'visible' | 'categoryId' | 'imageId'> & {
    names: Game['names'];
  },
) => ({
  game: g.id,
  code: `${g.providerCode}/${g.code}`,
  names: g.names,
  imageId: g.imageId,
  categoryId: g.categoryId,
  tag: g.tag,
  status: g.status,
  sort: g.sort,
  visible: g.visible,
});

/** A game's name as the log names it: the operator's, else the provider's, else (zh_TW) its code. */
function gameName(g: Pick<Game, 'providerCode' | 'code' | 'providerNames'> & { names: Game['names'] }): LocalizedText {
  const name = Object.fromEntries(LOCALES.map((l) => [l, g.names[l] || g.providerNames[l] || ''])) as LocalizedText;
  return { ...name, zh_TW: name.zh_TW || `${g.providerCode}/${g.code}` };
}

/** The highest tag_sort among the site's games of `tag`, plus one: where a newly tagged game goes. */
async function nextTagSort(q: Q, siteId: string, tag: number): Promise<number> {
  const res = await q.execute<{ n: number }>(
    sql`select coalesce(max(tag_sort) + 1, 0)::int as n from games where site_id = ${siteId} and tag = ${tag}`,
  );
  return res.rows[0]?.n ?? 0;
}

export async function saveGame(ctx: MaterialContext, input: Input<typeof gameSaveRequestSchema>): Promise<MaterialSaved> {
  const { caller } = ctx;
  assertWriter(caller);
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await lockGames(tx, caller.siteId, [input.id]);
    const before = toGame(row!);
    if (before.version !== input.version) throw new AppError('MATERIAL_VERSION_STALE');
    if (input.categoryId !== null) {
      const found = await tx.execute(sql`select 1 from game_categories where id = ${input.categoryId} and site_id = ${caller.siteId}`);
      if (found.rows.length === 0) throw new AppError('MATERIAL_NOT_FOUND');
    }
    await touchImages(tx, [input.imageId], ctx.now());
    const tagSort = input.tag === before.tag ? row!.tag_sort : await nextTagSort(tx, caller.siteId, input.tag);
    const names = allLocales(input.names);
    const res = await tx.execute<{ version: number }>(sql`
      update games set names = ${JSON.stringify(names)}::jsonb, image_id = ${input.imageId}, category_id = ${input.categoryId},
             tag = ${input.tag}, tag_sort = ${tagSort}, status = ${input.status}, sort = ${input.sort}, visible = ${input.visible},
             version = version + 1, updated_by = ${caller.account.id}, updated_at = now()
       where id = ${input.id} returning version`);
    await writeLog(
      tx,
      ctx,
      logTarget('game', input.id, gameName({ ...before, names })),
      'OPERATION',
      logged(before),
      logged({ ...before, ...input, names }),
    );
    await materialChanged(tx, caller.siteId);
    return { id: input.id, version: res.rows[0]!.version };
  });
}

/**
 * One field of many games in one transaction (bulk status, bulk tag): every id must be the
 * site's or nothing changes. Returns how many changed (0: the grid says "data unchanged").
 */
async function bulkChange(
  ctx: MaterialContext,
  ids: readonly number[],
  field: 'status' | 'tag',
  value: string | number,
): Promise<{ changed: number }> {
  assertWriter(ctx.caller);
  return inTransaction(ctx.db, async (tx) => {
    const siteId = ctx.caller.siteId;
    const rows = await lockGames(tx, siteId, ids);
    const changing = rows.filter((r) => r[field] !== value);
    if (changing.length === 0) return { changed: 0 };
    // In the order given (the rows come locked in id order).
    const changingSet = new Set(changing.map((r) => r.id));
    const changingIds = [...new Set(ids)].filter((id) => changingSet.has(id));
    if (field === 'status') {
      await tx.execute(sql`
        update games set status = ${value}, version = version + 1, updated_by = ${ctx.caller.account.id}, updated_at = now()
         where id = any(${sql.param(changingIds)}::integer[])`);
    } else {
      // Newly tagged games go to the end of their tag's order, in the order given.
      const start = await nextTagSort(tx, siteId, Number(value));
      await tx.execute(sql`
        update games g set tag = ${value}, tag_sort = ${start} + o.pos - 1, version = g.version + 1,
               updated_by = ${ctx.caller.account.id}, updated_at = now()
          from unnest(${sql.param(changingIds)}::integer[]) with ordinality as o(id, pos)
         where g.id = o.id`);
    }
    await writeLog(
      tx,
      ctx,
      { ...logTarget('games', null), count: changing.length },
      'OPERATION',
      { games: changing.map((r) => ({ game: r.id, [field]: r[field] })) },
      { games: changing.map((r) => ({ game: r.id, [field]: value })) },
    );
    await materialChanged(tx, siteId);
    return { changed: changing.length };
  });
}

export const bulkGameStatus = (ctx: MaterialContext, input: Input<typeof gameBulkStatusRequestSchema>) =>
  bulkChange(ctx, input.ids, 'status', input.status);
export const bulkGameTag = (ctx: MaterialContext, input: Input<typeof gameBulkTagRequestSchema>) =>
  bulkChange(ctx, input.ids, 'tag', input.tag);

/** Recommend management: the site's games carrying `tag`, in their order. */
export async function tagGames(ctx: MaterialContext, input: Input<typeof tagGamesRequestSchema>): Promise<Game[]> {
  const res = await ctx.db.execute<GameRow>(sql`
    select ${gameColumns} from ${gameFrom}
     where g.site_id = ${ctx.caller.siteId} and g.tag = ${input.tag}
     order by g.tag_sort, g.id`);
  return res.rows.map(toGame);
}

/** A new order of the games carrying `tag`: these first, in this order; the others after, as they were. */
export async function sortTag(ctx: MaterialContext, input: Input<typeof tagSortRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, async (tx) => {
    const siteId = ctx.caller.siteId;
    const current = await tx.execute<{ id: number }>(sql`
      select id from games where site_id = ${siteId} and tag = ${input.tag} order by tag_sort, id for no key update`);
    const before = current.rows.map((r) => r.id);
    const order = reordered(before, input.ids, 'MATERIAL_NOT_FOUND');
    if (!order) return;
    await tx.execute(sql`
      update games g set tag_sort = o.pos, updated_by = ${ctx.caller.account.id}, updated_at = now()
        from unnest(${sql.param(order)}::integer[]) with ordinality as o(id, pos)
       where g.id = o.id`);
    await writeLog(
      tx,
      ctx,
      logTarget('gameTagOrder', input.tag),
      'OPERATION',
      { tag: input.tag, order: before },
      { tag: input.tag, order },
    );
    await materialChanged(tx, siteId);
  });
  return null;
}
