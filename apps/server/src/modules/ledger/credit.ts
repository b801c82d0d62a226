import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  formatMinorUnits,
  idempotencyKeySchema,
  toMinorUnits,
  siteTimeZone,
  type CreditRequest,
  type CreditResult,
  type ErrorName,
  type LedgerKind,
  type LogActionCode,
  type ReliefRule,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { formatDateTime } from '../../lib/dates.js';
import { assertWriter } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { executeNamed } from '../../db/named.js';
import { businessDayStart } from './business-day.js';
import { DuplicateKey, moneySql, post, type PostInput } from './service.js';
import { postCreditMove } from './credit-batch.js';
import type { GroupCommitOptions } from '../../lib/group-commit.js';

export type CreditOp = 'recharge' | 'withdraw' | 'poor';

export interface CreditContext {
  db: Db;
  caller: Caller;
  ip: string;
  now: () => Date;
  /** How moves are batched (config `ledgerBatch`); default DEFAULT_LEDGER_BATCH. */
  batch?: GroupCommitOptions;
}

const KIND: Record<CreditOp, LedgerKind> = { recharge: 'RECHARGE', withdraw: 'WITHDRAW', poor: 'POOR_USER' };
const ACTION: Record<CreditOp, LogActionCode> = { recharge: 'RECHARGE', withdraw: 'WITHDRAW', poor: 'POOR_USER' };

/**
 * The idempotency key of a credit call: the `Idempotency-Key` header or the `idempotencyKey`
 * field. A malformed header, or a header and a field that differ, is VALIDATION_FAILED; neither
 * is IDEMPOTENCY_KEY_REQUIRED. (The field's format is checked by the body schema.)
 */
export function resolveIdempotencyKey(header: string | string[] | undefined, field: string | undefined): string {
  let fromHeader: string | undefined;
  if (header !== undefined) {
    const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? undefined : header);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, [{ path: 'Idempotency-Key', message: 'idempotencyKey.format' }]);
    fromHeader = parsed.data;
  }
  if (fromHeader !== undefined && field !== undefined && fromHeader !== field) {
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'idempotencyKey', message: 'idempotencyKey.mismatch' }]);
  }
  const key = fromHeader ?? field;
  if (key === undefined) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
}

/** sha256 of the canonical request: the route path and the body without the key. */
export function requestHash(path: string, id: number, amountMinor: bigint, memo: string | null): string {
  return createHash('sha256')
    .update(`${path}\n${id}\n${amountMinor}\n${memo ?? ''}`)
    .digest('hex');
}

interface TargetRow extends Record<string, unknown> {
  id: number | null;
  account_no: string | null;
  kind: 'AGENT' | 'PLAYER' | null;
  is_shadow: boolean | null;
  parent_id: number | null;
  is_disabled: boolean | null;
  is_full_disabled: boolean | null;
  is_full_readonly: boolean | null;
  request_hash: string | null;
  result: CreditResult | null;
  refusal: string | null;
  relief_threshold?: string;
  relief_max_amount?: string;
  relief_daily_count?: number;
}

interface StoredOutcome extends Record<string, unknown> {
  request_hash: string | null;
  result: CreditResult | null;
  refusal: string | null;
}

/** The first outcome of a key, answered again: its result, or its refusal. */
function replay(stored: StoredOutcome, hash: string): CreditResult {
  if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
  if (stored.refusal) throw new AppError(stored.refusal as ErrorName);
  if (!stored.result) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { ...stored.result, replayed: true };
}

/**
 * recharge / withdraw / poor (relief) with a DIRECT child of the caller (PRODUCT.md §3, §4).
 *
 * Order of refusals: read-only caller (CALLER_READ_ONLY) → an earlier request with the same key
 * (its answer, or IDEMPOTENCY_CONFLICT for another body) → target outside the subtree, another
 * site, nonexistent or the wrong kind (ACCOUNT_NOT_FOUND) → not a direct child (NOT_DIRECT_CHILD)
 * → target disabled / fully disabled / fully read-only (TARGET_RESTRICTED) → relief amount above
 * the maximum (RELIEF_NOT_ELIGIBLE) → then, under the row locks: the payer's balance
 * (INSUFFICIENT_BALANCE), the player's balance under the threshold (RELIEF_NOT_ELIGIBLE) and the
 * daily count (RELIEF_DAILY_CAP). The first outcome binds the key: a refusal is stored as a
 * transaction row without entries, so a resend — even one racing a slow original — answers the
 * same refusal and never moves money later; a new attempt needs a new key.
 */
