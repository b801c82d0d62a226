import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  formatMinorUnits,
  toMinorUnits,
  siteTimeZone,
  type ErrorName,
  type ProviderPositions,
  type TransferBackRequest,
  type TransferBackResult,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { assertWriter } from '../../core/access.js';
import { DuplicateKey, moneySql, post, resolveIdempotencyKey, type CreditContext } from '../ledger/index.js';
import { positionSql } from '../provider-api/index.js';

/**
 * OPERATION_TRANSFER (PRODUCT.md §4–§5): staff pull a player's credit back from a provider — a
 * TRANSFER_IN (house → player) with the operator recorded, capped at the player's outstanding
 * position at that provider as the platform sees it (Σ TRANSFER_OUT − Σ TRANSFER_IN − Σ REFUND,
 * never below zero).
 *
 * Any player in the caller's subtree, not only direct children: credit moves between accounts
 * are for direct children (PRODUCT.md §3), but this moves nothing between two of our accounts —
 * it brings home credit the house already holds for the player, which only staff with the code may
 * do and which can never take more than the player put out. A restricted player is no obstacle
 * (its credit must be able to come home); a read-only caller is (CALLER_READ_ONLY).
 *
 * Keys as the credit calls: (site, operator, key), bound to the first outcome, refusals included.
 */

const PATH = '/manage/player/transfer_back';

interface Found extends Record<string, unknown> {
  id: number | null;
  kind: 'AGENT' | 'PLAYER' | null;
  house_id: number | null;
  request_hash: string | null;
  result: TransferBackResult | null;
  refusal: string | null;
}

function replay(
  stored: { request_hash: string | null; result: TransferBackResult | null; refusal: string | null },
  hash: string,
): TransferBackResult {
  if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
  if (stored.refusal) throw new AppError(stored.refusal as ErrorName);
  if (!stored.result) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { ...stored.result, replayed: true };
}

