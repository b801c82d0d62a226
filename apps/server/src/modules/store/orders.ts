import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Readable } from 'node:stream';
import {
  ORDER_SOURCE_PREFIX,
  POINTS_ENTRY_CSV_COLUMNS,
  STORE_EXPORT_MAX_ROWS,
  STORE_ORDER_CSV_COLUMNS,
  type Locale,
  type LocalizedText,
  type PointsEntry,
  type PointsEntryExportQuery,
  type PointsEntryList,
  type pointsEntryListRequestSchema,
  type StoreOrder,
  type storeOrderCancelRequestSchema,
  type StoreOrderExportQuery,
  type StoreOrderList,
  type storeOrderListRequestSchema,
  type storeOrderShipRequestSchema,
} from '@agent-bo/shared';
import { assertWriter, isSiteScope } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { csvExport } from '../../core/csv.js';
import { writeLog } from '../../core/oplog.js';
import { inTransaction, type Q } from '../../core/tx.js';
import { AppError } from '../../lib/app-error.js';
import { allLocales } from '../../lib/input.js';
import { createdWithin, readPage, siteTime, type Input, type StoreContext } from './common.js';
import { lockPoints, postPoints } from './points.js';

/**
 * Orders (`/store/order`) and the points detail (`/store/points`) as the back office sees them:
 * only players strictly inside the caller's working subtree, on its site. An order or player
 * outside it is STORE_NOT_FOUND, exactly as a nonexistent one.
 */

/** The players the caller may see, over `accounts a`. */
function inSubtree(caller: Caller): SQL {
  if (isSiteScope(caller)) return sql`a.site_id = ${caller.siteId}`;
  return sql`(a.site_id = ${caller.siteId} and a.path @> array[${caller.scopeRootId}]::integer[])`;
}

// ---- orders

type OrderRow = {
  id: number;
  site_id: string;
  player_id: number;
  account_no: string;
  goods_id: number;
  goods_name: LocalizedText;
  quantity: number;
  points: string;
  status: StoreOrder['status'];
  shipping_note: string | null;
  shipped_by_no: string | null;
  shipped_at: Date | string | null;
  cancelled_by_no: string | null;
  cancelled_at: Date | string | null;
  version: number;
  created_at: Date | string;
  total?: number;
};

export const orderColumns = sql`o.id, o.site_id, o.player_id, a.account_no, o.goods_id, g.name as goods_name, o.quantity, o.points::text,
  o.status, o.shipping_note, s.account_no as shipped_by_no, o.shipped_at, x.account_no as cancelled_by_no, o.cancelled_at, o.version,
  o.created_at`;
export const orderFrom = sql`store_orders o join accounts a on a.id = o.player_id join store_goods g on g.id = o.goods_id
  left join accounts s on s.id = o.shipped_by left join accounts x on x.id = o.cancelled_by`;
/** What the orders' filters read (the player's account number); the rest only adds columns. */
export const orderCountFrom = sql`store_orders o join accounts a on a.id = o.player_id`;

export function toOrder(r: OrderRow): StoreOrder {
  return {
    id: r.id,
    playerId: r.player_id,
    accountNo: r.account_no,
    goodsId: r.goods_id,
    goodsName: allLocales(r.goods_name),
    quantity: r.quantity,
    points: Number(r.points),
    status: r.status,
    shippingNote: r.shipping_note,
    shippedBy: r.shipped_by_no,
    shippedAt: siteTime(r.shipped_at, r.site_id),
    cancelledBy: r.cancelled_by_no,
    cancelledAt: siteTime(r.cancelled_at, r.site_id),
    version: r.version,
    createdAt: siteTime(r.created_at, r.site_id),
  };
}