export async function credit(
  ctx: CreditContext,
  route: { path: string; op: CreditOp; target: 'AGENT' | 'PLAYER' },
  body: CreditRequest,
  headerKey: string | string[] | undefined,
): Promise<CreditResult> {
  const key = resolveIdempotencyKey(headerKey, body.idempotencyKey);
  const { caller, db } = ctx;
  assertWriter(caller);
  const siteId = caller.siteId;
  const callerId = caller.account.id;
  const amount = toMinorUnits(body.amount);
  const memo = body.memo ? body.memo : null;
  const hash = requestHash(route.path, body.id, amount, memo);
  if (route.op !== 'poor') {
    // Recharge and withdraw: every rule, the key and the posting in the next batch (credit-batch.ts).
    const now = ctx.now();
    const moved = await postCreditMove(
      db,
      {
        site: siteId,
        kind: KIND[route.op],
        action: ACTION[route.op],
        withdraw: route.op === 'withdraw',
        target_kind: route.target,
        caller: callerId,
        target: body.id,
        amount: amount.toString(),
        amount_text: formatMinorUnits(amount),
        memo,
        key,
        hash,
        at: now.toISOString(),
        at_text: formatDateTime(now, siteTimeZone(siteId)),
        ip: ctx.ip,
      },
      ctx.batch,
    );
    if (moved.outcome === 'ok') return moved.result;
    if (moved.outcome === 'refused') throw new AppError(moved.code);
    return replay(moved.stored, hash);
  }
  return relief(ctx, route, { key, hash, amount, memo, targetId: body.id });
}

/**
 * Relief (poor): its rules read the player's balance and today's grants under the row locks, in a
 * transaction of its own (post() with verify), so it is posted alone, not in a batch.
 */
async function relief(
  ctx: CreditContext,
  route: { path: string; op: CreditOp; target: 'AGENT' | 'PLAYER' },
  req: { key: string; hash: string; amount: bigint; memo: string | null; targetId: number },
): Promise<CreditResult> {
  const { caller, db } = ctx;
  const { key, hash, amount, memo } = req;
  const siteId = caller.siteId;
  const callerId = caller.account.id;
  // One round trip: the target (strictly inside the caller's subtree), an earlier request with
  // this key, and the site's rule.
  const found = await executeNamed<TargetRow>(
    db,
    sql`
    select t.id, t.account_no, t.kind, t.is_shadow, t.parent_id, t.is_disabled, t.is_full_disabled, t.is_full_readonly,
           x.request_hash, x.result, x.refusal,
           s.relief_threshold::text as relief_threshold, s.relief_max_amount::text as relief_max_amount, s.relief_daily_count
    from (select 1) as one
    left join accounts t on t.id = ${req.targetId} and t.site_id = ${siteId} and t.path @> array[${callerId}::int]
    left join ledger_transactions x on x.site_id = ${siteId} and x.operator_id = ${callerId} and x.idempotency_key = ${key}
    left join sites s on s.id = ${siteId}`,
  );
  const row = found.rows[0]!;
  if (row.request_hash !== null) return replay(row, hash);
  try {
    return await decideAndPost(ctx, route, { key, hash, amount, memo, row });
  } catch (err) {
    if (!(err instanceof DuplicateKey) && !(err instanceof AppError)) throw err;
    // The first outcome binds the key. A refusal is stored (a row without entries) unless
    // another request with this key got there first; then that request's outcome is the answer.
    if (err instanceof AppError) {
      const stored = await db.execute<{ id: string }>(sql`
        insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, memo, refusal, created_at)
        values (${siteId}, ${KIND[route.op]}, ${callerId}::int, ${key}, ${hash}, ${memo}, ${err.errorName}, ${ctx.now().toISOString()}::timestamptz)
        on conflict (site_id, operator_id, idempotency_key) do nothing
        returning id::text as id`);
      if (stored.rows.length === 1) throw err;
    }
    const winner = await db.execute<StoredOutcome>(sql`
      select request_hash, result, refusal from ledger_transactions
      where site_id = ${siteId} and operator_id = ${callerId} and idempotency_key = ${key}`);
    const first = winner.rows[0];
    if (first) return replay(first, hash);
    throw err;
  }
}

