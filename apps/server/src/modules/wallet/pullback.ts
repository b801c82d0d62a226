import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  PROVIDER_OUTBOUND_PATHS,
  formatMinorUnits,
  pullBackAnswerSchema,
  siteTimeZone,
  toMinorUnits,
  type ErrorName,
  type TransferBackRequest,
  type TransferBackResult,
} from '@agent-bo/shared';
import { executeNamed } from '../../db/named.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { assertWriter } from '../../core/access.js';
import { DuplicateKey, moneySql, post, resolveIdempotencyKey, type CreditContext } from '../ledger/index.js';
import { availableSql, callProvider, merchantOf, positionSql } from '../provider-api/index.js';
import { inTransaction } from '../../core/tx.js';

/**
 * OPERATION_TRANSFER (PRODUCT.md §4–§5): staff pull a player's credit back from a provider.
 *
 * The credit sits in the provider's wallet, outside our books. Paying the player from the house
 * without the provider knowing would let both wallets pay the same money (the provider would still
 * send it home through transfer_in). So a pull-back is a signed call to the provider
 * (`{endpoint}/wallet/pull_back`, provider-api/outbound.ts) and completes only when the provider
 * confirms it took the amount from its wallet:
 *
 *   1. checked and reserved (one transaction, the player's row locked): the player in the caller's
 *      subtree, the amount within what may still come home (the position less other pending
 *      pull-backs), the site's merchant account with an endpoint. A row PENDING is written with our
 *      transaction id; the reservation keeps concurrent pull-backs and transfer_ins from using the
 *      same money.
 *   2. the call, outside any transaction. No answer (network, timeout, 5xx, an unsigned or
 *      unexpected answer): still PENDING, nothing paid, answered PULL_BACK_PENDING; a resend with
 *      the same key calls again with the same transaction id, which the provider honours once.
 *      REFUSED by the provider: the key binds to PULL_BACK_REFUSED, the reservation ends.
 *   3. confirmed: TRANSFER_IN house → player with the operator recorded and an operation-log row, in
 *      one transaction with the row turning COMPLETED; later resends answer that result (replayed)
 *      without calling the provider again.
 *
 * Any player in the caller's subtree, not only direct children (see docs/REPORTS.md). Keys are the
 * credit calls' (site, operator, key), bound to the first outcome, refusals included.
 */

const PATH = '/manage/player/transfer_back';

/** Two-key advisory lock class of a pull-back key: requests with one key run one at a time. */
const KEY_LOCK_CLASS = 4_208;

interface PullbackRow extends Record<string, unknown> {
  id: string;
  site_id: string;
  provider_code: string;
  transaction_id: string;
  player_id: number;
  operator_id: number;
  idempotency_key: string;
  request_hash: string;
  amount: string;
  memo: string | null;
  status: 'PENDING' | 'COMPLETED' | 'REFUSED';
  refusal: string | null;
  result: TransferBackResult | null;
}

interface Stored {
  request_hash: string | null;
  result: TransferBackResult | null;
  refusal: string | null;
}

function replay(stored: Stored, hash: string): TransferBackResult {
  if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
  if (stored.refusal) throw new AppError(stored.refusal as ErrorName);
  if (!stored.result) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { ...stored.result, replayed: true };
}

export interface PullBackContext extends CreditContext {
  /** How long the provider's answer is awaited (default: the outbound client's). */
  providerTimeoutMs?: number;
}

export async function transferBack(
  ctx: PullBackContext,
  body: TransferBackRequest,
  headerKey: string | string[] | undefined,
): Promise<TransferBackResult> {
  const key = resolveIdempotencyKey(headerKey, body.idempotencyKey);
  const { caller } = ctx;
  assertWriter(caller);
  const amount = toMinorUnits(body.amount);
  const memo = body.memo ? body.memo : null;
  const hash = createHash('sha256')
    .update(`${PATH}\n${body.id}\n${body.providerCode}\n${amount}\n${memo ?? ''}`)
    .digest('hex');

  const reserved = await reserve(ctx, { key, hash, amount, memo, playerId: body.id, provider: body.providerCode });
  if ('answer' in reserved) return reserved.answer;
  const row = reserved.row;
  if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
  if (row.status === 'COMPLETED') return { ...row.result!, replayed: true };
  if (row.status === 'REFUSED') throw new AppError(row.refusal as ErrorName);
  return send(ctx, row);
}

/**
 * Step 1: the key's first outcome, or a new PENDING pull-back. Requests with the same key wait for
 * each other (an advisory lock), so one key never gets two outcomes.
 */