function orderFilters(caller: Caller, input: Omit<Input<typeof storeOrderListRequestSchema>, 'page' | 'pageSize'>): SQL[] {
  const where: SQL[] = [sql`o.site_id = ${caller.siteId}`, inSubtree(caller)];
  if (input.status) where.push(sql`o.status = ${input.status}`);
  if (input.accountNo) where.push(sql`lower(a.account_no) = lower(${input.accountNo})`);
  if (input.goodsId !== undefined) where.push(sql`o.goods_id = ${input.goodsId}`);
  return [...where, ...createdWithin(sql`o.created_at`, caller.siteId, input)];
}

export async function listOrders(ctx: StoreContext, input: Input<typeof storeOrderListRequestSchema>): Promise<StoreOrderList> {
  const { rows, ...page } = await readPage<OrderRow>(
    ctx.db,
    { columns: orderColumns, from: orderFrom, countFrom: orderCountFrom, where: orderFilters(ctx.caller, input), order: sql`o.id desc` },
    input,
  );
  return { ...page, list: rows.map(toOrder) };
}

/**
 * The orders' CSV: filters checked here (an envelope error before a byte is sent), then streamed.
 * The goods are named in the caller's language, in Traditional Chinese where it has no name.
 */
export async function exportOrders(pool: pg.Pool, caller: Caller, input: StoreOrderExportQuery, locale: Locale): Promise<Readable> {
  const where = orderFilters(caller, { ...input, goodsId: input.goodsId === undefined ? undefined : Number(input.goodsId) });
  return csvExport<OrderRow>(pool, {
    columns: STORE_ORDER_CSV_COLUMNS,
    query: sql`select ${orderColumns} from ${orderFrom} where ${sql.join(where, sql` and `)} order by o.id desc limit ${STORE_EXPORT_MAX_ROWS}`,
    record: (r) => {
      const o = toOrder(r);
      return { ...o, goods: o.goodsName[locale] || o.goodsName.zh_TW };
    },
  });
}

async function findOrder(q: Q, caller: Caller, id: number): Promise<OrderRow> {
  const res = await q.execute<OrderRow>(sql`
    select ${orderColumns} from ${orderFrom}
     where o.id = ${id} and o.site_id = ${caller.siteId} and ${inSubtree(caller)}
     for no key update of o`);
  const row = res.rows[0];
  if (!row) throw new AppError('STORE_NOT_FOUND');
  return row;
}

const loggedOrder = (r: { id: number; status: string; shipping_note?: string | null; note?: string | null }) => ({
  storeOrder: r.id,
  status: r.status,
  shippingNote: r.shipping_note ?? r.note ?? null,
});

/** Unshipped → Shipped, with the note, who and when. */
export async function shipOrder(ctx: StoreContext, input: Input<typeof storeOrderShipRequestSchema>): Promise<StoreOrder> {
  assertWriter(ctx.caller);
  return inTransaction(ctx.db, async (tx) => {
    const before = await findOrder(tx, ctx.caller, input.id);
    if (before.version !== input.version) throw new AppError('STORE_VERSION_STALE');
    if (before.status !== 'Unshipped') throw new AppError('STORE_ORDER_STATE');
    await tx.execute(sql`
      update store_orders set status = 'Shipped', shipping_note = ${input.note || null}, shipped_by = ${ctx.caller.account.id},
             shipped_at = ${ctx.now().toISOString()}::timestamptz, version = version + 1
       where id = ${input.id}`);
    await writeLog(
      tx,
      ctx,
      before.player_id,
      'OPERATION',
      loggedOrder(before),
      loggedOrder({ id: input.id, status: 'Shipped', note: input.note }),
    );
    return toOrder((await findOrder(tx, ctx.caller, input.id)) as OrderRow);
  });
}

/**
 * Unshipped → Cancelled: the points go back to the player (PointsStoreRefund) and the items back
 * into stock, in the one transaction that cancels. Lock order: the order, the points account, the
 * goods (a redemption takes the points account, then the goods).
 */
