import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinorUnits } from '@agent-bo/shared';
import { postCreditMove, type CreditMove, type MoveOutcome } from '../../src/modules/ledger/credit-batch.js';
import { accountId, call, signinAs, useTestApp } from '../helpers.js';
import { balanceOf, body, credit, newKey, q, setFlags } from './support.js';

/**
 * The batching ledger (migration 0022, modules/ledger/credit-batch.ts): the credit moves that
 * arrive together are posted in one transaction, yet each gets the answer it would get alone, in
 * the order it came — later moves see the balances earlier ones left, a key answers its first
 * outcome, a refusal is stored on its key and touches nothing.
 */
const ctx = useTestApp();
let admin: string;
let a01: number;
let player: { id: number; no: string };
let restricted: { id: number; no: string };
let grandchild: number;
let otherSite: number;
let other: pg.Client;

afterAll(async () => {
  await other?.end();
});

beforeAll(async () => {
  const { connectionString } = (ctx.database.pool as unknown as { options: { connectionString: string } }).options;
  other = new pg.Client({ connectionString });
  await other.connect();
  admin = await signinAs(ctx.app, 'admin001');
  a01 = await accountId(ctx, 'agentA01');
  const players = await q<{ id: number; account_no: string }>(
    ctx,
    `select id, account_no from accounts where parent_id = $1 and kind = 'PLAYER' and not is_disabled
        and not is_full_disabled and not is_full_readonly order by id limit 2`,
    [a01],
  );
  player = { id: players[0]!.id, no: players[0]!.account_no };
  restricted = { id: players[1]!.id, no: players[1]!.account_no };
  const [deep] = await q<{ id: number }>(
    ctx,
    `select id from accounts where path @> array[$1::int] and id <> $1 and parent_id <> $1 and kind = 'PLAYER' and not is_shadow order by id limit 1`,
    [a01],
  );
  grandchild = deep!.id;
  const [far] = await q<{ id: number }>(ctx, `select id from accounts where site_id <> 'tw_web' and kind = 'PLAYER' order by id limit 1`);
  otherSite = far!.id;
});

function move(over: Partial<CreditMove> & Pick<CreditMove, 'target' | 'amount' | 'key'>): CreditMove {
  const withdraw = over.withdraw ?? false;
  return {
    site: 'tw_web',
    kind: withdraw ? 'WITHDRAW' : 'RECHARGE',
    action: withdraw ? 'WITHDRAW' : 'RECHARGE',
    withdraw,
    target_kind: 'PLAYER',
    caller: a01,
    amount_text: formatMinorUnits(BigInt(over.amount)),
    memo: null,
    hash: `hash-${over.key}-${over.amount}-${withdraw}`,
    at: new Date().toISOString(),
    at_text: '2026-11-25 12:00:00',
    ip: '127.0.0.1',
    ...over,
  };
}

/** The moves of one scenario; `k` makes its keys unique per run. */
async function scenario(k: string): Promise<CreditMove[]> {
  const before = await balanceOf(ctx, player.no);
  const caller = await balanceOf(ctx, 'agentA01');
  return [
    // 1 recharge, 2 a withdrawal of everything the player then has: it needs 1 first
    move({ target: player.id, amount: '1000', key: `${k}-1` }),
    move({ target: player.id, amount: (before + 1000n).toString(), key: `${k}-2`, withdraw: true }),
    // 3 the first key again: its result; 4 the first key with another body: the first's hash
    move({ target: player.id, amount: '1000', key: `${k}-1` }),
    move({ target: player.id, amount: '1001', key: `${k}-1` }),
    // 5 the player has nothing left; 6 the same key again: the stored refusal
    move({ target: player.id, amount: '1', key: `${k}-5`, withdraw: true }),
    move({ target: player.id, amount: '1', key: `${k}-5`, withdraw: true }),
    // 7 another site's account, 8 not a direct child, 9 a restricted child, 10 more than the caller has
    move({ target: otherSite, amount: '1', key: `${k}-7` }),
    move({ target: grandchild, amount: '1', key: `${k}-8` }),
    move({ target: restricted.id, amount: '1', key: `${k}-9` }),
    move({ target: player.id, amount: (caller + before + 1n).toString(), key: `${k}-10` }),
  ];
}

/** An outcome without what differs between two runs (transaction ids, balances). */
function shape(o: MoveOutcome): unknown {
  if (o.outcome === 'refused') return o;
  if (o.outcome === 'stored') return { outcome: 'stored', refusal: o.stored.refusal, posted: o.stored.result !== null };
  return { outcome: 'ok', kind: o.result.kind, from: o.result.from.id, to: o.result.to.id };
}

