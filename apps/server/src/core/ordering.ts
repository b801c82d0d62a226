import { sql } from 'drizzle-orm';
import type { ErrorName, LogTargetKind } from '@agent-bo/shared';
import { AppError } from '../lib/app-error.js';
import type { Caller } from './caller.js';
import { logTarget, writeLog } from './oplog.js';
import type { Q } from './tx.js';

/**
 * A new order of `current` (ids in their present order): `ids` first, in the order given, the
 * others after them as they were. Null when nothing moves; `notFound` for an id that is not among
 * them (another site's, or not in the list being ordered), answered like any unknown id.
 */
export function reordered(current: readonly number[], ids: readonly number[], notFound: ErrorName): number[] | null {
  const wanted = [...new Set(ids)];
  const known = new Set(current);
  if (wanted.some((id) => !known.has(id))) throw new AppError(notFound);
  const order = [...wanted, ...current.filter((id) => !wanted.includes(id))];
  return order.join() === current.join() ? null : order;
}

/** The tables whose rows a site puts in order by hand: `sort`, then `id`, a `version` per row. */
export type HandOrderedTable = 'game_categories' | 'lobby_modules' | 'store_categories';

/**
 * Puts `ids` first in the caller's site's order of `table`, in the order given, the others after
 * them as they were (the rows are locked for the change). A row whose place changes gets a new
 * version and the caller as its last editor; one operation-log row holds the whole order before and
 * after under `logKey`, its target the order (`target`). Nothing is written when nothing moves. Run it inside the change's
 * transaction; true when the order changed.
 */
export async function reorderSiteRows(
  tx: Q,
  actor: { caller: Caller; ip: string },
  table: HandOrderedTable,
  ids: readonly number[],
  { logKey, target, notFound }: { logKey: string; target: LogTargetKind; notFound: ErrorName },
): Promise<boolean> {
  const { caller } = actor;
  const rows = sql.identifier(table);
  const current = await tx.execute<{ id: number }>(
    sql`select id from ${rows} where site_id = ${caller.siteId} order by sort, id for no key update`,
  );
  const before = current.rows.map((r) => r.id);
  const order = reordered(before, ids, notFound);
  if (!order) return false;
  await tx.execute(sql`
    update ${rows} t set sort = o.pos, version = t.version + 1, updated_by = ${caller.account.id}, updated_at = now()
      from unnest(${sql.param(order)}::integer[]) with ordinality as o(id, pos)
     where t.id = o.id and t.sort <> o.pos`);
  await writeLog(tx, actor, logTarget(target, null), 'OPERATION', { [logKey]: before }, { [logKey]: order });
  return true;
}
