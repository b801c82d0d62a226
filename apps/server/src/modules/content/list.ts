import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { contentListRequestSchema } from '@agent-bo/shared';
import { imageUrl, localized, siteTimeZone, type ContentItem, type ContentList, type Locale, type ShownContent } from '@agent-bo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { accounts, contentItems } from '../../db/schema/index.js';
import { formatDateTime } from '../../lib/dates.js';
import { allLocales, containsPattern, siteInstant } from '../../lib/input.js';
import type { Caller } from '../../core/caller.js';
import { publishedContent } from './published.js';

/**
 * The content screen's list (`activity/list`) and the pop-ups shown after sign-in
 * (`activity/pops`). A site's content belongs to the site, not to a subtree: every holder of the
 * codes on the site sees the same items, and no other site's.
 */

export type ContentListInput = z.output<typeof contentListRequestSchema>;

const SORT_COLUMNS = {
  sort: contentItems.sort,
  startAt: contentItems.startAt,
  endAt: contentItems.endAt,
  updatedAt: contentItems.updatedAt,
  popOrder: contentItems.popOrder,
} as const;

function filters(caller: Caller, input: ContentListInput): SQL[] {
  const tz = siteTimeZone(caller.siteId);
  const where: SQL[] = [eq(contentItems.siteId, caller.siteId)];
  if (input.type) where.push(eq(contentItems.type, input.type));
  if (input.status) where.push(eq(contentItems.status, input.status));
  if (input.title) {
    where.push(sql`exists (select 1 from jsonb_each_text(${contentItems.title}) t where t.value ilike ${containsPattern(input.title)})`);
  }
  // An item runs over [start_at, end_at); the range is inclusive to the second of its end.
  if (input.start) where.push(sql`${contentItems.endAt} > ${siteInstant(input.start, tz, 'start').toISOString()}::timestamptz`);
  if (input.end) {
    const end = new Date(siteInstant(input.end, tz, 'end').getTime() + 1000);
    where.push(sql`${contentItems.startAt} < ${end.toISOString()}::timestamptz`);
  }
  if (input.popsOnly) where.push(isNotNull(contentItems.popOrder));
  return where;
}

function orderOf(input: ContentListInput): SQL[] {
  const column = SORT_COLUMNS[input.sortBy];
  // Items that are not pop-ups sort after the pop-ups either way.
  const direction = sql.raw(input.order === 'asc' ? 'asc nulls last' : 'desc nulls last');
  return [sql`${column} ${direction}`, input.order === 'asc' ? asc(contentItems.id) : desc(contentItems.id)];
}

export async function listContent(db: Db, caller: Caller, input: ContentListInput): Promise<ContentList> {
  const tz = siteTimeZone(caller.siteId);
  const where = and(...filters(caller, input));
  const [counted] = await db.select({ n: count() }).from(contentItems).where(where);
  const creator = alias(accounts, 'creator');
  const updater = alias(accounts, 'updater');
  const rows = await db
    .select({ item: contentItems, createdBy: creator.accountNo, updatedBy: updater.accountNo })
    .from(contentItems)
    .leftJoin(creator, eq(creator.id, contentItems.createdBy))
    .leftJoin(updater, eq(updater.id, contentItems.updatedBy))
    .where(where)
    .orderBy(...orderOf(input))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    page: input.page,
    pageSize: input.pageSize,
    total: counted?.n ?? 0,
    list: rows.map(({ item, createdBy, updatedBy }) => itemOf(item, createdBy, updatedBy, tz)),
  };
}

function itemOf(row: typeof contentItems.$inferSelect, createdBy: string | null, updatedBy: string | null, tz: string): ContentItem {
  return {
    id: row.id,
    type: row.type,
    title: allLocales(row.title),
    body: allLocales(row.body),
    imageId: row.imageId,
    imageUrl: row.imageId ? imageUrl(row.imageId) : null,
    startAt: formatDateTime(row.startAt, tz),
    endAt: formatDateTime(row.endAt, tz),
    status: row.status,
    sort: row.sort,
    popOrder: row.popOrder,
    version: row.version,
    createdBy,
    createdAt: formatDateTime(row.createdAt, tz),
    updatedBy,
    updatedAt: formatDateTime(row.updatedAt, tz),
  };
}

/** The site's pop-up activities published and current at `now`, in pop-up order, in `locale`. */
export async function currentPops(db: Db, siteId: string, now: Date, locale: Locale): Promise<ShownContent[]> {
  const tz = siteTimeZone(siteId);
  const items = await publishedContent(db, siteId, now, { types: ['ACTIVITY'], popsOnly: true });
  return items.map((item) => ({
    id: item.id,
    type: item.type,
    title: localized(item.title, locale),
    body: localized(item.body, locale),
    imageUrl: item.imageUrl,
    startAt: formatDateTime(item.startAt, tz),
    endAt: formatDateTime(item.endAt, tz),
    sort: item.sort,
  }));
}
