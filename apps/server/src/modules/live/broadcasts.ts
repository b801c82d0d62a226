import { sql } from 'drizzle-orm';
import type { LiveBroadcast } from '@agent-bo/shared';
import type { Q } from '../../core/tx.js';
import { publishedContent } from '../content/index.js';

export interface BroadcastSnapshot {
  /** The site's broadcasts current at the time of the read, in marquee order. */
  broadcasts: LiveBroadcast[];
  /** When this list next changes on its own (a current one ends or a published one starts); null: never. */
  nextChange: Date | null;
}

/** What the marquee shows for `siteId` at `now`, and when to read it again without a NOTIFY. */
export async function readBroadcasts(q: Q, siteId: string, now: Date): Promise<BroadcastSnapshot> {
  const [items, nextStart] = await Promise.all([
    publishedContent(q, siteId, now, { types: ['BROADCAST'] }),
    nextBroadcastStart(q, siteId, now),
  ]);
  const ends = items.map((item) => item.endAt.getTime());
  const next = Math.min(...ends, nextStart?.getTime() ?? Infinity);
  return {
    broadcasts: items.map((item) => ({
      id: item.id,
      text: item.title,
      startAt: item.startAt.toISOString(),
      endAt: item.endAt.toISOString(),
      sort: item.sort,
    })),
    nextChange: Number.isFinite(next) ? new Date(next) : null,
  };
}

/**
 * The start of the site's next published broadcast after `now`. publishedContent reads only what
 * is current, and a broadcast published ahead of time must still appear on time with no NOTIFY.
 */
async function nextBroadcastStart(q: Q, siteId: string, now: Date): Promise<Date | null> {
  const { rows } = await q.execute<{ at: Date | string | null }>(sql`
    select min(start_at) as at
      from content_items
     where site_id = ${siteId} and type = 'BROADCAST' and status = 'Published'
       and start_at > ${now.toISOString()}::timestamptz`);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}
