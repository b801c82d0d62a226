import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inTransaction, type Q } from '../../core/tx.js';

/**
 * Every place that may refer to an uploaded image, each a subquery correlated with `images i`
 * that finds a row when the image is in use. An image none of them finds is an orphan. Tables
 * that start using images (game material, store goods…) add their references here.
 */
const IMAGE_REFERENCES: readonly SQL[] = [
  // A content item's own picture (activities and announcements).
  sql`select 1 from content_items r where r.image_id = i.id`,
  // Pictures inside a body's HTML (<img src="/api/files/<id>">), in any locale. The id is 64 hex
  // characters, so finding it anywhere in the text cannot be a chance match.
  sql`select 1 from content_items r where strpos(r.body::text, i.id) > 0`,
  // Game material: a game's own picture and a lobby category's icon.
  sql`select 1 from games r where r.image_id = i.id`,
  sql`select 1 from game_categories r where r.icon_image_id = i.id`,
  // Store goods' pictures.
  sql`select 1 from store_goods r where i.id = any(r.image_ids)`,
];

/**
 * Deletes the images last uploaded before `now - graceMs` that nothing refers to; returns how
 * many. The grace keeps an image an editor has just uploaded but not yet saved into content.
 */
export async function cleanupOrphanImages(q: Q, now: Date, graceMs: number): Promise<number> {
  const cutoff = new Date(now.getTime() - graceMs).toISOString();
  const unreferenced = sql.join(
    IMAGE_REFERENCES.map((ref) => sql`not exists (${ref})`),
    sql` and `,
  );
  const result = await q.execute(sql`
    delete from images i
     where i.last_uploaded_at < ${cutoff}::timestamptz
       and ${unreferenced}`);
  return result.rowCount ?? 0;
}

/** Advisory lock key of the cleanup (the migration and the demo seed use …001 and …002). */
export const ORPHAN_CLEANUP_LOCK_KEY = 7_340_212_003;

/**
 * One cleanup run when no other process is running one: the lock is tried, never waited for
 * (whoever holds it is doing the same work). A transaction lock rather than a session one, so
 * it cannot stay held on a pooled connection. Returns the number deleted, or null when skipped.
 */
export async function cleanupOrphanImagesOnce(db: Db, now: Date, graceMs: number): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${ORPHAN_CLEANUP_LOCK_KEY}::bigint) as locked`,
    );
    if (!rows[0]?.locked) return null;
    return cleanupOrphanImages(tx, now, graceMs);
  });
}
