import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { errorCodeOf, isRetryableConflict } from '../db/errors.js';
import { sleep } from '../lib/sleep.js';
import { countConflictRetry } from './metrics-events.js';

/** An open transaction (the argument of `db.transaction`'s callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database or an open transaction: what a query helper that may run inside one takes. */
export type Q = Db | Tx;

/** How many times a transaction runs at most when PostgreSQL rolls it back for a conflict. */
export const MAX_TX_ATTEMPTS = 4;

/**
 * Runs `fn` again, from the start, when PostgreSQL rolled it back for a serialization failure
 * (40001) or a deadlock (40P01), at most MAX_TX_ATTEMPTS times with a short jittered pause, so
 * the transactions that met do not meet again at once. Only for work that PostgreSQL rolled back
 * as a whole: `fn` is one transaction or one single statement on the pool, and it must keep no
 * state outside the database between attempts (build its results from what it returns). Any other
 * failure, and a conflict after the last attempt, is thrown unchanged. Never after a commit: a
 * commit that fails this way did not commit.
 */
export async function retryConflicts<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= MAX_TX_ATTEMPTS || !isRetryableConflict(err)) throw err;
      countConflictRetry(errorCodeOf(err) ?? 'unknown');
      await sleep(5 * attempt + Math.random() * 20 * attempt);
    }
  }
}

/**
 * The one way the server opens a transaction: `db.transaction(fn, config)` with the conflict
 * retry of `retryConflicts` (deadlock, serialization failure: the whole callback runs again on a
 * fresh transaction). Inside an open transaction (`q` is a Tx) it runs `fn` there, without a
 * retry of its own: the outermost transaction retries.
 */
export function inTransaction<T>(q: Q, fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  if (isTx(q)) return fn(q);
  return retryConflicts(async () => {
    let hooks: CommitHook[] = [];
    const result = await q.transaction((tx) => {
      hooks = [];
      commitHooks.set(tx, hooks);
      return fn(tx);
    }, config);
    for (const hook of hooks) {
      try {
        hook(q);
      } catch {
        // Committed already: a hook only tells this process; the request's answer stands.
      }
    }
    return result;
  });
}

type CommitHook = (db: Db) => void;
const commitHooks = new WeakMap<Tx, CommitHook[]>();

/**
 * Runs `hook` once the transaction `q` has committed (at once when `q` is the database itself:
 * a single statement has committed when it returns), never for a rollback or an attempt that a
 * conflict made run again. For telling this process about a change, after the fact: what it
 * reads afterwards is committed. A transaction not opened by inTransaction has no hooks.
 */
export function afterCommit(q: Q, hook: CommitHook): void {
  if (!isTx(q)) {
    hook(q);
    return;
  }
  commitHooks.get(q)?.push(hook);
}

function isTx(q: Q): q is Tx {
  return typeof (q as Tx).rollback === 'function';
}
