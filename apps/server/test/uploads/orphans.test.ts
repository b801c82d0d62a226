import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ORPHAN_CLEANUP_LOCK_KEY, cleanupOrphanImages, cleanupOrphanImagesOnce } from '../../src/modules/uploads/orphans.js';
import { useTestApp } from '../helpers.js';
import { testNow } from '../clock.js';
import { sha256, uniquePng } from './support.js';

const ctx = useTestApp();
const now = testNow();
const HOUR = 60 * 60_000;
const GRACE = 24 * HOUR;
let counter = 100;

/** A stored image last uploaded `ageMs` before `now`; returns its id. */
async function image(ageMs: number): Promise<string> {
  const bytes = uniquePng(counter++);
  const id = sha256(bytes);
  const at = new Date(now.getTime() - ageMs);
  await ctx.database.pool.query(
    `insert into images (id, mime, size, width, height, bytes, created_at, last_uploaded_at) values ($1, 'image/png', $2, 1, 1, $3, $4, $4)`,
    [id, bytes.length, bytes, at],
  );
  return id;
}

/** A content item (a draft is enough: any item keeps its images) with an image and a body. */
async function contentItem(imageId: string | null, body: Record<string, string>) {
  await ctx.database.pool.query(
    `insert into content_items (site_id, type, title, body, image_id, start_at, end_at, status)
     values ('tw_web', 'ANNOUNCEMENT', $1, $2, $3, $4, $5, 'Draft')`,
    [{ zh_TW: 'cleanup test' }, body, imageId, new Date(now.getTime() - GRACE), new Date(now.getTime() + GRACE)],
  );
}

async function stored(ids: string[]): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ id: string }>('select id from images where id = any($1)', [ids]);
  return ids.filter((id) => rows.some((r) => r.id === id));
}

describe('cleanupOrphanImages', () => {
  it('removes only old images nothing refers to', async () => {
    const byImageId = await image(GRACE * 3);
    const inBody = await image(GRACE * 3);
    const inOtherLocaleBody = await image(GRACE * 3);
    const fresh = await image(GRACE - HOUR);
    const old = await image(GRACE + HOUR);
    await contentItem(byImageId, { zh_TW: '<p>text</p>' });
    await contentItem(null, { zh_TW: `<p><img src="/api/files/${inBody}"></p>` });
    await contentItem(null, { zh_TW: '<p>zh</p>', vi: `<p><img src="/api/files/${inOtherLocaleBody}" alt=""></p>` });

    const removed = await cleanupOrphanImages(ctx.database.db, now, GRACE);

    expect(await stored([byImageId, inBody, inOtherLocaleBody, fresh, old])).toEqual([byImageId, inBody, inOtherLocaleBody, fresh]);
    // Nothing else in the database is an old orphan: only `old` went.
    expect(removed).toBe(1);
    // Once the grace has passed, the fresh one goes too.
    expect(await cleanupOrphanImages(ctx.database.db, new Date(now.getTime() + 2 * HOUR), GRACE)).toBe(1);
    expect(await stored([fresh])).toEqual([]);
  });

  it('skips the run while another process holds the lock', async () => {
    const old = await image(GRACE * 2);
    const other = new pg.Client({ connectionString: ctx.database.pool.options.connectionString });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1::bigint)', [ORPHAN_CLEANUP_LOCK_KEY]);
      expect(await cleanupOrphanImagesOnce(ctx.database.db, now, GRACE)).toBeNull();
      expect(await stored([old])).toEqual([old]);
      await other.query('select pg_advisory_unlock($1::bigint)', [ORPHAN_CLEANUP_LOCK_KEY]);
      expect(await cleanupOrphanImagesOnce(ctx.database.db, now, GRACE)).toBe(1);
      expect(await stored([old])).toEqual([]);
    } finally {
      await other.end();
    }
  });

  it('runs on its own on the configured interval, and stops with the app', async () => {
    const old = await image(2 * HOUR);
    const app = await buildApp({
      db: ctx.database.db,
      pool: ctx.database.pool,
      config: { rateLimit: false, now: () => now, imageCleanup: { intervalMs: 20, graceMs: HOUR } },
    });
    await app.ready();
    try {
      await expect.poll(() => stored([old]), { timeout: 5000, interval: 20 }).toEqual([]);
    } finally {
      await app.close();
    }
    // Stopped: an orphan made after the close stays.
    const later = await image(2 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored([later])).toEqual([later]);
  });
});
