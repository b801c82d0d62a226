import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';

/**
 * The cash and transfer tabs of /log/index: ledger entries of the caller's subtree. Credit moves
 * go through the real credit endpoints; provider transfers (not yet posted by any endpoint) are
 * inserted as entries directly.
 */
const ctx = useTestApp();
let admin: string;
let agentA01: string;
let agentA02: string;
let playerInA01: string;
let playerInA02: string;
/** The seed posts its own RECHARGE entries; this file's entries are the ones from `since` on. */
let since: string;

const list = async (token: string, payload: Record<string, unknown> = {}, tab: 'cash' | 'transfer' = 'cash') => {
  const res = await call(ctx.app, 'POST', `/api/manage/log/${tab}`, { pageSize: 100, start: since, ...payload }, { token, site: 'tw_web' });
  const b = body(res);
  expect(b.success, res.body).toBe(true);
  return b.data as { total: number; list: Record<string, unknown>[] };
};

function credit(token: string, path: string, id: number, amount: string, memo?: string) {
  return call(
    ctx.app,
    'POST',
    `/api/manage/${path}`,
    { id, amount, ...(memo ? { memo } : {}) },
    { token, site: 'tw_web', headers: { 'idempotency-key': randomUUID() } },
  );
}

async function subtreePlayer(root: string): Promise<{ id: number; accountNo: string }> {
  const rootId = await accountId(ctx, root);
  const { rows } = await ctx.database.pool.query(
    `select id, account_no from accounts where site_id = 'tw_web' and kind = 'PLAYER' and path @> array[$1]::int[] order by id limit 1`,
    [rootId],
  );
  return { id: rows[0].id, accountNo: rows[0].account_no };
}

async function insertTransfer(
  accountNo: string,
  accountIdValue: number,
  kind: 'TRANSFER_OUT' | 'TRANSFER_IN',
  amount: bigint,
  provider: string,
) {
  const { rows } = await ctx.database.pool.query(
    `insert into ledger_transactions (site_id, kind, operator_id, memo) values ('tw_web', $1, null, $2) returning id`,
    [kind, `test ${accountNo}`],
  );
  await ctx.database.pool.query(
    `insert into ledger_entries (transaction_id, site_id, account_id, counterparty_id, kind, amount, balance_after, operator_id, memo, provider)
     values ($1, 'tw_web', $2, null, $3, $4, 1000, null, null, $5)`,
    [rows[0].id, accountIdValue, kind, amount.toString(), provider],
  );
}

beforeAll(async () => {
  const { rows } = await ctx.database.pool.query(
    `select to_char(now() at time zone 'Asia/Taipei' + interval '1 second', 'YYYY-MM-DD HH24:MI:SS') as s`,
  );
  since = rows[0].s;
  await new Promise((r) => setTimeout(r, 1100));
  admin = await signinAs(ctx.app, 'admin001');
  agentA01 = await signinAs(ctx.app, 'agentA01');
  agentA02 = await signinAs(ctx.app, 'agentA02');
  const ids = {
    agentA01: await accountId(ctx, 'agentA01'),
    agentB01: await accountId(ctx, 'agentB01'),
    agentB03: await accountId(ctx, 'agentB03'),
  };
  expect(body(await credit(admin, 'agent/recharge', ids.agentA01, '1000.50', 'top-up A01')).success).toBe(true);
  expect(body(await credit(agentA01, 'agent/recharge', ids.agentB01, '200', 'to B01')).success).toBe(true);
  expect(body(await credit(agentA01, 'agent/withdraw', ids.agentB01, '50.25')).success).toBe(true);
  expect(body(await credit(agentA02, 'agent/recharge', ids.agentB03, '75')).success).toBe(true);

  const p1 = await subtreePlayer('agentA01');
  const p2 = await subtreePlayer('agentA02');
  playerInA01 = p1.accountNo;
  playerInA02 = p2.accountNo;
  await insertTransfer(p1.accountNo, p1.id, 'TRANSFER_OUT', -12345n, 'PG');
  await insertTransfer(p1.accountNo, p1.id, 'TRANSFER_IN', 2345n, 'PG');
  await insertTransfer(p2.accountNo, p2.id, 'TRANSFER_OUT', -500n, 'JILI');
});

