import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_REPORT_CSV_COLUMNS, REPORT_MAX_DAYS, toMinorUnits } from '@agent-bo/shared';
import { body, call, signinAs, useTestApp, type Json } from '../helpers.js';
import { ids, q } from '../members/support.js';
import { settle, type TestBet } from './rollups.js';

/**
 * POST /api/manage/report/agent and its CSV export. The input is report_rollups rows written
 * directly for a few bets on the demo tree (tw_web: admin001 100 % → agentA01 90 % → agentB01
 * 85 % → agentC01 75 % → agentD01 70 %), as the settlement would write them.
 */
const ctx = useTestApp();
let id: Record<string, number>;
let token: Record<string, string>;
/** Players: directly under agentA01, under agentC01, under agentD01, under agentB03 (agentA02's subtree). */
let pA01: number;
let pC01: number;
let pD01: number;
let pB03: number;
let otherSiteAgent: number;

const U = (units: number) => BigInt(units) * 100n;

async function playerUnder(parentId: number, site = 'tw_web'): Promise<number> {
  const [row] = await q<{ id: number }>(
    ctx,
    `select id from accounts where site_id = $1 and parent_id = $2 and kind = 'PLAYER' and verify_status = 'VERIFIED' order by id limit 1`,
    [site, parentId],
  );
  return row!.id;
}

