import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { SERVER_ROOT } from '../../src/env.js';
import { accountId, call, signinAs, useTestApp } from '../helpers.js';
import { body, credit, q } from './support.js';

const ctx = useTestApp();
let admin: string;
let ids: Record<string, number>;

const check = async (token = admin) => call(ctx.app, 'GET', '/api/manage/ledger/check?_t=1', undefined, { token, site: 'tw_web' });

/** `npm run ledger:check` against this test database: exit code and output. */
async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  const url = (ctx.database.pool.options as { connectionString: string }).connectionString;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join('src', 'cli', 'ledger-check.ts'), ...args],
      {
        cwd: SERVER_ROOT,
        env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' },
      },
    );
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
  ids = {};
  for (const n of ['agentA01', 'agentB01', 'player091', 'player073']) ids[n] = await accountId(ctx, n);
});

describe('ledger invariant check', () => {
  it('passes on the seeded demo data, every site: the house issued exactly what the others hold', async () => {
    const result = await checkLedger(ctx.database.db);
    expect(result.ok).toBe(true);
    expect(result.sites).toHaveLength(4);
    for (const s of result.sites) {
      expect(s).toMatchObject({ sumOfBalances: '0.00', balanceMismatches: [], forbiddenNegatives: [], unbalancedTransactions: [] });
      const [others] = await q<{ s: string }>(
        ctx,
        'select sum(balance)::text as s from accounts where site_id = $1 and parent_id is not null',
        [s.siteId],
      );
      expect(s.houseIssued).toBe(`${BigInt(others!.s) / 100n}.${(BigInt(others!.s) % 100n).toString().padStart(2, '0')}`);
      expect(s.accountsChecked).toBe(339);
    }
  });

  it('passes after a series of moves at several levels (GET ledger/check, the admin)', async () => {
    const a01 = await signinAs(ctx.app, 'agentA01');
    const b01 = await signinAs(ctx.app, 'agentB01');
    for (let i = 0; i < 5; i++) {
      expect(body(await credit(ctx, admin, 'agent/recharge', { id: ids.agentA01, amount: `${i + 1}.25` })).success).toBe(true);
      expect(body(await credit(ctx, a01, 'agent/recharge', { id: ids.agentB01, amount: '3.10' })).success).toBe(true);
      expect(body(await credit(ctx, b01, 'player/recharge', { id: ids.player073, amount: '1.01' })).success).toBe(true);
      expect(body(await credit(ctx, b01, 'player/withdraw', { id: ids.player073, amount: '0.50' })).success).toBe(true);
      expect(body(await credit(ctx, admin, 'agent/withdraw', { id: ids.agentA01, amount: '0.99' })).success).toBe(true);
    }
    const res = await check();
    expect(body(res)).toMatchObject({
      success: true,
      data: { ok: true, sites: [{ siteId: 'tw_web', sumOfBalances: '0.00', balanceMismatches: [] }] },
    });
  });

  it('is the admin’s alone: agents and shadows get PERMISSION_DENIED', async () => {
    for (const who of ['agentA01', 'shadow00']) {
      const res = await check(await signinAs(ctx.app, who));
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ success: false, code: 1006 });
    }
  });

  it('npm run ledger:check exits 0 on a sound ledger', async () => {
    const { code, out } = await cli();
    expect(code, out).toBe(0);
    expect(out).toContain('ledger ok');
    expect(out).toContain('points ok');
  });

  it('detects a balance changed behind the ledger’s back (API and CLI exit 1), and recovers when undone', async () => {
    await q(ctx, 'update accounts set balance = balance + 1 where id = $1', [ids.player091]);
    try {
      const res = await check();
      expect(body(res).data.ok).toBe(false);
      expect(body(res).data.sites[0]).toMatchObject({ sumOfBalances: '0.01', balanceMismatches: [{ accountNo: 'player091' }] });
      const { code, out } = await cli('--site', 'tw_web');
      expect(code).toBe(1);
      expect(out).toContain('player091');
      expect(out).toContain('LEDGER INVARIANT VIOLATED');
    } finally {
      await q(ctx, 'update accounts set balance = balance - 1 where id = $1', [ids.player091]);
    }
    expect(body(await check()).data.ok).toBe(true);
  });

  it('detects a forbidden negative balance (with the last-guard constraint lifted)', async () => {
    await q(ctx, 'alter table accounts drop constraint accounts_balance_house_only');
    const [row] = await q<{ b: string }>(ctx, 'select balance::text as b from accounts where id = $1', [ids.player091]);
    try {
      await q(ctx, 'update accounts set balance = -5 where id = $1', [ids.player091]);
      const data = body(await check()).data;
      expect(data.ok).toBe(false);
      expect(data.sites[0].forbiddenNegatives).toEqual([{ accountNo: 'player091', balance: '-0.05' }]);
    } finally {
      await q(ctx, 'update accounts set balance = $2 where id = $1', [ids.player091, row!.b]);
      await q(ctx, 'alter table accounts add constraint accounts_balance_house_only check (balance >= 0 or parent_id is null)');
    }
    expect(body(await check()).data.ok).toBe(true);
  });

  it('the ledger is append-only: entries never change or vanish; a stored result is final', async () => {
    await expect(q(ctx, 'update ledger_entries set amount = amount + 1 where id = (select min(id) from ledger_entries)')).rejects.toThrow(
      /append-only/,
    );
    await expect(q(ctx, 'delete from ledger_entries where id = (select min(id) from ledger_entries)')).rejects.toThrow(/append-only/);
    await expect(q(ctx, 'truncate ledger_entries cascade')).rejects.toThrow(/append-only/);
    await expect(q(ctx, 'delete from ledger_transactions where id = (select max(id) from ledger_transactions)')).rejects.toThrow(
      /append-only/,
    );
    await expect(
      q(ctx, `update ledger_transactions set result = '{}'::jsonb where id = (select max(id) from ledger_transactions)`),
    ).rejects.toThrow(/append-only/);
    await expect(q(ctx, `update ledger_transactions set memo = 'x' where id = (select max(id) from ledger_transactions)`)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      q(
        ctx,
        `update ledger_transactions set result = '{}'::jsonb where id = (select min(id) from ledger_transactions where result is null)`,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(q(ctx, 'truncate ledger_transactions cascade')).rejects.toThrow(/append-only/);
  });

  it('detects a transaction whose entries do not sum to zero (last: the ledger cannot be repaired)', async () => {
    const [tx] = await q<{ id: string }>(
      ctx,
      "insert into ledger_transactions (site_id, kind, memo) values ('tw_web', 'REFUND', 'forged') returning id::text",
    );
    await q(
      ctx,
      "insert into ledger_entries (transaction_id, site_id, account_id, kind, amount, balance_after) values ($1, 'tw_web', $2, 'REFUND', 1, 1)",
      [tx!.id, ids.player091],
    );
    const data = body(await check()).data;
    expect(data.ok).toBe(false);
    expect(data.sites[0].unbalancedTransactions).toEqual([tx!.id]);
    expect((await cli()).code).toBe(1);
  });
});
