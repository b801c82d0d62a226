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
 * A credit reads the target before it posts; a change that commits while the posting waits for
 * the target's row lock must still refuse it. Another connection holds the change uncommitted
 * (so it holds the row lock), the credit is sent, then the change commits.
 */
async function creditDuringChange(change: string, target: number, key: string, path = 'agent/recharge') {
  const token = await signinAs(ctx.app, 'agentC01');
  const before = await other.query('select balance::text as balance from accounts where id = $1', [target]);
  await other.query('begin');
  await other.query(change, [target]);
  const pending = call(ctx.app, 'POST', `/api/manage/${path}`, { id: target, amount: '1.00' }, { token, site: 'tw_web', headers: { 'idempotency-key': key } });
  // Long enough for the credit to pass its early checks and queue on the row lock.
  await new Promise((r) => setTimeout(r, 400));
  await other.query('commit');
  const answer = body(await pending);
  const after = await other.query('select balance::text as balance from accounts where id = $1', [target]);
  const written = await other.query('select count(*)::int as n from ledger_transactions where idempotency_key = $1 and refusal is null', [key]);
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
    const r = await creditDuringChange(`update accounts set parent_id = ${elsewhere} where id = $1`, target, 'race-move-00001', 'player/recharge');
    expect(r.answer.success).toBe(false);
    expect(r.answer.code).toBe(3003);
    expect(r.balanceAfter).toBe(r.balanceBefore);
    expect(r.transactions).toBe(0);
  });
});