export async function cancelOrder(ctx: StoreContext, input: Input<typeof storeOrderCancelRequestSchema>): Promise<StoreOrder> {
  assertWriter(ctx.caller);
  return inTransaction(ctx.db, async (tx) => {
    const before = await findOrder(tx, ctx.caller, input.id);
    if (before.version !== input.version) throw new AppError('STORE_VERSION_STALE');
    if (before.status !== 'Unshipped') throw new AppError('STORE_ORDER_STATE');
    const accounts = await lockPoints(tx, [{ playerId: before.player_id, siteId: before.site_id }]);
    await tx.execute(sql`update store_goods set stock = stock + ${before.quantity} where id = ${before.goods_id}`);
    await postPoints(
      tx,
      accounts,
      [{ playerId: before.player_id, siteId: before.site_id, type: 'PointsStoreRefund', delta: BigInt(before.points), orderId: before.id }],
      { now: ctx.now() },
    );
    await tx.execute(sql`
      update store_orders set status = 'Cancelled', shipping_note = ${input.note || null}, cancelled_by = ${ctx.caller.account.id},
             cancelled_at = ${ctx.now().toISOString()}::timestamptz, version = version + 1
       where id = ${input.id}`);
    await writeLog(
      tx,
      ctx,
      before.player_id,
      'OPERATION',
      { ...loggedOrder(before), stockRestored: 0 },
      {
        ...loggedOrder({ id: input.id, status: 'Cancelled', note: input.note }),
        stockRestored: before.quantity,
        pointsRefunded: Number(before.points),
      },
    );
    return toOrder(await findOrder(tx, ctx.caller, input.id));
  });
}

// ---- points detail

type EntryRow = {
  id: string;
  site_id: string;
  player_id: number;
  account_no: string;
  type: PointsEntry['type'];
  provider_code: string | null;
  provider_bet_id: string | null;
  order_id: number | null;
  amount: string;
  balance_after: string;
  created_at: Date | string;
  total?: number;
};

export const entryFrom = sql`points_entries e join accounts a on a.id = e.player_id`;
export const entryColumns = sql`e.id::text, e.site_id, e.player_id, a.account_no, e.type, e.provider_code, e.provider_bet_id, e.order_id,
  e.amount::text, e.balance_after::text, e.created_at`;

export function toEntry(r: EntryRow): PointsEntry {
  return {
    id: r.id,
    playerId: r.player_id,
    accountNo: r.account_no,
    type: r.type,
    source: r.order_id !== null ? `${ORDER_SOURCE_PREFIX}${r.order_id}` : `${r.provider_code}:${r.provider_bet_id}`,
    betId: r.provider_bet_id,
    orderId: r.order_id,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    createdAt: siteTime(r.created_at, r.site_id),
  };
}

function entryFilters(caller: Caller, input: PointsEntryExportQuery): SQL[] {
  const where: SQL[] = [sql`e.site_id = ${caller.siteId}`, inSubtree(caller)];
  if (input.accountNo) where.push(sql`lower(a.account_no) = lower(${input.accountNo})`);
  if (input.type) where.push(sql`e.type = ${input.type}`);
  return [...where, ...createdWithin(sql`e.created_at`, caller.siteId, input)];
}

/** A player's (or the subtree's) points entries, newest first, each with its balance after. */
export async function listEntries(ctx: StoreContext, input: Input<typeof pointsEntryListRequestSchema>): Promise<PointsEntryList> {
  const { rows, ...page } = await readPage<EntryRow>(
    ctx.db,
    { columns: entryColumns, from: entryFrom, where: entryFilters(ctx.caller, input), order: sql`e.id desc` },
    input,
  );
  return { ...page, list: rows.map(toEntry) };
}

export async function exportEntries(pool: pg.Pool, caller: Caller, input: PointsEntryExportQuery): Promise<Readable> {
  const where = entryFilters(caller, input);
  return csvExport<EntryRow>(pool, {
    columns: POINTS_ENTRY_CSV_COLUMNS,
    query: sql`select ${entryColumns} from ${entryFrom} where ${sql.join(where, sql` and `)} order by e.id desc limit ${STORE_EXPORT_MAX_ROWS}`,
    record: toEntry,
  });
}
