import { sql } from 'drizzle-orm';
import { imageUrl, type ContentType, type LocalizedText } from '@agent-bo/shared';
import { CONTENT_CHANNEL } from '../../core/channels.js';
import type { Q } from '../../core/tx.js';

/**
 * What readers see of a site's content: published items whose start–end contains `now`. The
 * pop-ups, the live marquee and the game client's API all read through this one query.
 */
export interface PublishedItem {
  id: number;
  type: ContentType;
  title: LocalizedText;
  body: LocalizedText;
  imageUrl: string | null;
  startAt: Date;
  endAt: Date;
  sort: number;
  popOrder: number | null;
  updatedAt: Date;
}

export async function publishedContent(
  q: Q,
  siteId: string,
  now: Date,
  options: { types?: readonly ContentType[]; popsOnly?: boolean } = {},
): Promise<PublishedItem[]> {
  const types = options.types ?? ['ACTIVITY', 'ANNOUNCEMENT', 'BROADCAST'];
  const at = now.toISOString();
  const { rows } = await q.execute<{
    id: number;
    type: ContentType;
    title: LocalizedText;
    body: LocalizedText;
    image_id: string | null;
    start_at: Date | string;
    end_at: Date | string;
    sort: number;
    pop_order: number | null;
    updated_at: Date | string;
  }>(sql`
    select id, type, title, body, image_id, start_at, end_at, sort, pop_order, updated_at
      from content_items
     where site_id = ${siteId}
       and status = 'Published'
       and type in (${sql.join(
         types.map((t) => sql`${t}`),
         sql`, `,
       )})
       and start_at <= ${at}::timestamptz and end_at > ${at}::timestamptz
       ${options.popsOnly ? sql`and pop_order is not null` : sql``}
     order by ${options.popsOnly ? sql`pop_order,` : sql``} sort, start_at desc, id`);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    body: r.body,
    imageUrl: r.image_id ? imageUrl(r.image_id) : null,
    startAt: new Date(r.start_at),
    endAt: new Date(r.end_at),
    sort: r.sort,
    popOrder: r.pop_order,
    updatedAt: new Date(r.updated_at),
  }));
}

/** When the site's next published item of `type` starts after `now` (null: none is waiting). */
export async function nextPublishedStart(q: Q, siteId: string, now: Date, type: ContentType): Promise<Date | null> {
  const { rows } = await q.execute<{ at: Date | string | null }>(sql`
    select min(start_at) as at
      from content_items
     where site_id = ${siteId} and type = ${type} and status = 'Published'
       and start_at > ${now.toISOString()}::timestamptz`);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/**
 * Tells every server process that `siteId`'s content changed. Run it inside the transaction of
 * the change: PostgreSQL delivers the notification at commit, and never for a rollback.
 */
export async function notifyContentChanged(q: Q, siteId: string): Promise<void> {
  await q.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${siteId})`);
}