const report = (who: string, payload: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/manage/report/agent', payload, { token: token[who], site: 'tw_web' });

async function ok(who: string, payload: Record<string, unknown>) {
  const res = await report(who, payload);
  const b = body(res);
  expect(b.success, res.body).toBe(true);
  return b.data as {
    agent: { id: number; accountNo: string; lvl: number };
    chain: { id: number; accountNo: string }[];
    rows: Record<string, string | number>[];
    totals: Record<string, string | number>;
    providers: { code: string }[];
  };
}

const RANGE = { start: '2030-01-10', end: '2030-01-12' };
const MONEY = ['betAmount', 'validBet', 'payout', 'memberWinLoss', 'childShare', 'agentShare', 'upperShare'] as const;
const row = (data: { rows: Record<string, string | number>[] }, accountNo: string) => data.rows.find((r) => r.accountNo === accountNo);

/** Column-by-column sum of the rows, independently of the server. */
function sumOf(rows: Record<string, string | number>[]) {
  const out: Record<string, string | number> = { betCount: rows.reduce((n, r) => n + Number(r.betCount), 0) };
  for (const f of MONEY) {
    const minor = rows.reduce((s, r) => s + toMinorUnits(String(r[f])), 0n);
    out[f] = (Number(minor) / 100).toFixed(2);
  }
  return out;
}

beforeAll(async () => {
  id = await ids(ctx, [
    'admin001',
    'agentA01',
    'agentA02',
    'agentA03',
    'agentB01',
    'agentB02',
    'agentB03',
    'agentC01',
    'agentD01',
    'shadowA01',
  ]);
  [otherSiteAgent] = Object.values(await ids(ctx, ['agentA01'], 'tw_mc')) as [number];
  pA01 = await playerUnder(id.agentA01!);
  pC01 = await playerUnder(id.agentC01!);
  pD01 = await playerUnder(id.agentD01!);
  pB03 = await playerUnder(id.agentB03!);
  const pOther = await playerUnder(otherSiteAgent, 'tw_mc').catch(async () => {
    const [r] = await q<{ id: number }>(
      ctx,
      `select id from accounts where site_id = 'tw_mc' and kind = 'PLAYER' and path @> array[$1]::int[] order by id limit 1`,
      [otherSiteAgent],
    );
    return r!.id;
  });
  const bets: TestBet[] = [
    // the worked example: 1,000.00 staked and lost under agentC01
    { playerId: pC01, businessDate: '2030-01-10', provider: 'PG', betAmount: U(1000), payout: 0n },
    { playerId: pC01, businessDate: '2030-01-11', provider: 'EVO', category: 'LIVE', betAmount: U(200), payout: U(500) },
    { playerId: pA01, businessDate: '2030-01-12', provider: 'PG', betAmount: U(400), payout: U(100) },
    // the days either side of RANGE
    { playerId: pD01, businessDate: '2030-01-09', provider: 'PG', betAmount: U(50), payout: 0n },
    { playerId: pD01, businessDate: '2030-01-13', provider: 'PG', betAmount: U(50), payout: 0n },
    { playerId: pD01, businessDate: '2030-01-10', provider: 'JILI', category: 'FISH', betAmount: U(80), validBet: U(60), payout: U(20) },
    { playerId: pB03, businessDate: '2030-01-11', provider: 'PG', betAmount: U(300), payout: 0n },
    // another site's tree
    { playerId: pOther, businessDate: '2030-01-11', provider: 'PG', betAmount: U(1000), payout: 0n },
  ];
  for (const bet of bets) await settle(ctx.database.pool, bet);
  // A bet settled and then canceled leaves its rollup rows at zero: no activity, no row.
  const [b05] = Object.values(await ids(ctx, ['agentB05'])) as [number];
  for (const [ancestor, child] of [
    [id.admin001, id.agentA03],
    [id.agentA03, b05],
  ]) {
    await q(
      ctx,
      `insert into report_rollups (site_id, ancestor_id, business_date, child_id, provider_code, game_category) values ('tw_web', $1, '2030-01-11', $2, 'PG', 'SLOT')`,
      [ancestor, child],
    );
  }
  token = {};
  for (const who of ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentC01', 'shadowA01']) token[who] = await signinAs(ctx.app, who);
});

describe('POST /api/manage/report/agent: rows', () => {
  it('the admin’s report: one row per direct child with activity, a sub-agent summed over its whole subtree', async () => {
    const data = await ok('admin001', RANGE);
    expect(data.agent).toMatchObject({ id: id.admin001, accountNo: 'admin001', lvl: 0 });
    expect(data.rows.map((r) => [r.kind, r.accountNo])).toEqual([
      ['AGENT', 'agentA01'],
      ['AGENT', 'agentA02'],
    ]);
    // bets 1, 2, 3 and the in-range one of agentD01's player: 1,680.00 staked, 620.00 paid out
    expect(row(data, 'agentA01')).toMatchObject({
      id: id.agentA01,
      nickName: 'Agent A01',
      ratio: '90.00',
      betCount: 4,
      betAmount: '1680.00',
      validBet: '1660.00',
      payout: '620.00',
      memberWinLoss: '-1060.00',
      childShare: '954.00',
      agentShare: '106.00',
      upperShare: '0.00',
    });
    expect(row(data, 'agentA02')).toMatchObject({
      betCount: 1,
      betAmount: '300.00',
      memberWinLoss: '-300.00',
      childShare: '255.00',
      agentShare: '45.00',
    });
  });

  it('agentA01’s report: sub-agents and its own player, each with the shares by ratio difference', async () => {
    const data = await ok('agentA01', RANGE);
    expect(data.rows.map((r) => r.kind)).toEqual(['AGENT', 'PLAYER']);
    expect(row(data, 'agentB01')).toMatchObject({
      kind: 'AGENT',
      ratio: '85.00',
      betCount: 3,
      betAmount: '1280.00',
      payout: '520.00',
      memberWinLoss: '-760.00',
      childShare: '646.00', // 85 %
      agentShare: '38.00', // 90 − 85 = 5 %
      upperShare: '76.00', // 10 %, above agentA01
    });
    const player = data.rows.find((r) => r.kind === 'PLAYER')!;
    expect(player).toMatchObject({
      id: pA01,
      ratio: '0.00',
      betCount: 1,
      betAmount: '400.00',
      payout: '100.00',
      memberWinLoss: '-300.00',
      childShare: '0.00',
      agentShare: '270.00',
      upperShare: '30.00',
    });
    expect(row(data, 'agentB02')).toBeUndefined();
  });

  it('a player’s win is a negative house result: every share turns negative', async () => {
    const data = await ok('agentC01', { ...RANGE, providerCode: 'EVO' });
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({
      id: pC01,
      kind: 'PLAYER',
      memberWinLoss: '300.00',
      childShare: '0.00',
      agentShare: '-225.00',
      upperShare: '-75.00',
    });
  });

  it('the worked example: 1,000.00 lost under agentC01 (75 %), seen from each agent of the chain', async () => {
    const one = { start: '2030-01-10', end: '2030-01-10', providerCode: 'PG' };
    const shares = async (who: string, agentId: number, child: number) => {
      const data = await ok(who, { ...one, agentId });
      const r = data.rows.find((x) => x.id === child)!;
      return [r.memberWinLoss, r.childShare, r.agentShare, r.upperShare];
    };
    expect(await shares('admin001', id.admin001!, id.agentA01!)).toEqual(['-1000.00', '900.00', '100.00', '0.00']);
    expect(await shares('admin001', id.agentA01!, id.agentB01!)).toEqual(['-1000.00', '850.00', '50.00', '100.00']);
    expect(await shares('admin001', id.agentB01!, id.agentC01!)).toEqual(['-1000.00', '750.00', '100.00', '150.00']);
    expect(await shares('admin001', id.agentC01!, pC01)).toEqual(['-1000.00', '0.00', '750.00', '250.00']);
  });

  it('filters by provider', async () => {
    const data = await ok('admin001', { ...RANGE, providerCode: 'JILI' });
    expect(data.rows.map((r) => [r.accountNo, r.betCount, r.betAmount, r.validBet])).toEqual([['agentA01', 1, '80.00', '60.00']]);
    expect((await ok('admin001', { ...RANGE, providerCode: 'SABA' })).rows).toEqual([]);
    expect(data.providers.map((p) => p.code)).toEqual(expect.arrayContaining(['EVO', 'JILI', 'PG']));
  });

  it('an agent without activity (rollups netted to zero) has no rows and zero totals', async () => {
    const data = await ok('admin001', { ...RANGE, agentId: id.agentA03 });
    expect(data.rows).toEqual([]);
    expect(data.totals).toEqual({
      betCount: 0,
      betAmount: '0.00',
      validBet: '0.00',
      payout: '0.00',
      memberWinLoss: '0.00',
      childShare: '0.00',
      agentShare: '0.00',
      upperShare: '0.00',
    });
  });
});

describe('totals', () => {
  it('equal the sum of the rows, column by column, for every agent of the chain and filter', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['admin001', RANGE],
      ['admin001', { start: '2030-01-01', end: '2030-01-31' }],
      ['agentA01', RANGE],
      ['agentA01', { ...RANGE, providerCode: 'PG' }],
      ['agentB01', { start: '2030-01-09', end: '2030-01-13' }],
      ['agentC01', RANGE],
    ];
    for (const [who, payload] of cases) {
      const data = await ok(who, payload);
      expect(data.rows.length, `${who} ${JSON.stringify(payload)}`).toBeGreaterThan(0);
      expect(data.totals).toEqual(sumOf(data.rows));
    }
    // and a figure checked by hand: agentA01's totals over RANGE
    expect((await ok('agentA01', RANGE)).totals).toMatchObject({
      betCount: 4,
      betAmount: '1680.00',
      childShare: '646.00',
      agentShare: '308.00',
      upperShare: '106.00',
    });
  });
});

