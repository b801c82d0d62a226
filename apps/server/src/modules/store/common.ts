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
export function siteRange(siteId: string, input: { start?: string; end?: string }): { start?: Date; end?: Date } {
  const zone = siteTimeZone(siteId);
  return {
    ...(input.start !== undefined && { start: siteInstant(input.start, zone, 'start') }),
    ...(input.end !== undefined && { end: siteInstant(input.end, zone, 'end') }),
  };
}

/**
 * The number of matching rows of a page read with `count(*) over ()` as `total`: an empty page
 * past the end has none, so then `count` is asked.
 */
export async function pageTotal(rows: readonly { total?: number }[], page: number, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0]!.total ?? 0;
  return page > 1 ? count() : 0;
}

/** A category name taken on the site → STORE_NAME_TAKEN; anything else rethrown. */
export function mapNameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'store_categories_site_name_idx')) throw new AppError('STORE_NAME_TAKEN');
  throw err;
}

/**
 * A new order of `current` (ids in their present order): `ids` first, in the order given, the
 * others after them as they were. Null when nothing moves; STORE_NOT_FOUND for an id that is not
 * among them (another site's).
 */
export function reordered(current: readonly number[], ids: readonly number[]): number[] | null {
  const wanted = [...new Set(ids)];
  const known = new Set(current);
  if (wanted.some((id) => !known.has(id))) throw new AppError('STORE_NOT_FOUND');
  const order = [...wanted, ...current.filter((id) => !wanted.includes(id))];
  return order.join() === current.join() ? null : order;
}
