import { sql, type SQL } from 'drizzle-orm';
import {
  siteTimeZone,
  type LobbyModule,
  type LocalizedText,
  type MaterialSaved,
  type ModuleDetail,
  type ModuleList,
  type materialDeleteRequestSchema,
  type materialSortRequestSchema,
  type moduleListRequestSchema,
  type moduleSaveRequestSchema,
} from '@agent-bo/shared';
import { assertWriter } from '../../core/access.js';
import { logTarget, writeLog } from '../../core/oplog.js';
import { reorderSiteRows } from '../../core/ordering.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import { allLocales, containsPattern, siteInstant } from '../../lib/input.js';
import {
  pageTotal,
  gameColumns,
  gameFrom,
  materialChanged,
  siteTime,
  toGame,
  type GameRow,
  type Input,
  type MaterialContext,
} from './common.js';

/**
 * Lobby modules (`/material/collection`, "module management"): ordered modules with a title,
 * a layout, publish status, an optional start/end and an ordered list of the site's games.
 */

type ModuleRow = {
  id: number;
  site_id: string;
  title: LocalizedText;
  layout: LobbyModule['layout'];
  status: LobbyModule['status'];
  start_at: Date | string | null;
  end_at: Date | string | null;
  sort: number;
  version: number;
  updated_by_no: string | null;
  updated_at: Date | string;
  game_ids: number[];
  total?: number;
};

const columns = sql`m.id, m.site_id, m.title, m.layout, m.status, m.start_at, m.end_at, m.sort, m.version,
  u.account_no as updated_by_no, m.updated_at,
  array(select mg.game_id from lobby_module_games mg where mg.module_id = m.id order by mg.position) as game_ids`;
const from = sql`lobby_modules m left join accounts u on u.id = m.updated_by`;

function toModule(r: ModuleRow): LobbyModule {
  return {
    id: r.id,
    title: allLocales(r.title),
    layout: r.layout,
    status: r.status,
    startAt: siteTime(r.start_at, r.site_id),
    endAt: siteTime(r.end_at, r.site_id),
    sort: r.sort,
    gameIds: r.game_ids,
    version: r.version,
    updatedBy: r.updated_by_no,
    updatedAt: siteTime(r.updated_at, r.site_id)!,
  };
}

export async function listModules(ctx: MaterialContext, input: Input<typeof moduleListRequestSchema>): Promise<ModuleList> {
  const where: SQL[] = [sql`m.site_id = ${ctx.caller.siteId}`];
  if (input.title) where.push(sql`exists (select 1 from jsonb_each_text(m.title) n where n.value ilike ${containsPattern(input.title)})`);
  if (input.status) where.push(sql`m.status = ${input.status}`);
  const res = await ctx.db.execute<ModuleRow>(sql`
    select ${columns}, count(*) over ()::int as total from ${from}
     where ${sql.join(where, sql` and `)}
     order by m.sort, m.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`);
  const count = sql`select count(*)::int as n from lobby_modules m where ${sql.join(where, sql` and `)}`;
  const total = await pageTotal(res.rows, input.page, async () => (await ctx.db.execute<{ n: number }>(count)).rows[0]?.n ?? 0);
  return { page: input.page, pageSize: input.pageSize, total, list: res.rows.map(toModule) };
}

async function findModule(q: Q, siteId: string, id: number, lock = false): Promise<ModuleRow> {
  const res = await q.execute<ModuleRow>(
    sql`select ${columns} from ${from} where m.id = ${id} and m.site_id = ${siteId} ${lock ? sql`for no key update of m` : sql``}`,
  );
  const row = res.rows[0];
  if (!row) throw new AppError('MATERIAL_NOT_FOUND');
  return row;
}

/** A module with its games in order (each as the games screen shows it). */
export async function moduleDetail(ctx: MaterialContext, id: number): Promise<ModuleDetail> {
  const row = await findModule(ctx.db, ctx.caller.siteId, id);
  const games = await ctx.db.execute<GameRow>(sql`
    select ${gameColumns} from lobby_module_games mg join ${gameFrom} on g.id = mg.game_id
     where mg.module_id = ${row.id} order by mg.position`);
  return { module: toModule(row), games: games.rows.map(toGame) };
}