describe('date range', () => {
  it('includes both business dates and nothing either side', async () => {
    const d01 = (payload: Record<string, unknown>) => ok('agentC01', { ...payload, agentId: id.agentD01 });
    expect((await d01(RANGE)).rows[0]).toMatchObject({ id: pD01, betCount: 1, betAmount: '80.00' });
    expect((await d01({ start: '2030-01-09', end: '2030-01-09' })).rows[0]).toMatchObject({ betCount: 1, betAmount: '50.00' });
    expect((await d01({ start: '2030-01-13', end: '2030-01-13' })).rows[0]).toMatchObject({ betCount: 1, betAmount: '50.00' });
    expect((await d01({ start: '2030-01-09', end: '2030-01-13' })).rows[0]).toMatchObject({ betCount: 3, betAmount: '180.00' });
    expect((await d01({ start: '2030-01-14', end: '2030-02-01' })).rows).toEqual([]);
    // one day: the first day of RANGE only
    expect((await ok('agentA01', { start: '2030-01-10', end: '2030-01-10' })).totals).toMatchObject({ betCount: 2, betAmount: '1080.00' });
  });

  it(`accepts ${REPORT_MAX_DAYS} days`, async () => {
    await ok('admin001', { start: '2030-01-01', end: '2030-04-03' });
  });
});

describe('scope', () => {
  const refused = async (who: string, agentId: number) => {
    const res = await report(who, { ...RANGE, agentId });
    expect(res.statusCode, `${who} → ${agentId}`).toBe(404);
    expect(body(res)).toMatchObject({ code: 1005, success: false, data: null });
  };

  it('an agent sees its own report by default, with itself as the breadcrumb', async () => {
    const data = await ok('agentA01', RANGE);
    expect(data.agent.id).toBe(id.agentA01);
    expect(data.chain.map((c) => c.accountNo)).toEqual(['agentA01']);
  });

  it('an agent drills into its child and deeper; the breadcrumb runs from the caller down', async () => {
    const b01 = await ok('agentA01', { ...RANGE, agentId: id.agentB01 });
    expect(b01.agent.accountNo).toBe('agentB01');
    expect(b01.chain.map((c) => c.accountNo)).toEqual(['agentA01', 'agentB01']);
    expect(b01.rows.map((r) => r.accountNo)).toEqual(['agentC01']);
    const c01 = await ok('admin001', { ...RANGE, agentId: id.agentC01 });
    expect(c01.chain.map((c) => c.accountNo)).toEqual(['admin001', 'agentA01', 'agentB01', 'agentC01']);
    expect(c01.chain.map((c) => c.id)).toEqual([id.admin001, id.agentA01, id.agentB01, id.agentC01]);
  });

  it('a shadow acts for its owner', async () => {
    const own = await ok('shadowA01', RANGE);
    expect(own.agent.id).toBe(id.agentA01);
    expect(own.rows).toEqual((await ok('agentA01', RANGE)).rows);
    const child = await ok('shadowA01', { ...RANGE, agentId: id.agentB01 });
    expect(child.chain.map((c) => c.accountNo)).toEqual(['agentA01', 'agentB01']);
    await refused('shadowA01', id.agentA02!);
  });

  it('refuses, as not found, an agent outside the subtree, an ancestor, another site’s agent, a player, a shadow and nobody', async () => {
    await refused('agentA01', id.agentA02!);
    await refused('agentA01', id.agentB03!);
    await refused('agentB01', id.agentA01!);
    await refused('agentA01', id.admin001!);
    await refused('admin001', otherSiteAgent);
    await refused('admin001', pA01);
    await refused('admin001', id.shadowA01!);
    await refused('admin001', 2_000_000_000);
  });

  it('needs a session', async () => {
    const res = await call(ctx.app, 'POST', '/api/manage/report/agent', RANGE, { site: 'tw_web' });
    expect(res.statusCode).toBe(401);
  });
});