/** The rules and the posting of one relief request whose key has no outcome yet. */
async function decideAndPost(
  ctx: CreditContext,
  route: { path: string; op: CreditOp; target: 'AGENT' | 'PLAYER' },
  req: { key: string; hash: string; amount: bigint; memo: string | null; row: TargetRow },
): Promise<CreditResult> {
  const { caller, db } = ctx;
  const { key, hash, amount, memo, row } = req;
  const siteId = caller.siteId;
  const callerId = caller.account.id;
  if (row.id === null || row.is_shadow || row.kind !== route.target) throw new AppError('ACCOUNT_NOT_FOUND');
  if (row.parent_id !== callerId) throw new AppError('NOT_DIRECT_CHILD');
  // A direct child inherits the "full" flags only through the caller, who is not restricted
  // (assertWriter), so its own flags decide.
  if (row.is_disabled || row.is_full_disabled || row.is_full_readonly) throw new AppError('TARGET_RESTRICTED');

  const rule = {
    threshold: BigInt(row.relief_threshold ?? '0'),
    maxAmount: BigInt(row.relief_max_amount ?? '0'),
    dailyCount: row.relief_daily_count ?? 0,
  };
  if (amount > rule.maxAmount) throw new AppError('RELIEF_NOT_ELIGIBLE');

  const targetId = row.id;
  // The caller pays the relief.
  const [payer, payee] = [callerId, targetId];
  const kind = KIND[route.op];
  const now = ctx.now();
  const timeZone = siteTimeZone(siteId);

  const amountText = formatMinorUnits(amount);
  const createdAt = formatDateTime(now, timeZone);
  const side = (id: number) =>
    sql`(select json_build_object('id', u.id, 'accountNo', u.account_no, 'balanceBefore', ${moneySql(sql`u.balance - u.delta`)}, 'balanceAfter', ${moneySql(sql`u.balance`)}) from upd u where u.id = ${id}::int)`;
  // The CreditResult, built in the posting statement and stored on the transaction row.
  const resultSql = sql`json_build_object('transactionId', nid.id::text, 'kind', ${kind}::text, 'amount', ${amountText}::text,
    'from', ${side(payer)}, 'to', ${side(payee)}, 'createdAt', ${createdAt}::text, 'replayed', false)`;
  const logCte = sql`lg as (
    insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at)
    select ${siteId}, ${callerId}::int, t.id, ${ACTION[route.op]},
           json_build_object('balance', ${moneySql(sql`t.balance - t.delta`)}, 'operatorBalance', ${moneySql(sql`c.balance - c.delta`)})::jsonb,
           json_build_object('balance', ${moneySql(sql`t.balance`)}, 'operatorBalance', ${moneySql(sql`c.balance`)}, 'amount', ${amountText}::text,
                             'transactionId', ins.id::text, 'accountNo', t.account_no)::jsonb,
           ${ctx.ip}, ${now.toISOString()}::timestamptz
      from ins, upd t, upd c
     where t.id = ${targetId}::int and c.id = ${callerId}::int)`;

  const restricted = (id: number) =>
    sql`exists (select 1 from locked k where k.id = ${id}::int and (k.is_disabled or k.is_full_disabled or k.is_full_readonly))`;
  const input: PostInput = {
    siteId,
    kind,
    // The checks above, again on the locked rows: a move or a status change committed while
    // this request waited for the locks must still refuse it.
    lockedChecks: [
      { refuseWhen: restricted(callerId), error: 'CALLER_READ_ONLY' },
      {
        refuseWhen: sql`exists (select 1 from locked k where k.id = ${targetId}::int and k.parent_id is distinct from ${callerId}::int)`,
        error: 'NOT_DIRECT_CHILD',
      },
      { refuseWhen: restricted(targetId), error: 'TARGET_RESTRICTED' },
    ],
    operatorId: callerId,
    legs: [
      { accountId: payer, amount: -amount, counterpartyId: payee },
      { accountId: payee, amount, counterpartyId: payer },
    ],
    memo,
    idempotency: { key, requestHash: hash },
    now,
    resultSql,
    extraCtes: [logCte],
    // The player's balance and today's grants, read under the row locks (post() runs this in a
    // transaction of its own, with the conflict retry of inTransaction).
    verify: async (p, q) => {
      const player = p.legs[1]!;
      if (player.balanceBefore >= rule.threshold) throw new AppError('RELIEF_NOT_ELIGIBLE');
      const since = businessDayStart(now, timeZone);
      const counted = await q.execute<{ n: number }>(sql`
        select count(*)::int as n from ledger_entries
        where account_id = ${targetId} and kind = 'POOR_USER' and amount > 0 and created_at >= ${since.toISOString()}::timestamptz`);
      if ((counted.rows[0]?.n ?? 0) >= rule.dailyCount) throw new AppError('RELIEF_DAILY_CAP');
    },
  };
  const posted = await post(db, input);
  return posted.result as CreditResult;
}

/** The site's relief rule (the web dialog shows it). */
export async function reliefRule(db: Db, siteId: string): Promise<ReliefRule> {
  const found = await db.execute<{ t: string; m: string; n: number }>(
    sql`select relief_threshold::text as t, relief_max_amount::text as m, relief_daily_count as n from sites where id = ${siteId}`,
  );
  const row = found.rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return { threshold: formatMinorUnits(row.t), maxAmount: formatMinorUnits(row.m), dailyCount: row.n };
}
