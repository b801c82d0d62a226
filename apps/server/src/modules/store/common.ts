import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { siteTimeZone } from '@agent-bo/shared';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { siteInstant } from '../../lib/input.js';

/** What the store's back-office services take: the database, the caller, its address and the clock. */
export interface StoreContext {
  db: Db;
  caller: Caller;
  ip: string;
  now: () => Date;
}

export type Input<S extends z.ZodType> = z.output<S>;

const instant = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** Site wall-clock text of an instant (null stays null). */
export function siteTime(at: Date | string, siteId: string): string;
export function siteTime(at: Date | string | null, siteId: string): string | null;
export function siteTime(at: Date | string | null, siteId: string): string | null {
  return at === null ? null : formatDateTime(instant(at), siteTimeZone(siteId));
}

/** A `start`–`end` filter in the site's wall clock → instants (either may be absent). */
function siteRange(siteId: string, input: { start?: string; end?: string }): { start?: Date; end?: Date } {
  const zone = siteTimeZone(siteId);
  return {
    ...(input.start !== undefined && { start: siteInstant(input.start, zone, 'start') }),
    ...(input.end !== undefined && { end: siteInstant(input.end, zone, 'end') }),
  };
}

/**
 * One page of `select <columns> from <from> where <where> order by <order>` and the number of
 * matching rows, read with `count(*) over ()` on the page itself; only an empty page past the end
 * asks `count(*)`, over `countFrom` when the joins that only add columns can be left out.
 */
export async function readPage<R extends Record<string, unknown>>(
  db: Db,
  q: { columns: SQL; from: SQL; countFrom?: SQL; where: SQL[]; order: SQL },
  paging: { page: number; pageSize: number },
): Promise<{ page: number; pageSize: number; total: number; rows: R[] }> {
  const where = sql.join(q.where, sql` and `);
  const res = await db.execute<R & { total: number }>(sql`
    select ${q.columns}, count(*) over ()::int as total from ${q.from}
     where ${where} order by ${q.order} limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`);
  let total = res.rows[0]?.total ?? 0;
  if (res.rows.length === 0 && paging.page > 1) {
    const c = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${q.countFrom ?? q.from} where ${where}`);
    total = c.rows[0]?.n ?? 0;
  }
  return { page: paging.page, pageSize: paging.pageSize, total, rows: res.rows as R[] };
}

/** A list's site-day range (start day's first second to end day's last) as conditions on `column`. */
export function createdWithin(column: SQL, siteId: string, input: { start?: string; end?: string }): SQL[] {
  const range = siteRange(siteId, input);
  return [
    ...(range.start ? [sql`${column} >= ${range.start.toISOString()}::timestamptz`] : []),
    ...(range.end ? [sql`${column} < ${new Date(range.end.getTime() + 1000).toISOString()}::timestamptz`] : []),
  ];
}

/** A category name taken on the site → STORE_NAME_TAKEN; anything else rethrown. */
export function mapNameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'store_categories_site_name_idx')) throw new AppError('STORE_NAME_TAKEN');
  throw err;
}