describe('validation', () => {
  async function state(): Promise<string> {
    const [r] = await q<{ f: string }>(
      ctx,
      `select concat_ws('|', (select md5(string_agg(x::text, ',' order by x::text)) from report_rollups x), (select count(*) from operation_logs)) as f`,
    );
    return r!.f;
  }

  it.each([
    ['a date that is not YYYY-MM-DD', { start: '2030/01/10', end: '2030-01-12' }],
    ['an impossible date', { start: '2030-02-30', end: '2030-03-01' }],
    ['a date-time', { start: '2030-01-10 12:00:00', end: '2030-01-12' }],
    ['end before start', { start: '2030-01-12', end: '2030-01-10' }],
    [`more than ${REPORT_MAX_DAYS} days`, { start: '2030-01-01', end: '2030-04-04' }],
    ['a missing end', { start: '2030-01-10' }],
    ['an unknown field', { ...RANGE, agent: 1 }],
    ['a bad provider code', { ...RANGE, providerCode: 'pg; drop' }],
    ['a non-integer agent id', { ...RANGE, agentId: 1.5 }],
  ])('%s → 400 VALIDATION_FAILED, nothing written', async (_name, payload) => {
    const before = await state();
    const res = await report('admin001', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res)).toMatchObject({ code: 1000, success: false });
    expect(await state()).toBe(before);
  });

  it('names the failing rule for the form', async () => {
    const issues = (res: { json: () => unknown }) => JSON.stringify((res.json() as Json).data);
    expect(issues(await report('admin001', { start: '2030-01-12', end: '2030-01-10' }))).toContain('dateRange.order');
    expect(issues(await report('admin001', { start: '2030-01-01', end: '2030-04-04' }))).toContain('dateRange.max');
  });
});

describe('GET /api/manage/report/agent/export', () => {
  const exportCsv = (who: string, query: Record<string, string | number>) =>
    call(
      ctx.app,
      'GET',
      `/api/manage/report/agent/export?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      undefined,
      {
        token: token[who],
        site: 'tw_web',
      },
    );

  it('is the report as CSV: BOM, header, one line per row, the totals last; formula-safe', async () => {
    await q(ctx, `update accounts set nick_name = '=HYPERLINK("x")' where id = $1`, [pA01]);
    const json = await ok('agentA01', RANGE);
    const res = await exportCsv('agentA01', { ...RANGE, _t: '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="agent-report-agentA01-20300110-20300112.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(AGENT_REPORT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(json.rows.length + 2);
    expect(lines[1]).toBe('AGENT,agentB01,Agent B01,85.00,3,1280.00,1260.00,520.00,-760.00,646.00,38.00,76.00');
    const playerNo = json.rows[1]!.accountNo;
    expect(lines[2]).toBe(`PLAYER,${playerNo},"'=HYPERLINK(""x"")",0.00,1,400.00,400.00,100.00,-300.00,0.00,270.00,30.00`);
    const t = json.totals;
    expect(lines[3]).toBe(
      `TOTAL,,,,${t.betCount},${t.betAmount},${t.validBet},${t.payout},${t.memberWinLoss},${t.childShare},${t.agentShare},${t.upperShare}`,
    );
  });

  it('takes the agent id from the query and keeps the same scope and validation', async () => {
    const res = await exportCsv('admin001', { ...RANGE, agentId: id.agentB01!, providerCode: 'PG' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('AGENT,agentC01,');
    expect((await exportCsv('agentA01', { ...RANGE, agentId: id.agentA02! })).statusCode).toBe(404);
    expect((await exportCsv('agentA01', { start: '2030-01-12', end: '2030-01-10' })).statusCode).toBe(400);
    expect((await exportCsv('agentA01', { ...RANGE, agentId: 'abc' })).statusCode).toBe(400);
  });
});
