import { sql } from 'drizzle-orm';
import type { PlayerOrder, RedeemResult, redeemRequestSchema } from '@agent-bo/shared';
import { writeLog } from '../../core/oplog.js';
import { inTransaction, type Tx } from '../../core/tx.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { Input } from './common.js';
import { orderColumns, orderFrom, toOrder } from './orders.js';
import { lockPoints, postPoints } from './points.js';

/** A signed-in player of the game client (player API). */
export interface Player {
  id: number;
  siteId: string;
  accountNo: string;
  sessionId: number;
}

export function toPlayerOrder(o: ReturnType<typeof toOrder>): PlayerOrder {
  const { playerId: _p, accountNo: _a, cancelledBy: _c, shippedBy: _s, ...rest } = o;
  return rest;
}

async function orderByKey(tx: Tx | Db, playerId: number, key: string) {
  const res = await tx.execute<Parameters<typeof toOrder>[0]>(
    sql`select ${orderColumns} from ${orderFrom} where o.player_id = ${playerId} and o.idempotency_key = ${key}`,
  );
  return res.rows[0] ? toOrder(res.rows[0]) : null;
}

/**
 * One redemption, all or nothing: the player's points down, the goods' stock down, the order
 * created, its PointsStore entry written — in one transaction, or none of it.
 *
 * Lock order: the player's points account first (so one player's redemptions, and the per-player
 * limit they count, go one at a time), then the goods row, taken last by the conditional stock
 * decrement (so it sees every other player's committed redemption: no oversell, and the hot row
 * is held for the fewest statements). The idempotency key is unique per
 * player: a replay — even one racing the first, which waits on the points account — finds the
 * first order and answers it, moving nothing again; the same key for other goods or another
 * quantity is IDEMPOTENCY_CONFLICT.
 */
export async function redeem(
  db: Db,
  player: Player,
  input: Input<typeof redeemRequestSchema>,
  ip: string,
  now: Date,
): Promise<RedeemResult> {
  const replay = async (tx: Tx | Db): Promise<RedeemResult | null> => {
    const first = await orderByKey(tx, player.id, input.idempotencyKey);
    if (!first) return null;
    if (first.goodsId !== input.goodsId || first.quantity !== input.quantity) throw new AppError('IDEMPOTENCY_CONFLICT');
    const bal = await tx.execute<{ balance: string }>(sql`select balance::text from points_accounts where player_id = ${player.id}`);
    return { order: toPlayerOrder(first), balance: Number(bal.rows[0]?.balance ?? 0), replayed: true };
  };
  const earlier = await replay(db);
  if (earlier) return earlier;
  try {
    return await inTransaction(db, async (tx) => {
      const accounts = await lockPoints(tx, [{ playerId: player.id, siteId: player.siteId }]);
      const raced = await replay(tx);
      if (raced) return raced;
      // Read without a lock: the goods row is taken only by the stock decrement at the end, so
      // redemptions of one hot item queue on it for the last statements alone.
      const goodsRes = await tx.execute<{
        id: number;
        price: number;
        stock: number;
        per_player_limit: number | null;
        status: string;
        cat: string;
      }>(sql`
        select g.id, g.price, g.stock, g.per_player_limit, g.status, c.status as cat
          from store_goods g join store_categories c on c.id = g.category_id
         where g.id = ${input.goodsId} and g.site_id = ${player.siteId}`);
      const goods = goodsRes.rows[0];
      if (!goods) throw new AppError('STORE_NOT_FOUND');
      if (goods.status !== 'Published' || goods.cat !== 'ACTIVE') throw new AppError('STORE_GOODS_UNAVAILABLE');
      if (goods.stock < input.quantity) throw new AppError('STORE_OUT_OF_STOCK');
      if (goods.per_player_limit !== null) {
        // The player's points account is locked: its other redemptions wait, so this count stands.
        const had = await tx.execute<{ n: number }>(sql`
          select coalesce(sum(quantity), 0)::int as n from store_orders
           where goods_id = ${goods.id} and player_id = ${player.id} and status <> 'Cancelled'`);
        if ((had.rows[0]?.n ?? 0) + input.quantity > goods.per_player_limit) throw new AppError('STORE_LIMIT_REACHED');
      }
      const cost = BigInt(goods.price) * BigInt(input.quantity);
      const account = accounts.get(player.id)!;
      const balanceBefore = account.balance;
      if (balanceBefore < cost) throw new AppError('POINTS_INSUFFICIENT');
      const created = await tx.execute<{ id: number }>(sql`
        insert into store_orders (site_id, player_id, goods_id, quantity, points, idempotency_key, created_at)
        values (${player.siteId}, ${player.id}, ${goods.id}, ${input.quantity}, ${cost.toString()}, ${input.idempotencyKey},
                ${now.toISOString()}::timestamptz)
        returning id`);
      const orderId = created.rows[0]!.id;
      const after = await postPoints(
        tx,
        accounts,
        [{ playerId: player.id, siteId: player.siteId, type: 'PointsStore', delta: -cost, orderId }],
        {
          now,
        },
      );
      const order = await orderByKey(tx, player.id, input.idempotencyKey);
      // The one decision under the goods row's lock: enough stock, still published at the price
      // read above. A redemption waiting here re-reads the row once the one before commits, so the
      // stock never goes below zero (and the CHECK would refuse it anyway); failing, everything
      // above is undone with the transaction.
      const taken = await tx.execute<{ stock: number }>(sql`
        update store_goods set stock = stock - ${input.quantity}
         where id = ${goods.id} and stock >= ${input.quantity} and status = 'Published' and price = ${goods.price}
        returning stock`);
      if (taken.rows.length === 0) {
        const now2 = await tx.execute<{ stock: number; status: string; price: number }>(
          sql`select stock, status, price from store_goods where id = ${goods.id}`,
        );
        const g = now2.rows[0];
        if (g && g.status === 'Published' && g.price === goods.price) throw new AppError('STORE_OUT_OF_STOCK');
        throw new AppError('STORE_GOODS_UNAVAILABLE');
      }
      const stockAfter = taken.rows[0]!.stock;
      await writeLog(
        tx,
        { siteId: player.siteId, operatorId: player.id, ip },
        player.id,
        'OPERATION',
        { storeGoods: goods.id, stock: stockAfter + input.quantity, points: Number(balanceBefore) },
        { storeGoods: goods.id, stock: stockAfter, points: Number(after.get(player.id)!.balance), storeOrder: orderId },
      );
      return { order: toPlayerOrder(order!), balance: Number(after.get(player.id)!.balance), replayed: false };
    });
  } catch (err) {
    // Two first uses of one key that both missed the replay read: the loser's insert fails on the
    // unique index and its transaction is undone; it answers the winner's order.
    if (isUniqueViolation(err, 'store_orders_player_key_uq')) {
      const winner = await replay(db);
      if (winner) return winner;
    }
    throw err;
  }
}
