import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
let other: pg.Client;

beforeAll(async () => {
  const { connectionString } = (ctx.database.pool as unknown as { options: { connectionString: string } }).options;
  other = new pg.Client({ connectionString });
  await other.connect();
});

afterAll(async () => {
  await other.end();
});

/**
 * Waits until a backend of the app waits for a lock that `holder` holds, i.e. the credit has
 * passed its early checks and queues on the target's row lock. Fails if the credit answers
 * first: it never waited for the row, so the answer proves nothing about the locked re-check.
 */
async function blockedBehind(holder: number, pending: Promise<unknown>): Promise<void> {
  let answered = false;
  void pending.then(
    () => (answered = true),
    () => (answered = true),
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const waiting = await other.query(
      `select a.pid from pg_stat_activity a
        where a.wait_event_type = 'Lock' and $1 = any(pg_blocking_pids(a.pid))
          and exists (select 1 from pg_locks l where l.pid = a.pid and not l.granted)`,
      [holder],
    );
    if (waiting.rowCount) return;
    if (answered) throw new Error('the credit answered without waiting for the row lock held by the concurrent change');
    if (Date.now() > deadline) throw new Error('no backend waited for the row lock held by the concurrent change');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A credit reads the target before it posts; a change that commits while the posting waits for
 * the target's row lock must still refuse it. Another connection holds the change uncommitted
 * (so it holds the row lock), the credit is sent, and once its backend waits for that lock (seen
 * in pg_stat_activity / pg_locks, however slow the machine) the change commits.
 */
async function creditDuringChange(change: string, target: number, key: string, path = 'agent/recharge') {
  const token = await signinAs(ctx.app, 'agentC01');
  const before = await other.query('select balance::text as balance from accounts where id = $1', [target]);
  const otherPid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  await other.query('begin');
  await other.query(change, [target]);
  const pending = call(
    ctx.app,
    'POST',
    `/api/manage/${path}`,
    { id: target, amount: '1.00' },
    { token, site: 'tw_web', headers: { 'idempotency-key': key } },
  );
  try {
    await blockedBehind(otherPid, pending);
  } catch (error) {
    await other.query('rollback');
    await pending.catch(() => undefined);
    throw error;
  }
  await other.query('commit');
  const answer = body(await pending);
  const after = await other.query('select balance::text as balance from accounts where id = $1', [target]);
  const written = await other.query('select count(*)::int as n from ledger_transactions where idempotency_key = $1 and refusal is null', [
    key,
  ]);
  return { answer, balanceBefore: before.rows[0].balance, balanceAfter: after.rows[0].balance, transactions: written.rows[0].n };
}

describe('credit against a concurrent change of the target', () => {
  it('refuses a target disabled while the credit waited for its lock, and moves nothing', async () => {
    const target = await accountId(ctx, 'agentD01');
    const r = await creditDuringChange('update accounts set is_disabled = true where id = $1', target, 'race-disable-0001');
    expect(r.answer.success).toBe(false);
    expect(r.answer.code).toBe(3002);
    expect(r.balanceAfter).toBe(r.balanceBefore);
    expect(r.transactions).toBe(0);
  });

  it('refuses a target moved away from the caller while the credit waited, and moves nothing', async () => {
    const parent = await accountId(ctx, 'agentC01');
    const child = await other.query("select id from accounts where parent_id = $1 and kind = 'PLAYER' order by id limit 1", [parent]);
    const target = child.rows[0].id as number;
    const elsewhere = await accountId(ctx, 'agentC05');
    const r = await creditDuringChange(
      `update accounts set parent_id = ${elsewhere} where id = $1`,
      target,
      'race-move-00001',
      'player/recharge',
    );
    expect(r.answer.success).toBe(false);
    expect(r.answer.code).toBe(3003);
    expect(r.balanceAfter).toBe(r.balanceBefore);
    expect(r.transactions).toBe(0);
  });
});
