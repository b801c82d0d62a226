import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  imageUrl,
  siteTimeZone,
  type Game,
  type GameLobbyState,
  type GameStatus,
  type GameTag,
  type LocalizedText,
} from '@agent-bo/shared';
import { MATERIAL_CHANNEL, notifySite } from '../../core/channels.js';
import type { Caller } from '../../core/caller.js';
import type { Q } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { allLocales, containsPattern } from '../../lib/input.js';
import { isUniqueViolation } from '../../db/errors.js';

/**
 * What the material services share: the context of a request, the game row as every screen and
 * the lobby read it, the stricter-status rule, and the notification that drops cached lobbies.
 */

export interface MaterialContext {
  db: Db;
  caller: Caller;
  ip: string;
  now: () => Date;
}

export type Input<S extends z.ZodType> = z.output<S>;

/** Every process drops its cached lobby of the site when this transaction commits. */
export function materialChanged(q: Q, siteId: string): Promise<void> {
  return notifySite(q, MATERIAL_CHANNEL, siteId);
}

const SEVERITY: Record<GameStatus, number> = { ACTIVE: 0, MAINTAIN: 1, DISABLE: 2 };

/**
 * The lobby's view of a game: UNAVAILABLE once its provider stopped listing it; otherwise the
 * strictest of the operator's status, the provider's status for the game and the provider's
 * status on the site, and DISABLE when the site does not offer the provider.
 */
export function lobbyState(g: {
  listed: boolean;
  status: GameStatus;
  providerStatus: GameStatus;
  merchantStatus: GameStatus | null;
  offered: boolean;
}): GameLobbyState {
  if (!g.listed) return 'UNAVAILABLE';
  if (!g.offered) return 'DISABLE';
  const statuses = [g.status, g.providerStatus, g.merchantStatus ?? 'DISABLE'];
  return statuses.reduce((a, b) => (SEVERITY[b] > SEVERITY[a] ? b : a), 'ACTIVE' as GameStatus);
}

/** basis points of a percent → "96.5" (null stays null). */
export function rtpText(bp: number | null): string | null {
  if (bp === null) return null;
  const whole = Math.trunc(bp / 100);
  const cents = bp % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** "96.5" → 9650: decimal text to integer basis points without floating point. */
export function rtpBasisPoints(text: string | undefined): number | null {
  if (text === undefined) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export type GameRow = {
  id: number;
  site_id: string;
  provider_code: string;
  code: string;
  provider_names: Partial<LocalizedText>;
  provider_category: Game['providerCategory'];
  rtp_bp: number | null;
  thumbnail_url: string | null;
  provider_status: GameStatus;
  listed: boolean;
  names: LocalizedText;
  image_id: string | null;
  category_id: number | null;
  effective_category_id: number | null;
  tag: number;
  tag_sort: number;
  status: GameStatus;
  sort: number;
  visible: boolean;
  version: number;
  updated_by_no: string | null;
  updated_at: Date | string;
  merchant_status: GameStatus | null;
  offered: boolean;
};

/**
 * The columns of GameRow over `games g` and its joins (gameFrom): the category it is filed
 * under (the chosen one, else the first by sort of the site's categories mapping its provider
 * category) and the provider's standing on the site.
 */
export const gameColumns = sql`g.id, g.site_id, g.provider_code, g.code, g.provider_names, g.provider_category, g.rtp_bp,
  g.thumbnail_url, g.provider_status, g.listed, g.names, g.image_id, g.category_id,
  coalesce(g.category_id, (select c.id from game_categories c
                            where c.site_id = g.site_id and g.provider_category = any(c.provider_categories)
                            order by c.sort, c.id limit 1)) as effective_category_id,
  g.tag, g.tag_sort, g.status, g.sort, g.visible, g.version, u.account_no as updated_by_no, g.updated_at,
  pm.status as merchant_status, (sp.site_id is not null) as offered`;

export const gameFrom = sql`games g
  left join accounts u on u.id = g.updated_by
  left join provider_merchants pm on pm.site_id = g.site_id and pm.provider_code = g.provider_code
  left join site_providers sp on sp.site_id = g.site_id and sp.provider_code = g.provider_code`;

const instant = (d: Date | string) => (d instanceof Date ? d : new Date(d));

export function toGame(r: GameRow): Game {
  const providerNames = allLocales(r.provider_names);
  return {
    id: r.id,
    providerCode: r.provider_code,
    code: r.code,
    names: allLocales(r.names),
    providerNames,
    imageId: r.image_id,
    imageUrl: r.image_id ? imageUrl(r.image_id) : r.thumbnail_url,
    thumbnailUrl: r.thumbnail_url,
    categoryId: r.category_id,
    effectiveCategoryId: r.effective_category_id,
    providerCategory: r.provider_category,
    rtp: rtpText(r.rtp_bp),
    tag: r.tag as GameTag,
    status: r.status,
    providerStatus: r.provider_status,
    listed: r.listed,
    lobbyState: lobbyState({
      listed: r.listed,
      status: r.status,
      providerStatus: r.provider_status,
      merchantStatus: r.merchant_status,
      offered: r.offered,
    }),
    sort: r.sort,
    visible: r.visible,
    version: r.version,
    updatedBy: r.updated_by_no,
    updatedAt: formatDateTime(instant(r.updated_at), siteTimeZone(r.site_id)),
  };
}

/** Site wall-clock text of an instant (null stays null). */
export function siteTime(at: Date | string | null, siteId: string): string | null {
  return at === null ? null : formatDateTime(instant(at), siteTimeZone(siteId));
}

/** A unique index of the material (a category name taken) → MATERIAL_NAME_TAKEN; anything else rethrown. */
export function mapNameTaken(err: unknown, constraint: string): never {
  if (isUniqueViolation(err, constraint)) throw new AppError('MATERIAL_NAME_TAKEN');
  throw err;
}

/** Games whose code or any locale's name (the operator's or the provider's) contains `text`. */
export function gameTextMatch(text: string): SQL {
  const like = containsPattern(text);
  return sql`(g.code ilike ${like}
    or exists (select 1 from jsonb_each_text(g.names) n where n.value ilike ${like})
    or exists (select 1 from jsonb_each_text(g.provider_names) n where n.value ilike ${like}))`;
}

/**
 * The number of matching rows of a page read with `count(*) over ()` as `total`: an empty page
 * past the end has none, so then `count` is asked.
 */
export async function pageTotal(rows: readonly { total?: number }[], page: number, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0]!.total ?? 0;
  return page > 1 ? count() : 0;
}