async function reserve(
  ctx: PullBackContext,
  p: { key: string; hash: string; amount: bigint; memo: string | null; playerId: number; provider: string },
): Promise<{ row: PullbackRow } | { answer: TransferBackResult }> {
  const { caller, db } = ctx;
  const siteId = caller.siteId;
  const callerId = caller.account.id;
  const now = ctx.now();
  const outcome = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_CLASS}::int, hashtext(${`${siteId}:${callerId}:${p.key}`}))`);
    const known = await executeNamed<PullbackRow>(
      tx,
      sql`select * from provider_pullbacks where site_id = ${siteId} and operator_id = ${callerId} and idempotency_key = ${p.key}`,
    );
    if (known.rows[0]) return { row: known.rows[0] };
    // A key first used by a credit call, or a refusal stored below.
    const bound = await tx.execute<Stored & Record<string, unknown>>(sql`
      select request_hash, result, refusal from ledger_transactions
       where site_id = ${siteId} and operator_id = ${callerId} and idempotency_key = ${p.key}`);
    if (bound.rows[0]) return { stored: bound.rows[0] as Stored };

    const refuse = async (name: ErrorName) => {
      await tx.execute(sql`
        insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, memo, refusal, created_at)
        values (${siteId}, 'TRANSFER_IN', ${callerId}::int, ${p.key}, ${p.hash}, ${p.memo}, ${name}, ${now.toISOString()}::timestamptz)`);
      return { refused: name } as const;
    };
    // The player's row locked first, by a statement of its own: every posting and pull-back that
    // moves its position waits. The position is read by the next statement, whose snapshot is
    // taken after the lock, so it sees a concurrent pull-back's reservation that committed while
    // this one waited (read in the locking statement, it would not: that statement's snapshot
    // predates the wait, and two pulls could together exceed the position).
    await tx.execute(sql`select id from accounts where id = ${p.playerId} and site_id = ${siteId} for no key update`);
    const found = await tx.execute<{ id: number; kind: string; inside: boolean; available: string }>(sql`
      select a.id, a.kind, a.path @> array[${caller.scopeRootId}::int] as inside, ${availableSql(sql`a.id`, p.provider)}::text as available
        from accounts a where a.id = ${p.playerId} and a.site_id = ${siteId}`);
    const player = found.rows[0];
    if (!player || player.kind !== 'PLAYER' || !player.inside) return refuse('ACCOUNT_NOT_FOUND');
    if (p.amount > BigInt(player.available)) return refuse('TRANSFER_ABOVE_POSITION');
    const merchant = await merchantOf(tx, siteId, p.provider);
    if ('missing' in merchant) return refuse(merchant.missing);

    const inserted = await executeNamed<PullbackRow>(
      tx,
      sql`insert into provider_pullbacks (site_id, provider_code, transaction_id, player_id, operator_id, idempotency_key, request_hash,
                                          amount, memo, status, created_at, updated_at)
          values (${siteId}, ${p.provider}, ${`pb-${randomUUID()}`}, ${player.id}, ${callerId}, ${p.key}, ${p.hash},
                  ${p.amount}, ${p.memo}, 'PENDING', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          returning *`,
    );
    return { row: inserted.rows[0]! };
  });
  if ('stored' in outcome) return { answer: replay(outcome.stored!, p.hash) };
  if ('refused' in outcome) throw new AppError(outcome.refused);
  return { row: outcome.row };
}

/** Step 2: the signed call; a confirmation completes the pull-back (step 3). */
async function send(ctx: PullBackContext, row: PullbackRow): Promise<TransferBackResult> {
  const { db } = ctx;
  const fail = async (error: string): Promise<never> => {
    await db.execute(sql`
      update provider_pullbacks set attempts = attempts + 1, last_error = ${error.slice(0, 200)}, updated_at = ${ctx.now().toISOString()}::timestamptz
       where id = ${row.id}::bigint and status = 'PENDING'`);
    throw new AppError('PULL_BACK_PENDING');
  };
  const merchant = await merchantOf(db, row.site_id, row.provider_code);
  if ('missing' in merchant) return fail(merchant.missing);
  const player = await db.execute<{ account_no: string }>(sql`select account_no from accounts where id = ${row.player_id}`);
  const answer = await callProvider(
    merchant,
    PROVIDER_OUTBOUND_PATHS.pullBack,
    {
      siteId: row.site_id,
      transactionId: row.transaction_id,
      playerAccountNo: player.rows[0]!.account_no,
      amount: formatMinorUnits(BigInt(row.amount)),
    },
    pullBackAnswerSchema,
    { now: ctx.now, timeoutMs: ctx.providerTimeoutMs },
  );
  if (!answer.ok) return fail(answer.error);
  if (answer.data.transactionId !== row.transaction_id) return fail('answer for another transaction');
  if (answer.data.status === 'REFUSED') {
    const refused = await db.execute(sql`
      update provider_pullbacks set attempts = attempts + 1, status = 'REFUSED', refusal = 'PULL_BACK_REFUSED',
             last_error = ${(answer.data.reason ?? 'refused').slice(0, 200)}, updated_at = ${ctx.now().toISOString()}::timestamptz
       where id = ${row.id}::bigint and status = 'PENDING'`);
    if (refused.rowCount === 1) throw new AppError('PULL_BACK_REFUSED');
    return settled(ctx, row);
  }
  if (toMinorUnits(answer.data.amount) !== BigInt(row.amount)) return fail(`confirmed ${answer.data.amount}, not the amount asked`);
  return complete(ctx, row);
}

/** A resend that found the row no longer PENDING (a concurrent resend finished it). */
async function settled(ctx: PullBackContext, row: PullbackRow): Promise<TransferBackResult> {
  const now = await executeNamed<PullbackRow>(ctx.db, sql`select * from provider_pullbacks where id = ${row.id}::bigint`);
  const r = now.rows[0]!;
  if (r.status === 'COMPLETED') return { ...r.result!, replayed: true };
  if (r.status === 'REFUSED') throw new AppError(r.refusal as ErrorName);
  throw new AppError('PULL_BACK_PENDING');
}

/** Step 3: the provider took the amount from its wallet: pay the player, once. */
async function complete(ctx: PullBackContext, row: PullbackRow): Promise<TransferBackResult> {
  const { db } = ctx;
  const siteId = row.site_id;
  const provider = row.provider_code;
  const playerId = row.player_id;
  const operatorId = row.operator_id;
  const amount = BigInt(row.amount);
  const now = ctx.now();
  const amountText = formatMinorUnits(amount);
  const createdAt = formatDateTime(now, siteTimeZone(siteId));
  try {
    return await inTransaction(db, async (tx) => {
      const current = await executeNamed<PullbackRow>(tx, sql`select * from provider_pullbacks where id = ${row.id}::bigint for update`);
      const r = current.rows[0]!;
      if (r.status === 'COMPLETED') return { ...r.result!, replayed: true };
      if (r.status === 'REFUSED') throw new AppError(r.refusal as ErrorName);
      const house = await tx.execute<{ id: number }>(
        sql`select id from accounts where site_id = ${siteId} and parent_id is null and not is_shadow`,
      );
      const houseId = house.rows[0]!.id;
      // The amount was reserved at step 1: the provider no longer holds it, so it is paid whatever
      // the position says now (and the position counts it until this posting).
      const posted = await post(tx, {
        siteId,
        kind: 'TRANSFER_IN',
        operatorId,
        provider,
        memo: row.memo,
        now,
        legs: [
          { accountId: houseId, amount: -amount, counterpartyId: playerId },
          { accountId: playerId, amount, counterpartyId: houseId },
        ],
        idempotency: { key: row.idempotency_key, requestHash: row.request_hash },
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
            select ${siteId}, ${operatorId}::int, u.id, 'TRANSFER_IN',
                   json_build_object('balance', ${moneySql(sql`u.balance - u.delta`)}, 'providerCode', ${provider}::text,
                                     'position', ${moneySql(positionSql(playerId, provider))})::jsonb,
                   json_build_object('balance', ${moneySql(sql`u.balance`)}, 'providerCode', ${provider}::text, 'amount', ${amountText}::text,
                                     'position', ${moneySql(sql`greatest(0, ${positionSql(playerId, provider)} - ${amount}::bigint)`)},
                                     'transactionId', ins.id::text, 'accountNo', u.account_no,
                                     'providerTransactionId', ${row.transaction_id}::text)::jsonb,
                   ${ctx.ip}, ${now.toISOString()}::timestamptz
              from ins, upd u where u.id = ${playerId}::int)`,
        ],
      });
      const result = posted.result as TransferBackResult;
      await tx.execute(sql`
        update provider_pullbacks set status = 'COMPLETED', attempts = attempts + 1, last_error = null, result = ${JSON.stringify(result)}::jsonb,
               ledger_transaction_id = ${result.transactionId}::bigint, updated_at = ${now.toISOString()}::timestamptz
         where id = ${row.id}::bigint`);
      return result;
    });
  } catch (err) {
    // The key was taken by another call (a credit call) since step 1: the provider has confirmed,
    // so the pull-back stays PENDING for the operators to settle through reconciliation.
    if (err instanceof DuplicateKey) throw new AppError('IDEMPOTENCY_CONFLICT');
    throw err;
  }
}