export async function transferBack(
  ctx: CreditContext,
  body: TransferBackRequest,
  headerKey: string | string[] | undefined,
): Promise<TransferBackResult> {
  const key = resolveIdempotencyKey(headerKey, body.idempotencyKey);
  const { caller, db } = ctx;
  assertWriter(caller);
  const siteId = caller.siteId;
  const callerId = caller.account.id;
  const amount = toMinorUnits(body.amount);
  const memo = body.memo ? body.memo : null;
  const provider = body.providerCode;
  const hash = createHash('sha256')
    .update(`${PATH}\n${body.id}\n${provider}\n${amount}\n${memo ?? ''}`)
    .digest('hex');

  const found = await executeNamed<Found>(
    db,
    sql`
    select t.id, t.kind, h.id as house_id, x.request_hash, x.result, x.refusal
    from (select 1) as one
    left join accounts t on t.id = ${body.id} and t.site_id = ${siteId} and t.path @> array[${caller.scopeRootId}::int]
    left join accounts h on h.site_id = ${siteId} and h.parent_id is null and not h.is_shadow
    left join ledger_transactions x on x.site_id = ${siteId} and x.operator_id = ${callerId} and x.idempotency_key = ${key}`,
  );
  const row = found.rows[0]!;
  if (row.request_hash !== null) return replay(row, hash);

  try {
    if (row.id === null || row.kind !== 'PLAYER' || row.house_id === null) throw new AppError('ACCOUNT_NOT_FOUND');
    const playerId = row.id;
    const houseId = row.house_id;
    const now = ctx.now();
    const amountText = formatMinorUnits(amount);
    const createdAt = formatDateTime(now, siteTimeZone(siteId));
    const posted = await db.transaction((tx) =>
      post(tx, {
        siteId,
        kind: 'TRANSFER_IN',
        operatorId: callerId,
        provider,
        memo,
        now,
        legs: [
          { accountId: houseId, amount: -amount, counterpartyId: playerId },
          { accountId: playerId, amount, counterpartyId: houseId },
        ],
        idempotency: { key, requestHash: hash },
        // With the player's row locked, every posting that moves its position waits: the cap holds.
        verify: async (_p, q) => {
          const checked = await q.execute<{ inside: boolean; position: string }>(sql`
            select a.path @> array[${caller.scopeRootId}::int] as inside, ${positionSql(playerId, provider)}::text as position
              from accounts a where a.id = ${playerId}`);
          const c = checked.rows[0];
          // Moved out of the caller's subtree while this request waited for the lock.
          if (!c?.inside) throw new AppError('ACCOUNT_NOT_FOUND');
          if (amount > BigInt(c.position)) throw new AppError('TRANSFER_ABOVE_POSITION');
        },
        resultSql: sql`json_build_object('transactionId', nid.id::text, 'kind', 'TRANSFER_IN', 'providerCode', ${provider}::text,
          'amount', ${amountText}::text,
          'player', (select json_build_object('id', u.id, 'accountNo', u.account_no, 'balanceBefore', ${moneySql(sql`u.balance - u.delta`)},
                                              'balanceAfter', ${moneySql(sql`u.balance`)}) from upd u where u.id = ${playerId}::int),
          'positionBefore', ${moneySql(positionSql(playerId, provider))},
          'positionAfter', ${moneySql(sql`greatest(0, ${positionSql(playerId, provider)} - ${amount}::bigint)`)},
          'createdAt', ${createdAt}::text, 'replayed', false)`,
        extraCtes: [
          sql`lg as (
            insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at)
            select ${siteId}, ${callerId}::int, u.id, 'TRANSFER_IN',
                   json_build_object('balance', ${moneySql(sql`u.balance - u.delta`)}, 'providerCode', ${provider}::text,
                                     'position', ${moneySql(positionSql(playerId, provider))})::jsonb,
                   json_build_object('balance', ${moneySql(sql`u.balance`)}, 'providerCode', ${provider}::text, 'amount', ${amountText}::text,
                                     'position', ${moneySql(sql`greatest(0, ${positionSql(playerId, provider)} - ${amount}::bigint)`)},
                                     'transactionId', ins.id::text, 'accountNo', u.account_no)::jsonb,
                   ${ctx.ip}, ${now.toISOString()}::timestamptz
              from ins, upd u where u.id = ${playerId}::int)`,
        ],
      }),
    );
    return posted.result as TransferBackResult;
  } catch (err) {
    if (!(err instanceof DuplicateKey) && !(err instanceof AppError)) throw err;
    // The first outcome binds the key (as in ledger/credit.ts): store a refusal unless another
    // request with this key got there first; then that request's outcome is the answer.
    if (err instanceof AppError) {
      const stored = await db.execute<{ id: string }>(sql`
        insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, memo, refusal, created_at)
        values (${siteId}, 'TRANSFER_IN', ${callerId}::int, ${key}, ${hash}, ${memo}, ${err.errorName}, ${ctx.now().toISOString()}::timestamptz)
        on conflict (site_id, operator_id, idempotency_key) do nothing
        returning id::text as id`);
      if (stored.rows.length === 1) throw err;
    }
    const winner = await db.execute<{ request_hash: string | null; result: TransferBackResult | null; refusal: string | null }>(sql`
      select request_hash, result, refusal from ledger_transactions
       where site_id = ${siteId} and operator_id = ${callerId} and idempotency_key = ${key}`);
    const first = winner.rows[0];
    if (first) return replay(first, hash);
    throw err;
  }
}

/**
 * The player's outstanding position at each provider: every provider the player has moved credit
 * with, and those enabled for it (at 0.00), for the pull-back dialog.
 */
export async function providerPositions(db: Db, ctx: Pick<CreditContext, 'caller'>, id: number): Promise<ProviderPositions> {
  const { caller } = ctx;
  const found = await db.execute<{ id: number; account_no: string; balance: string; providers: string[] }>(sql`
    select id, account_no, balance::text as balance, providers from accounts
     where id = ${id} and site_id = ${caller.siteId} and kind = 'PLAYER' and path @> array[${caller.scopeRootId}::int]`);
  const player = found.rows[0];
  if (!player) throw new AppError('ACCOUNT_NOT_FOUND');
  const rows = await db.execute<{ code: string; name: string; status: string; position: string }>(sql`
    with moved as (
      select e.provider, -sum(e.amount) as net from ledger_entries e
       where e.account_id = ${id} and e.provider is not null and e.kind in ('TRANSFER_OUT', 'TRANSFER_IN', 'REFUND')
       group by e.provider)
    select p.code, p.name, coalesce(pm.status, 'DISABLE') as status, greatest(0, coalesce(m.net, 0))::text as position
      from providers p left join moved m on m.provider = p.code
      left join provider_merchants pm on pm.site_id = ${caller.siteId} and pm.provider_code = p.code
     where m.provider is not null or p.code = any(${sql.param(player.providers)}::text[])
     order by greatest(0, coalesce(m.net, 0)) desc, p.code`);
  return {
    id: player.id,
    accountNo: player.account_no,
    balance: formatMinorUnits(player.balance),
    positions: rows.rows.map((r) => ({
      providerCode: r.code,
      providerName: r.name,
      status: r.status,
      position: formatMinorUnits(r.position),
    })),
  };
}
