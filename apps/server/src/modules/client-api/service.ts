import { createHash } from 'node:crypto';
import { localized, siteTimeZone, type ContentType, type Locale, type ShownContent } from '@agent-bo/shared';
import { formatDateTime } from '../../lib/dates.js';
import type { Q } from '../../core/tx.js';
import { publishedContent } from '../content/index.js';

/**
 * The site's published content current at `now`, in `locale` (zh_TW where that locale is
 * empty), optionally of one type; times in the site's zone, in the published read's order.
 */
export async function shownContent(q: Q, siteId: string, now: Date, locale: Locale, type?: ContentType): Promise<ShownContent[]> {
  const items = await publishedContent(q, siteId, now, type ? { types: [type] } : {});
  const zone = siteTimeZone(siteId);
  return items.map((item) => ({
    id: item.id,
    type: item.type,
    title: localized(item.title, locale),
    body: localized(item.body, locale),
    imageUrl: item.imageUrl,
    startAt: formatDateTime(item.startAt, zone),
    endAt: formatDateTime(item.endAt, zone),
    sort: item.sort,
  }));
}

/**
 * A strong entity tag of `data`: the SHA-256 of its JSON. The same data always serializes to the
 * same bytes, so equal tags mean byte-equal answers, and any change of the data changes the tag.
 */
export function entityTag(data: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url')}"`;
}