describe('POST /api/manage/log/cash', () => {
  it('shows both legs of a recharge with signed amounts, balance after, counterparty, operator and memo', async () => {
    const { list: rows } = await list(admin, { operator: 'admin001', kind: 'RECHARGE' });
    const legs = rows.filter((r) => r.memo === 'top-up A01');
    expect(legs).toHaveLength(2);
    const toA01 = legs.find((r) => r.accountNo === 'agentA01')!;
    const fromAdmin = legs.find((r) => r.accountNo === 'admin001')!;
    expect(toA01).toMatchObject({ kind: 'RECHARGE', amount: '1000.50', counterpartyAccountNo: 'admin001', operatorAccountNo: 'admin001' });
    expect(fromAdmin).toMatchObject({ amount: '-1000.50', counterpartyAccountNo: 'agentA01' });
    expect(toA01.transactionId).toBe(fromAdmin.transactionId);
    expect(String(toA01.balanceAfter)).toMatch(/^\d+\.\d{2}$/);
    expect(String(toA01.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('an agent sees entries of its own account and its subtree only, never a sibling’s', async () => {
    const mine = await list(agentA01, { operator: 'agentA01' });
    expect(new Set(mine.list.map((r) => r.accountNo))).toEqual(new Set(['agentA01', 'agentB01']));
    // agentA01's leg of the admin's recharge is its own; the admin's leg is not.
    const fromAbove = await list(agentA01, { operator: 'admin001' });
    expect(fromAbove.list.map((r) => r.accountNo)).toEqual(expect.arrayContaining(['agentA01']));
    expect(fromAbove.list.some((r) => r.accountNo === 'admin001')).toBe(false);
    // agentA02's recharge of agentB03 is invisible to agentA01.
    expect((await list(agentA01, { operator: 'agentA02' })).total).toBe(0);
    expect((await list(agentA01, { target: 'agentB03' })).total).toBe(0);
    const b01 = await signinAs(ctx.app, 'agentB01');
    const seen = await list(b01, { operator: 'agentA01' });
    expect(seen.list.every((r) => r.accountNo === 'agentB01')).toBe(true);
    expect(seen.total).toBe(2);
  });

  it('another site’s entries never show', async () => {
    const mc = await signinAs(ctx.app, 'admin001', { site: 'tw_mc', host: 'tw-mc.localhost' });
    const res = await call(
      ctx.app,
      'POST',
      '/api/manage/log/cash',
      { start: since, pageSize: 100 },
      { token: mc, site: 'tw_mc', host: 'tw-mc.localhost' },
    );
    expect(body(res).data.total).toBe(0);
  });

  it('filters by kind and account (case-insensitive), newest first, paged', async () => {
    const w = await list(admin, { kind: 'WITHDRAW', target: 'AGENTB01' });
    expect(w.list).toEqual([
      expect.objectContaining({ accountNo: 'agentB01', amount: '-50.25', kind: 'WITHDRAW', operatorAccountNo: 'agentA01' }),
    ]);
    const byA01 = await list(admin, { operator: 'agentA01' });
    expect(byA01.list.map((r) => `${r.kind}:${r.accountNo}`).sort()).toEqual([
      'RECHARGE:agentA01',
      'RECHARGE:agentB01',
      'WITHDRAW:agentA01',
      'WITHDRAW:agentB01',
    ]);
    // The withdrawal came after the recharge.
    expect(byA01.list.slice(0, 2).every((r) => r.kind === 'WITHDRAW')).toBe(true);
    const page1 = await list(admin, { operator: 'agentA01', pageSize: 10, page: 1 });
    expect(page1.total).toBe(4);
    // Without the window, the seed's entries are there too: enough for two pages.
    const all = await list(admin, { start: undefined, pageSize: 10, page: 1 });
    expect(all.list).toHaveLength(10);
    expect(all.total).toBeGreaterThan(10);
    const page2 = await list(admin, { start: undefined, pageSize: 10, page: 2 });
    expect(page2.list.map((r) => r.id)).not.toContain(all.list[0]!.id);
  });

  it('a time window in the site zone excludes today’s entries when it ends yesterday', async () => {
    const res = await list(admin, { operator: 'admin001', end: '2000-01-01 11:59:59' });
    expect(res.total).toBe(0);
  });

  it('exports CSV with a BOM, a header row and signed decimal amounts', async () => {
    const res = await call(ctx.app, 'GET', `/api/manage/log/cash/export?operator=agentA01&kind=WITHDRAW&_t=1`, undefined, {
      token: admin,
      site: 'tw_web',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="cash-log-\d{14}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,createdAt,transactionId,kind,accountNo,counterpartyAccountNo,amount,balanceAfter,operatorAccountNo,memo');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(',WITHDRAW,agentB01,agentA01,-50.25,'))).toBe(true);
    expect(lines.some((l) => l.includes(',WITHDRAW,agentA01,agentB01,50.25,'))).toBe(true);
  });
});

describe('POST /api/manage/log/transfer', () => {
  it('lists provider transfers of the subtree with the provider, scoped', async () => {
    const mine = await list(agentA01, {}, 'transfer');
    expect(mine.list.every((r) => r.accountNo === playerInA01)).toBe(true);
    expect(mine.list.map((r) => [r.kind, r.amount, r.provider])).toEqual([
      ['TRANSFER_IN', '23.45', 'PG'],
      ['TRANSFER_OUT', '-123.45', 'PG'],
    ]);
    const theirs = await list(admin, {}, 'transfer');
    expect(theirs.list.map((r) => r.accountNo)).toContain(playerInA02);
  });
});
