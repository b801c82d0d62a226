import { sql, type SQL } from 'drizzle-orm';
import type { LedgerKind, LogActionCode } from '@agent-bo/shared';
import { AppError } from '../../lib/app-error.js';
import type { Q } from '../members/access.js';

/**
 * The ledger core (PRODUCT.md §4): every balance change is one ledger transaction of two or more
 * entries summing to zero, written in ONE database transaction with the balance updates.
 *
 * - Lock order: the touched account rows are updated in ascending id order, one
 *   `UPDATE … RETURNING` each; the UPDATE takes the row lock, so every posting locks its rows in
 *   the same global order and two postings can never deadlock on accounts.
 * - Balance rule: the UPDATE only matches when the new balance is ≥ 0 or the account is the
 *   house (the site's admin, parent_id null). No match → INSUFFICIENT_BALANCE and the caller's
 *   transaction rolls back. The check constraint accounts_balance_house_only is the last guard.
 * - Entries: one multi-row INSERT with each leg's balance after; the transaction's row, its
 *   result and any operation-log rows go in the same statement.
 *
 * READ COMMITTED is enough: the row lock serialises the balance arithmetic.
 */

export interface Leg {
  accountId: number;
  /** Signed minor units: negative leaves the account, positive enters it. Never zero. */
  amount: bigint;
  counterpartyId: number | null;
}

export interface PostedLeg extends Leg {
  accountNo: string;
  balanceBefore: bigint;
  balanceAfter: bigint;
}

export interface Posted {
  transactionId: bigint;
  createdAt: Date;
  /** In the order the legs were given. */
  legs: PostedLeg[];
}

export interface OperationLogRow {
  targetId: number;
  action: LogActionCode;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface PostInput {
  siteId: string;
  kind: LedgerKind;
  /** The account that acted; null for the system (seed). */
  operatorId: number | null;
  legs: Leg[];
  memo?: string | null;
  /** Game provider code of TRANSFER_OUT / TRANSFER_IN / REFUND legs. */
  provider?: string | null;
  /** Replay protection: (site, operator, key) is unique. */
  idempotency?: { key: string; requestHash: string } | null;
  /** Transaction time (default: now). Lets tests move the clock (relief business day). */
  now?: Date;
  /** Runs after every row is locked and updated, before anything is inserted; throw to refuse. */
  verify?: (posted: Omit<Posted, 'transactionId' | 'createdAt'>, q: Q) => Promise<void>;
  /** The answer stored on the transaction row (ledger_transactions.result) for replays. */
  result?: (posted: Posted) => unknown;
  /** Operation-log rows appended in the same statement as the entries. */
  logs?: (posted: Posted) => OperationLogRow[];
}

/** Thrown inside the transaction when another request already holds the idempotency key. */
export class DuplicateKey extends Error {
  constructor() {
    super('duplicate idempotency key');
  }
}

/**
 * Posts one ledger transaction inside the open database transaction `tx`. Throws AppError
 * INSUFFICIENT_BALANCE when a non-house account would go below zero, DuplicateKey when the
 * idempotency key is taken (a concurrent duplicate waits here until the first commits or rolls
 * back: the insert waits on the unique index), and rethrows anything `verify` throws. The caller
 * must roll back on any throw (db.transaction does).
 */
export async function post(tx: Q, input: PostInput): Promise<Posted> {
  const { legs } = input;
  if (legs.length < 2) throw new Error('a ledger transaction needs two or more legs');
  if (legs.some((l) => l.amount === 0n)) throw new Error('a ledger leg cannot be zero');
  if (legs.reduce((s, l) => s + l.amount, 0n) !== 0n) throw new Error('ledger legs must sum to zero');
  if (new Set(legs.map((l) => l.accountId)).size !== legs.length) throw new Error('one leg per account');
  const now = input.now ?? new Date();
  const memo = input.memo ?? null;

  // 1. The transaction row first: its unique (site, operator, key) is the idempotency guard.
  const opened = await tx.execute<{ id: string }>(sql`
    insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, memo, created_at)
    values (${input.siteId}, ${input.kind}, ${input.operatorId}, ${input.idempotency?.key ?? null}, ${input.idempotency?.requestHash ?? null}, ${memo}, ${now.toISOString()})
    on conflict (site_id, operator_id, idempotency_key) do nothing
    returning id`);
  const txRow = opened.rows[0];
  if (!txRow) throw new DuplicateKey();
  const transactionId = BigInt(txRow.id);

  // 2. Balances, in ascending account id order (the global lock order).
  const byId = new Map<number, PostedLeg>();
  for (const leg of [...legs].sort((a, b) => a.accountId - b.accountId)) {
    const updated = await tx.execute<{ balance: string; account_no: string }>(sql`
      update accounts set balance = balance + ${leg.amount}::bigint
      where id = ${leg.accountId} and (balance + ${leg.amount}::bigint >= 0 or parent_id is null)
      returning balance::text, account_no`);
    const row = updated.rows[0];
    if (!row) throw new AppError('INSUFFICIENT_BALANCE');
    const after = BigInt(row.balance);
    byId.set(leg.accountId, { ...leg, accountNo: row.account_no, balanceBefore: after - leg.amount, balanceAfter: after });
  }
  const postedLegs = legs.map((l) => byId.get(l.accountId)!);
  if (input.verify) await input.verify({ legs: postedLegs }, tx);

  // 3. Entries, operation logs and the stored answer: one statement.
  const posted: Posted = { transactionId, createdAt: now, legs: postedLegs };
  const at = now.toISOString();
  const entryValues = sql.join(
    postedLegs.map(
      (l) =>
        sql`(${transactionId}::bigint, ${input.siteId}, ${l.accountId}::int, ${l.counterpartyId}::int, ${input.kind}, ${l.amount}::bigint, ${l.balanceAfter}::bigint, ${input.operatorId}::int, ${memo}, ${input.provider ?? null}, ${at}::timestamptz)`,
    ),
    sql`, `,
  );
  const parts: SQL[] = [
    sql`e as (insert into ledger_entries (transaction_id, site_id, account_id, counterparty_id, kind, amount, balance_after, operator_id, memo, provider, created_at) values ${entryValues})`,
  ];
  const logs = input.logs?.(posted) ?? [];
  if (logs.length > 0) {
    const logValues = sql.join(
      logs.map(
        (r) =>
          sql`(${input.siteId}, ${input.operatorId}::int, ${r.targetId}::int, ${r.action}, ${r.before == null ? null : JSON.stringify(r.before)}::jsonb, ${r.after == null ? null : JSON.stringify(r.after)}::jsonb, ${r.ip}, ${at}::timestamptz)`,
      ),
      sql`, `,
    );
    parts.push(sql`l as (insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at) values ${logValues})`);
  }
  const result = input.result?.(posted);
  const tail =
    result === undefined
      ? sql`select 1`
      : sql`update ledger_transactions set result = ${JSON.stringify(result)}::jsonb where id = ${transactionId}::bigint`;
  await tx.execute(sql`with ${sql.join(parts, sql`, `)} ${tail}`);
  return posted;
}
