import { sql } from 'drizzle-orm';
import type { CreditResult, ErrorName, LedgerKind, LogActionCode } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
import { isRetryableConflict } from '../../db/errors.js';
import { countLedgerPosting } from '../../core/metrics-events.js';
import { retryConflicts } from '../../core/tx.js';
import { GroupCommit, type GroupCommitOptions } from '../../lib/group-commit.js';
import { DEFAULT_LEDGER_BATCH } from '../../config.js';

/**
 * Recharges and withdrawals posted in batches (migration 0022, `ledger_credit_batch`): the credit
 * moves that reach this process while a batch is on its way are posted together by the next one,
 * in one statement and one commit. A hot account (the house, a busy agent) is locked once per
 * batch instead of once per transfer, and the commit — what every transfer used to wait for in
 * turn — is shared.
 *
 * Each move still gets its own answer: the function decides the items in the order they came,
 * with the rules of a single request (target, direct child, restrictions, the payer's balance),
 * each under its own idempotency key, with its own transaction row, entries and log row.
 *
 * Several server processes each batch their own requests; the row locks decide between them.
 */

/** One credit move, as the batch function reads it (its JSON field names). */
export interface CreditMove {
  site: string;
  kind: LedgerKind;
  action: LogActionCode;
  /** The child pays (withdraw); otherwise the caller pays (recharge). */
  withdraw: boolean;
  target_kind: 'AGENT' | 'PLAYER';
  caller: number;
  target: number;
  /** Minor units, as decimal digits. */
  amount: string;
  amount_text: string;
  memo: string | null;
  key: string;
  hash: string;
  /** The transaction time: ISO instant, and as the site's wall clock for the answer. */
  at: string;
  at_text: string;
  ip: string;
}

/** What the batch decided for one move. */
export type MoveOutcome =
  | { outcome: 'ok'; result: CreditResult }
  | { outcome: 'refused'; code: ErrorName }
  /** The key had an outcome already: the first request's hash, result and refusal, to answer again. */
  | { outcome: 'stored'; stored: { request_hash: string | null; result: CreditResult | null; refusal: string | null } };

interface Row {
  o_n: number;
  o_outcome: 'ok' | 'refused' | 'stored';
  o_code: string | null;
  o_result: CreditResult | null;
  o_hash: string | null;
}

const batchers = new WeakMap<Db, GroupCommit<CreditMove, MoveOutcome>>();

/**
 * Posts `move` with whatever else is waiting on this database; resolves with its own outcome.
 *
 * `options` (config `ledgerBatch`) count when the database's first move is posted. maxInFlight
 * 1 is the default: everything that arrives while a batch runs goes into the next, so batches
 * grow with the load and a move pays a share of one commit instead of its own. A batch's fixed
 * cost — its commit and its statements, about 1 ms of PostgreSQL CPU — is paid whatever its size
 * (docs/PERFORMANCE.md, "A ledger that batches", also for two in flight side by side).
 */
export function postCreditMove(db: Db, move: CreditMove, options: GroupCommitOptions = DEFAULT_LEDGER_BATCH): Promise<MoveOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new GroupCommit((moves) => postBatch(db, moves), options);
    batchers.set(db, batcher);
  }
  return batcher.submit(move);
}

async function postBatch(db: Db, moves: CreditMove[]): Promise<(MoveOutcome | Error)[]> {
  try {
    return await callAgainOnRace(db, moves);
  } catch (err) {
    if (moves.length === 1 || isRetryableConflict(err)) throw err;
    // Anything else: each move alone, so one move's failure stays its own.
    return Promise.all(
      moves.map((m) =>
        callAgainOnRace(db, [m]).then(
          (r) => r[0]!,
          (e: unknown) => toError(e),
        ),
      ),
    );
  }
}

/** How many times a batch runs at most when a key it meant to write was committed meanwhile. */
const KEY_RACE_ATTEMPTS = 3;

/**
 * Runs the batch; a deadlock or serialisation failure (retryConflicts), or a key that another
 * transaction committed after the batch read it (the unique index refuses the batch's row), undoes
 * the whole statement, and it runs again: the next run finds the key and answers its outcome.
 */
async function callAgainOnRace(db: Db, moves: CreditMove[]): Promise<MoveOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await retryConflicts(() => callBatch(db, moves));
    } catch (err) {
      if (attempt >= KEY_RACE_ATTEMPTS || !isKeyRace(err)) throw err;
    }
  }
}

function isKeyRace(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'ledger_transactions_idem_uq';
}

async function callBatch(db: Db, moves: CreditMove[]): Promise<MoveOutcome[]> {
  const found = await executeNamed<Row>(
    db,
    sql`select o_n, o_outcome, o_code, o_result, o_hash from ledger_credit_batch(${JSON.stringify(moves)}::jsonb)`,
  );
  const answers: MoveOutcome[] = new Array(moves.length);
  for (const r of found.rows) {
    const i = r.o_n - 1;
    if (r.o_outcome === 'ok') {
      answers[i] = { outcome: 'ok', result: r.o_result! };
      countLedgerPosting(moves[i]!.kind);
    } else if (r.o_outcome === 'refused') answers[i] = { outcome: 'refused', code: r.o_code as ErrorName };
    else answers[i] = { outcome: 'stored', stored: { request_hash: r.o_hash, result: r.o_result, refusal: r.o_code } };
  }
  if (found.rows.length !== moves.length) throw new Error('ledger_credit_batch answered a different number of moves');
  return answers;
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}
