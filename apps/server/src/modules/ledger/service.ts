import { sql, type SQL } from 'drizzle-orm';
import { ERRORS, type ErrorName, type LedgerKind } from '@agent-bo/shared';
import { AppError } from '../../lib/app-error.js';
import { executeNamed } from '../../db/named.js';
import { countLedgerPosting } from '../../core/metrics-events.js';
import { inTransaction, type Q, type Tx } from '../../core/tx.js';

/**
 * The ledger core (PRODUCT.md §4): every balance change is one ledger transaction of two or more
 * entries summing to zero, written atomically with the balance updates.
 *
 * One posting is ONE SQL statement (data-modifying CTEs), so on the pool it runs in its own
 * implicit transaction with a single round trip, and inside a caller's transaction it is one
 * more statement:
 *
 *   nid     the new transaction id (nextval)
 *   legs    (account_id, delta, counterparty_id) VALUES
 *   locked  SELECT … FROM accounts WHERE id IN (…) ORDER BY id FOR NO KEY UPDATE — MATERIALIZED:
 *           the row locks are taken in ascending id order, the global lock order (core/locks.ts),
 *           so postings never deadlock on accounts; NO KEY UPDATE, as the balance update itself
 *           takes, lets foreign-key checks on these rows (an operation log naming the operator)
 *           through instead of queueing them behind the posting
 *   upd     UPDATE accounts SET balance = balance + delta (only rows already locked); a non-house
 *           account (parent_id not null) going below zero calls ledger_refuse() → SQLSTATE LG001
 *           INSUFFICIENT_BALANCE, which undoes the whole statement (the check constraint
 *           accounts_balance_house_only stays as the last guard)
 *   ins     INSERT ledger_transactions (with the idempotency key and the stored result, built
 *           from upd); a duplicate key → unique violation → the whole statement is undone
 *   ent     INSERT ledger_entries: one row per leg with its balance after
 *   extra   caller CTEs over ins/upd (operation-log rows)
 *
 * READ COMMITTED: the UPDATE re-reads the newest row version once the lock is held (EvalPlanQual),
 * so concurrent postings on one account serialise on its row lock and never lose an update.
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
  /** ledger_transactions.result as stored (null without `resultSql`). */
  result: unknown;
}

export interface PostInput {
  siteId: string;
  kind: LedgerKind;
  /** The account that acted; null for the system. */
  operatorId: number | null;
  legs: Leg[];
  memo?: string | null;
  /** Game provider code of TRANSFER_OUT / TRANSFER_IN / REFUND legs. */
  provider?: string | null;
  /** Replay protection: (site, operator, key) is unique; for the system (operator null), (site, key). */
  idempotency?: { key: string; requestHash: string } | null;
  /** Transaction time (default: now). Lets tests move the clock (relief business day). */
  now?: Date;
  /**
   * Extra rules checked with every touched row locked, before anything changes (e.g. relief);
   * throw to refuse.
   */
  verify?: (posted: { legs: PostedLeg[] }, q: Q) => Promise<void>;
  /**
   * Rules re-checked on the rows as they stand once locked, inside the posting statement: each
   * `refuseWhen` is a boolean SQL expression over the CTE `locked(id, parent_id, is_disabled,
   * is_full_disabled, is_full_readonly)`; the first that holds refuses with its `error` and
   * undoes the statement. Checks made before the posting read an earlier snapshot; a status
   * change or a move that commits while this posting waits for its row locks is only seen here.
   */
  lockedChecks?: { refuseWhen: SQL; error: ErrorName }[];
  /** jsonb expression for ledger_transactions.result; may use CTEs nid(id) and upd(id, account_no, balance, delta). */
  resultSql?: SQL;
  /** More CTEs (e.g. operation-log inserts) over ins(id, result) and upd(id, account_no, balance, delta, counterparty_id). */
  extraCtes?: SQL[];
}

/** Thrown when another request already committed the idempotency key. */
export class DuplicateKey extends Error {
  constructor() {
    super('duplicate idempotency key');
  }
}

/** A decimal string ("-12.50") from a minor-units SQL expression. */
export function moneySql(minor: SQL): SQL {
  return sql`(case when (${minor}) < 0 then '-' else '' end || (abs(${minor}) / 100)::text || '.' || lpad((abs(${minor}) % 100)::text, 2, '0'))`;
}

function pgError(err: unknown): { code?: string; constraint?: string; message?: string } | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  if (typeof e?.code === 'string') return e as { code?: string };
  if (e?.cause && typeof e.cause.code === 'string') return e.cause as { code?: string };
  return undefined;
}

/**
 * Posts one ledger transaction. Throws AppError INSUFFICIENT_BALANCE when a non-house account
 * would go below zero, DuplicateKey when the idempotency key is already taken (a concurrent
 * duplicate waits on the row locks, then on the unique index, until the first commits or rolls
 * back), and rethrows what `verify` throws. Nothing is written on any throw (inside a caller's
 * transaction, the caller must roll back — db.transaction does).
 */
export async function post(q: Q, input: PostInput): Promise<Posted> {
  const { legs } = input;
  if (legs.length < 2) throw new Error('a ledger transaction needs two or more legs');
  if (legs.some((l) => l.amount === 0n)) throw new Error('a ledger leg cannot be zero');
  if (legs.reduce((s, l) => s + l.amount, 0n) !== 0n) throw new Error('ledger legs must sum to zero');
  if (new Set(legs.map((l) => l.accountId)).size !== legs.length) throw new Error('one leg per account');
  const now = input.now ?? new Date();
  const idList = sql.join(
    [...legs].sort((a, b) => a.accountId - b.accountId).map((l) => sql`${l.accountId}::int`),
    sql`, `,
  );

  if (!input.verify) return postLocking(q, input, idList, now);
  // `verify` reads the locked rows before anything changes: lock them by a statement of their
  // own (ascending id), in a transaction, then post.
  return inTransaction(q, async (tx) => {
    const locked = await executeNamed<{ id: number; account_no: string; balance: string }>(
      tx,
      sql`select id, account_no, balance::text as balance from accounts where id in (${idList}) order by id for no key update`,
    );
    await verifyLocked(input, locked.rows, tx);
    return postLocking(tx, input, idList, now);
  });
}