const logged = (m: {
  id: number;
  title: LocalizedText;
  layout: string;
  status: string;
  startAt: string | null;
  endAt: string | null;
  sort: number;
  gameIds: number[];
}) => ({
  module: m.id,
  title: m.title,
  layout: m.layout,
  status: m.status,
  startAt: m.startAt,
  endAt: m.endAt,
  sort: m.sort,
  games: m.gameIds,
});

export async function saveModule(ctx: MaterialContext, input: Input<typeof moduleSaveRequestSchema>): Promise<MaterialSaved> {
  const { caller } = ctx;
  assertWriter(caller);
  if (new Set(input.gameIds).size !== input.gameIds.length) throw new AppError('MODULE_GAME_TWICE');
  const tz = siteTimeZone(caller.siteId);
  const startAt = input.startAt ? siteInstant(input.startAt, tz, 'startAt') : null;
  const endAt = input.endAt ? siteInstant(input.endAt, tz, 'endAt') : null;
  const title = allLocales(input.title);
  return inTransaction(ctx.db, async (tx) => {
    if (input.gameIds.length) {
      const found = await tx.execute(
        sql`select id from games where site_id = ${caller.siteId} and id = any(${sql.param(input.gameIds)}::integer[])`,
      );
      if (found.rows.length !== input.gameIds.length) throw new AppError('MATERIAL_NOT_FOUND');
    }
    let saved: MaterialSaved;
    let before: LobbyModule | null = null;
    if (input.id === undefined) {
      const res = await tx.execute<{ id: number; version: number }>(sql`
        insert into lobby_modules (site_id, title, layout, status, start_at, end_at, sort, created_by, updated_by)
        values (${caller.siteId}, ${JSON.stringify(title)}::jsonb, ${input.layout}, ${input.status}, ${startAt}, ${endAt}, ${input.sort},
                ${caller.account.id}, ${caller.account.id})
        returning id, version`);
      saved = res.rows[0]!;
    } else {
      const row = await findModule(tx, caller.siteId, input.id, true);
      if (row.version !== input.version) throw new AppError('MATERIAL_VERSION_STALE');
      before = toModule(row);
      const res = await tx.execute<{ id: number; version: number }>(sql`
        update lobby_modules set title = ${JSON.stringify(title)}::jsonb, layout = ${input.layout}, status = ${input.status},
               start_at = ${startAt}, end_at = ${endAt}, sort = ${input.sort}, version = version + 1,
               updated_by = ${caller.account.id}, updated_at = now()
         where id = ${input.id} returning id, version`);
      saved = res.rows[0]!;
      await tx.execute(sql`delete from lobby_module_games where module_id = ${saved.id}`);
    }
    if (input.gameIds.length) {
      await tx.execute(sql`
        insert into lobby_module_games (module_id, game_id, position)
        select ${saved.id}, o.id, o.pos from unnest(${sql.param(input.gameIds)}::integer[]) with ordinality as o(id, pos)`);
    }
    const after = { ...input, id: saved.id, title, startAt: input.startAt, endAt: input.endAt };
    await writeLog(tx, ctx, logTarget('lobbyModule', saved.id, title), 'OPERATION', before ? logged(before) : null, logged(after));
    await materialChanged(tx, caller.siteId);
    return saved;
  });
}

export async function deleteModule(ctx: MaterialContext, input: Input<typeof materialDeleteRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, async (tx) => {
    const row = await findModule(tx, ctx.caller.siteId, input.id, true);
    if (row.version !== input.version) throw new AppError('MATERIAL_VERSION_STALE');
    await tx.execute(sql`delete from lobby_modules where id = ${input.id}`);
    await writeLog(tx, ctx, logTarget('lobbyModule', row.id, allLocales(row.title)), 'OPERATION', logged(toModule(row)), null);
    await materialChanged(tx, ctx.caller.siteId);
  });
  return null;
}

/** The lobby order of the modules: these first, in this order; the rest after, as they were. */
export async function sortModules(ctx: MaterialContext, input: Input<typeof materialSortRequestSchema>): Promise<null> {
  assertWriter(ctx.caller);
  await inTransaction(ctx.db, async (tx) => {
    const moved = await reorderSiteRows(tx, ctx, 'lobby_modules', input.ids, {
      logKey: 'moduleOrder',
      target: 'lobbyModuleOrder',
      notFound: 'MATERIAL_NOT_FOUND',
    });
    if (moved) await materialChanged(tx, ctx.caller.siteId);
  });
  return null;
}
