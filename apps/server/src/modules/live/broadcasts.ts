import type { LiveBroadcast } from '@agent-bo/shared';
import type { Q } from '../../core/tx.js';
import { nextPublishedStart, publishedContent } from '../content/index.js';

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
    // A broadcast published ahead of time must still appear on time, with no NOTIFY then.
    nextPublishedStart(q, siteId, now, 'BROADCAST'),
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