describe('credit moves posted in batches', () => {
  it('moves submitted together share one transaction, each decided in order as if alone', async () => {
    await setFlags(ctx, restricted.no, { is_disabled: true });
    try {
      const moves = await scenario(newKey('batch'));
      const logsBefore = await q<{ n: number }>(ctx, 'select count(*)::int as n from operation_logs');
      // Submitted in one turn of the event loop: one batch.
      const outcomes = await Promise.all(moves.map((m) => postCreditMove(ctx.app.db, m)));

      expect(outcomes.map((o) => (o.outcome === 'refused' ? o.code : o.outcome))).toEqual([
        'ok',
        'ok',
        'stored',
        'stored',
        'INSUFFICIENT_BALANCE',
        'stored',
        'ACCOUNT_NOT_FOUND',
        'NOT_DIRECT_CHILD',
        'TARGET_RESTRICTED',
        'INSUFFICIENT_BALANCE',
      ]);
      const first = outcomes[0] as Extract<MoveOutcome, { outcome: 'ok' }>;
      // the replay gets the first result; the other body sees the first request's hash
      expect(outcomes[2]).toEqual({ outcome: 'stored', stored: { request_hash: moves[0]!.hash, result: first.result, refusal: null } });
      expect((outcomes[3] as Extract<MoveOutcome, { outcome: 'stored' }>).stored.request_hash).not.toBe(moves[3]!.hash);
      expect((outcomes[5] as Extract<MoveOutcome, { outcome: 'stored' }>).stored.refusal).toBe('INSUFFICIENT_BALANCE');
      expect(await balanceOf(ctx, player.no)).toBe(0n);
      // the answer of move 1 names the balances it left
      expect(first.result).toMatchObject({ kind: 'RECHARGE', amount: '10.00', from: { id: a01 }, to: { id: player.id }, replayed: false });

      // one database transaction for every row the batch wrote
      const keys = moves.map((m) => m.key);
      const written = await q<{ xmins: number; rows: number }>(
        ctx,
        `select count(distinct xmin::text)::int as xmins, count(*)::int as rows from ledger_transactions
          where site_id = 'tw_web' and operator_id = $1 and idempotency_key = any($2::text[])`,
        [a01, keys],
      );
      expect(written[0]).toEqual({ xmins: 1, rows: 7 });
      const logsAfter = await q<{ n: number }>(ctx, 'select count(*)::int as n from operation_logs');
      expect(logsAfter[0]!.n - logsBefore[0]!.n).toBe(2);

      // The same moves one after the other (fresh keys): the same outcomes.
      const alone: MoveOutcome[] = [];
      for (const m of await scenario(newKey('alone'))) alone.push(await postCreditMove(ctx.app.db, m));
      expect(alone.map(shape)).toEqual(outcomes.map(shape));
    } finally {
      await setFlags(ctx, restricted.no, { is_disabled: false });
    }
    const check = await call(ctx.app, 'GET', '/api/manage/ledger/check', undefined, { token: admin, site: 'tw_web' });
    expect(body(check).data.ok).toBe(true);
  });

  it('concurrent HTTP credits are posted in fewer transactions than transfers, each answered on its own', async () => {
    const token = await signinAs(ctx.app, 'agentA01');
    // enough on the player for any order of the withdrawals below
    const funded = await credit(ctx, token, 'player/recharge', { id: player.id, amount: '24.00' });
    expect(funded.statusCode, funded.body).toBe(200);
    const start = await balanceOf(ctx, player.no);
    const keys = Array.from({ length: 24 }, () => newKey('http'));
    const answers = await Promise.all(
      keys.map((key, i) => credit(ctx, token, i % 2 ? 'player/withdraw' : 'player/recharge', { id: player.id, amount: '1.00' }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(keys.map(() => 200));
    const ids = answers.map((a) => body(a).data.transactionId as string);
    expect(new Set(ids).size).toBe(24);
    const written = await q<{ xmins: number; rows: number }>(
      ctx,
      `select count(distinct xmin::text)::int as xmins, count(*)::int as rows from ledger_transactions
        where site_id = 'tw_web' and idempotency_key = any($1::text[])`,
      [keys],
    );
    expect(written[0]!.rows).toBe(24);
    expect(written[0]!.xmins).toBeLessThan(24);
    expect(await balanceOf(ctx, player.no)).toBe(start);
    // every answer carries its own balances: the player's balance after each move is one of a chain
    const after = answers.map((a) => body(a).data as { to: { id: number; balanceAfter: string }; from: { balanceAfter: string } });
    const playerAfter = after.map((r) => (r.to.id === player.id ? r.to.balanceAfter : r.from.balanceAfter));
    expect(new Set(playerAfter).size).toBeGreaterThan(1);
  });

  it('a key another transaction commits after the batch read it: the batch runs again and answers that outcome', async () => {
    // A relief refusal is stored without account locks, so it can commit the key between the
    // batch's read and its insert. Here another connection holds the key uncommitted; the batch
    // does not see it, waits on it at the insert, and meets the unique index once it commits.
    const key = newKey('race');
    const before = await balanceOf(ctx, player.no);
    const otherPid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await other.query('begin');
    await other.query(
      `insert into ledger_transactions (site_id, kind, operator_id, idempotency_key, request_hash, refusal)
       values ('tw_web', 'POOR_USER', $1, $2, 'the first request', 'RELIEF_NOT_ELIGIBLE')`,
      [a01, key],
    );
    const pending = postCreditMove(ctx.app.db, move({ target: player.id, amount: '100', key }));
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    try {
      for (const deadline = Date.now() + 15_000; ;) {
        const waiting = await ctx.database.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and $1 = any(pg_blocking_pids(pid))`,
          [otherPid],
        );
        if (waiting.rowCount) break;
        if (settled) throw new Error('the batch answered without waiting for the uncommitted key');
        if (Date.now() > deadline) throw new Error('the batch never waited for the uncommitted key');
        await new Promise((r) => setTimeout(r, 10));
      }
    } catch (error) {
      await other.query('rollback');
      await pending.catch(() => undefined);
      throw error;
    }
    await other.query('commit');
    expect(await pending).toEqual({
      outcome: 'stored',
      stored: { request_hash: 'the first request', result: null, refusal: 'RELIEF_NOT_ELIGIBLE' },
    });
    expect(await balanceOf(ctx, player.no)).toBe(before);
    const rows = await q<{ n: number }>(ctx, 'select count(*)::int as n from ledger_transactions where idempotency_key = $1', [key]);
    expect(rows[0]!.n).toBe(1);
  });
});
