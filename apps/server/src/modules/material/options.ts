import { sql, type SQL } from 'drizzle-orm';
import { MATERIAL_GAME_SEARCH_MAX, type Game, type MaterialOptions, type materialGameSearchRequestSchema } from '@agent-bo/shared';
import { allLocales } from '../../lib/input.js';
import { gameColumns, gameFrom, gameTextMatch, toGame, type GameRow, type Input, type MaterialContext } from './common.js';

/** What the game editor chooses from: the site's categories (any status) and the providers it has games of. */
export async function materialOptions(ctx: MaterialContext): Promise<MaterialOptions> {
  const siteId = ctx.caller.siteId;
  const [categories, providers] = await Promise.all([
    ctx.db.execute<{ id: number; name: Record<string, string>; status: 'ACTIVE' | 'DISABLE' }>(
      sql`select id, name, status from game_categories where site_id = ${siteId} order by sort, id`,
    ),
    ctx.db.execute<{ code: string; name: string }>(sql`
      select p.code, p.name from providers p
       where exists (select 1 from games g where g.site_id = ${siteId} and g.provider_code = p.code)
          or exists (select 1 from site_providers sp where sp.site_id = ${siteId} and sp.provider_code = p.code)
       order by p.code`),
  ]);
  return {
    categories: categories.rows.map((c) => ({ id: c.id, name: allLocales(c.name), status: c.status })),
    providers: providers.rows,
  };
}

/** Games of the site for the module editor: listed ones whose code or any name contains `text`. */
export async function searchGames(ctx: MaterialContext, input: Input<typeof materialGameSearchRequestSchema>): Promise<Game[]> {
  const where: SQL[] = [sql`g.site_id = ${ctx.caller.siteId}`, sql`g.listed`];
  if (input.providerCode) where.push(sql`g.provider_code = ${input.providerCode}`);
  if (input.text) where.push(gameTextMatch(input.text));
  const res = await ctx.db.execute<GameRow>(sql`
    select ${gameColumns} from ${gameFrom} where ${sql.join(where, sql` and `)}
     order by g.sort, g.id limit ${MATERIAL_GAME_SEARCH_MAX}`);
  return res.rows.map(toGame);
}
