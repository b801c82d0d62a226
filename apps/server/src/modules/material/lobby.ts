import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SUCCESS_CODE, imageUrl, localized, type Lobby, type LobbyGame, type Locale, type LocalizedText } from '@agent-bo/shared';
import type { Q } from '../../core/tx.js';
import { gameColumns, gameFrom, lobbyState, type GameRow } from './common.js';

/**
 * The game client's lobby of a site (PRODUCT.md §6): what it shows now, in one language.
 * Only playable or under-maintenance games are served: a game the provider stopped listing,
 * a disabled one (by the operator, by the provider, or its provider disabled or not offered on
 * the site) and a hidden one never appear; a draft module or one outside its start/end neither.
 */

/** Everything of a site's lobby in every locale, read once; `render` makes one language of it. */
export interface LobbySnapshot {
  categories: { id: number; name: LocalizedText; iconImageId: string | null }[];
  games: (Omit<LobbyGame, 'name'> & { names: Partial<LocalizedText>; providerNames: Partial<LocalizedText> })[];
  modules: { id: number; title: LocalizedText; layout: Lobby['modules'][number]['layout']; gameIds: number[] }[];
  tags: Lobby['tags'];
  /** When a module starts or ends next: the snapshot is out of date from then on (null: never). */
  validUntil: Date | null;
}

export async function readLobby(q: Q, siteId: string, now: Date): Promise<LobbySnapshot> {
  const at = now.toISOString();
  const [categories, games, modules, boundary] = await Promise.all([
    q.execute<{ id: number; name: LocalizedText; icon_image_id: string | null }>(sql`
      select id, name, icon_image_id from game_categories where site_id = ${siteId} and status = 'ACTIVE' order by sort, id`),
    q.execute<GameRow>(sql`
      select ${gameColumns} from ${gameFrom}
       where g.site_id = ${siteId} and g.listed and g.visible
       order by g.sort, g.id`),
    q.execute<{ id: number; title: LocalizedText; layout: LobbySnapshot['modules'][number]['layout']; game_ids: number[] }>(sql`
      select m.id, m.title, m.layout,
             array(select mg.game_id from lobby_module_games mg where mg.module_id = m.id order by mg.position) as game_ids
        from lobby_modules m
       where m.site_id = ${siteId} and m.status = 'Published'
         and (m.start_at is null or m.start_at <= ${at}::timestamptz) and (m.end_at is null or m.end_at > ${at}::timestamptz)
       order by m.sort, m.id`),
    q.execute<{ at: Date | string | null }>(sql`
      select least(min(start_at) filter (where start_at > ${at}::timestamptz), min(end_at) filter (where end_at > ${at}::timestamptz)) as at
        from lobby_modules where site_id = ${siteId} and status = 'Published'`),
  ]);
  const activeCategories = new Set(categories.rows.map((c) => c.id));
  const served = games.rows
    .map((g) => ({
      g,
      state: lobbyState({
        listed: g.listed,
        status: g.status,
        providerStatus: g.provider_status,
        merchantStatus: g.merchant_status,
        offered: g.offered,
      }),
    }))
    .filter((x): x is { g: GameRow; state: 'ACTIVE' | 'MAINTAIN' } => x.state === 'ACTIVE' || x.state === 'MAINTAIN');
  const servedIds = new Set(served.map((x) => x.g.id));
  const byTag = (tag: number) =>
    served
      .filter((x) => x.g.tag === tag)
      .sort((a, b) => a.g.tag_sort - b.g.tag_sort || a.g.id - b.g.id)
      .map((x) => x.g.id);
  const until = boundary.rows[0]?.at;
  return {
    categories: categories.rows.map((c) => ({ id: c.id, name: c.name, iconImageId: c.icon_image_id })),
    games: served.map(({ g, state }) => ({
      id: g.id,
      providerCode: g.provider_code,
      code: g.code,
      names: g.names,
      providerNames: g.provider_names,
      imageUrl: g.image_id ? imageUrl(g.image_id) : g.thumbnail_url,
      categoryId: g.effective_category_id !== null && activeCategories.has(g.effective_category_id) ? g.effective_category_id : null,
      tag: g.tag as LobbyGame['tag'],
      state,
    })),
    modules: modules.rows.map((m) => ({
      id: m.id,
      title: m.title,
      layout: m.layout,
      gameIds: m.game_ids.filter((id) => servedIds.has(id)),
    })),
    tags: { hot: byTag(1), new: byTag(2), recommended: byTag(3) },
    validUntil: until ? new Date(until) : null,
  };
}

/** A game's name in `locale`: the operator's, else the provider's, each falling back to zh_TW; else its code. */
function gameName(g: LobbySnapshot['games'][number], locale: Locale): string {
  return localized(g.names, locale) || localized(g.providerNames, locale) || g.code;
}

export function renderLobby(snapshot: LobbySnapshot, locale: Locale): Lobby {
  return {
    locale,
    categories: snapshot.categories.map((c) => ({
      id: c.id,
      name: localized(c.name, locale),
      iconUrl: c.iconImageId ? imageUrl(c.iconImageId) : null,
    })),
    games: snapshot.games.map(({ names: _n, providerNames: _p, ...g }) => ({
      ...g,
      name: gameName({ ...g, names: _n, providerNames: _p }, locale),
    })),
    modules: snapshot.modules.map((m) => ({ id: m.id, title: localized(m.title, locale), layout: m.layout, gameIds: m.gameIds })),
    tags: snapshot.tags,
  };
}

/** One language of a lobby as sent: the envelope's JSON and its strong entity tag. */
export interface RenderedLobby {
  body: string;
  etag: string;
}

export function serializeLobby(lobby: Lobby): RenderedLobby {
  // The success envelope, as every route answers (plugins/envelope.ts `ok`).
  const body = JSON.stringify({ code: SUCCESS_CODE, message: '', success: true, data: lobby });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}