/** Runs `input.verify` on the locked rows, with each leg's balance before and after. */
async function verifyLocked(input: PostInput, rows: { id: number; account_no: string; balance: string }[], tx: Tx): Promise<void> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const preview = input.legs.map((l) => {
    const row = byId.get(l.accountId);
    if (!row) throw new Error(`ledger account ${l.accountId} missing`);
    const before = BigInt(row.balance);
    return { ...l, accountNo: row.account_no, balanceBefore: before, balanceAfter: before + l.amount };
  });
  await input.verify!({ legs: preview }, tx);
}

/** The posting statement: locks the legs (ascending id), re-checks, updates, writes the rows. */
async function postLocking(q: Q, input: PostInput, idList: SQL, now: Date): Promise<Posted> {
  const { legs } = input;
  const at = now.toISOString();
  const memo = input.memo ?? null;
  const legIds = sql.join(
    legs.map((l) => sql`${l.accountId}`),
    sql`, `,
  );
  const legDeltas = sql.join(
    legs.map((l) => sql`${l.amount}`),
    sql`, `,
  );
  const legValues = sql.join(
    legs.map((l) => sql`(${l.accountId}::int, ${l.amount}::bigint, ${l.counterpartyId}::int)`),
    sql`, `,
  );
  const extra = input.extraCtes?.length ? sql`, ${sql.join(input.extraCtes, sql`, `)}` : sql``;
  const checks = input.lockedChecks ?? [];
  const refusals = checks.length
    ? sql`case ${sql.join(
        checks.map((c) => sql`when (${c.refuseWhen}) then ledger_refuse(${c.error}::text, 0)`),
        sql` `,
      )} else 0 end`
    : sql`0`;
  const statement = sql`
    with nid as (select nextval('ledger_transactions_id_seq') as id),
    legs (account_id, delta, counterparty_id) as (values ${legValues}),
    locked as materialized (
      select a.id, a.parent_id, a.is_disabled, a.is_full_disabled, a.is_full_readonly
        from accounts a where a.id in (${idList}) order by a.id for no key update),
    chk as materialized (select ${refusals} as refused, (select count(*) from locked) as locked),
    upd as materialized (
      -- ledger_apply (migration 0017) updates at a snapshot taken after the locks; its last
      -- argument, read from chk (which read locked), makes it run only once they are held.
      select u.id, u.account_no, u.balance, u.delta, l.counterparty_id
        from ledger_apply(array[${legIds}]::int[], array[${legDeltas}]::bigint[], (select chk.refused + chk.locked from chk)) u
        join legs l on l.account_id = u.id
    ),
    ins as (
      insert into ledger_transactions (id, site_id, kind, operator_id, idempotency_key, request_hash, memo, created_at, result)
      select nid.id, ${input.siteId}, ${input.kind}, ${input.operatorId}::int, ${input.idempotency?.key ?? null}, ${input.idempotency?.requestHash ?? null},
             ${memo}, ${at}::timestamptz, ${input.resultSql ?? sql`null`}::jsonb
        from nid
       where case when (select count(*) from upd) = ${legs.length} then true else ledger_refuse('ACCOUNT_MISSING', 0) is null end
      returning id, result
    ),
    ent as (
      insert into ledger_entries (transaction_id, site_id, account_id, counterparty_id, kind, amount, balance_after, operator_id, memo, provider, created_at)
      select ins.id, ${input.siteId}, u.id, u.counterparty_id, ${input.kind}, u.delta, u.balance, ${input.operatorId}::int, ${memo}, ${input.provider ?? null}, ${at}::timestamptz
        from ins cross join upd u
    )${extra}
    select ins.id::text as id, ins.result,
           (select json_agg(json_build_object('id', u.id, 'accountNo', u.account_no, 'balance', u.balance::text)) from upd u) as legs
      from ins`;

  let row: { id: string; result: unknown; legs: { id: number; accountNo: string; balance: string }[] } | undefined;
  try {
    const res = await executeNamed<{ id: string; result: unknown; legs: { id: number; accountNo: string; balance: string }[] }>(
      q,
      statement,
    );
    row = res.rows[0];
  } catch (err) {
    const pg = pgError(err);
    if (pg?.code === 'LG001' && pg.message && pg.message in ERRORS) throw new AppError(pg.message as ErrorName);
    if (pg?.code === '23505' && (pg.constraint === 'ledger_transactions_idem_uq' || pg.constraint === 'ledger_transactions_system_idem_uq'))
      throw new DuplicateKey();
    throw err;
  }
  if (!row) throw new Error('ledger posting returned nothing');
  countLedgerPosting(input.kind);
  const after = new Map(row.legs.map((l) => [l.id, l]));
  return {
    transactionId: BigInt(row.id),
    createdAt: now,
    result: row.result,
    legs: legs.map((l) => {
      const r = after.get(l.accountId)!;
      const balanceAfter = BigInt(r.balance);
      return { ...l, accountNo: r.accountNo, balanceBefore: balanceAfter - l.amount, balanceAfter };
    }),
  };
}
