import { sql } from 'drizzle-orm';
import type { GameSyncItem, GameSyncResult } from '@agent-bo/shared';
import { inTransaction } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { allLocales } from '../../lib/input.js';
import { materialChanged, rtpBasisPoints } from './common.js';

/** Two-key advisory lock class of one provider's catalogue on one site: (class, hashtext(site:provider)). */
const SYNC_LOCK_CLASS = 7_001;

/**
 * A provider's whole game list for a site (the signed `games/sync` call). One transaction:
 * the provider's fields of every listed game are written (new games added with the operator's
 * defaults), games missing from the list become unavailable (`listed = false`, never deleted:
 * bets keep resolving their names), and the site's cached lobbies are dropped. The operator's
 * fields (names, image, category, tag, status, sort, visibility) and the version its edits
 * carry are never touched, so a push between an editor's read and save does not make the save
 * stale. Pushing the same list again changes nothing.
 */
export async function syncProviderGames(
  db: Db,
  siteId: string,
  providerCode: string,
  items: readonly GameSyncItem[],
): Promise<GameSyncResult> {
  const rows = items.map((g) => ({
    code: g.code.trim(),
    names: Object.fromEntries(Object.entries(allLocales(g.names)).filter(([, v]) => v !== '')),
    category: g.category,
    rtpBp: rtpBasisPoints(g.rtp),
    thumbnailUrl: g.thumbnailUrl ?? null,
    status: g.status ?? 'ACTIVE',
  }));
  return inTransaction(db, async (tx) => {
    // Two pushes of one provider for one site apply one after the other, each against the other's result.
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_CLASS}, hashtext(${`${siteId}:${providerCode}`}))`);
    const written = await tx.execute<{ inserted: boolean }>(sql`
      insert into games (site_id, provider_code, code, provider_names, provider_category, rtp_bp, thumbnail_url, provider_status, listed, synced_at)
      select ${siteId}, ${providerCode}, t.code, t.names, t.category, t.rtp_bp, t.thumbnail_url, t.status, true, now()
        from unnest(${sql.param(rows.map((r) => r.code))}::text[], ${sql.param(rows.map((r) => JSON.stringify(r.names)))}::jsonb[],
                    ${sql.param(rows.map((r) => r.category))}::text[], ${sql.param(rows.map((r) => r.rtpBp))}::integer[],
                    ${sql.param(rows.map((r) => r.thumbnailUrl))}::text[], ${sql.param(rows.map((r) => r.status))}::text[])
             as t(code, names, category, rtp_bp, thumbnail_url, status)
      on conflict (site_id, provider_code, code) do update
         set provider_names = excluded.provider_names, provider_category = excluded.provider_category, rtp_bp = excluded.rtp_bp,
             thumbnail_url = excluded.thumbnail_url, provider_status = excluded.provider_status, listed = true, synced_at = now()
       where (games.provider_names, games.provider_category, games.rtp_bp, games.thumbnail_url, games.provider_status, games.listed)
             is distinct from (excluded.provider_names, excluded.provider_category, excluded.rtp_bp, excluded.thumbnail_url, excluded.provider_status, true)
      returning (xmax = 0) as inserted`);
    const delisted = await tx.execute(sql`
      update games set listed = false, synced_at = now()
       where site_id = ${siteId} and provider_code = ${providerCode} and listed
         and not (code = any(${sql.param(rows.map((r) => r.code))}::text[]))`);
    const added = written.rows.filter((r) => r.inserted).length;
    const updated = written.rows.length - added;
    const result = { added, updated, unchanged: rows.length - written.rows.length, delisted: delisted.rowCount ?? 0 };
    if (result.added + result.updated + result.delisted > 0) await materialChanged(tx, siteId);
    return result;
  });
}
