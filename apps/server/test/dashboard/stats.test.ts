// @module-tag dates — the default range is the clock's business week; one point per business date
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS, businessDatesOf, businessRange, toMinorUnits } from '@agent-bo/shared';
import { body, call, signinAs, useTestApp } from '../helpers.js';
import { testNow } from '../clock.js';
import { ids, q } from '../members/support.js';
import { settle, type TestBet } from '../report/rollups.js';

/**
 * POST /api/manage/dashboard/stats. Sales input: report_rollups rows written directly for a few
 * bets on the demo tree (tw_web: admin001 → agentA01 → agentB01 → agentC01 → agentD01; agentA02 a
 * sibling of agentA01; shadowA01 agentA01's shadow), as the settlement would. Visits: sessions
 * rows with chosen sign-in instants. The expected figures are computed here from the bets and
 * sign-ins the test wrote, not from the server.
 */
// The server's clock is the test clock: the default range is "this week" of that instant.
const ctx = useTestApp({ now: testNow });
let id: Record<string, number>;
let token: Record<string, string>;
let mcToken: string;

const U = (units: number) => BigInt(units) * 100n;
const RANGE = { start: '2030-01-08', end: '2030-01-14' };

interface PlacedBet extends TestBet {
  /** Accounts whose dashboard must count it. */
  seenBy: string[];
}
const bets: PlacedBet[] = [];

async function playerUnder(parentId: number, site = 'tw_web'): Promise<number> {
  const [row] = await q<{ id: number }>(
    ctx,
    `select id from accounts where site_id = $1 and path @> array[$2]::int[] and kind = 'PLAYER' order by id limit 1`,
    [site, parentId],
  );
  return row!.id;
}

/** One sign-in (a sessions row) of `accountId` at a Taipei wall clock. */
async function signedInAt(accountId: number, taipeiWallClock: string, site = 'tw_web') {
  await q(
    ctx,
    `insert into sessions (token_hash, account_id, site_id, expires_at, created_at, ip) values ($1, $2, $3, $4::timestamptz + interval '1 hour', $4::timestamptz, '192.0.2.1')`,
    [randomBytes(16).toString('hex'), accountId, site, `${taipeiWallClock}+08`],
  );
}

const stats = (who: string, payload: Record<string, unknown>, tk = token[who]) =>
  call(
    ctx.app,
    'POST',
    '/api/manage/dashboard/stats',
    payload,
    who === 'mc' ? { token: tk, site: 'tw_mc', host: 'tw-mc.localhost' } : { token: tk, site: 'tw_web' },
  );

type Sales = { betCount: number; betAmount: string; validBet: string; memberWinLoss: string };
type Stats = {
  root: { id: number; accountNo: string };
  start: string;
  end: string;
  timeZone: string;
  totals: Sales & { visits: number; visitors: number };
  byProvider: (Sales & { code: string; name: string })[];
  byCategory: (Sales & { category: string })[];
  trend: (Sales & { date: string; visits: number; visitors: number })[];
  providers: { code: string }[];
};

async function ok(who: string, payload: Record<string, unknown>, tk?: string): Promise<Stats> {
  const res = await stats(who, payload, tk);
  const b = body(res);
  expect(b.success, res.body).toBe(true);
  return b.data as Stats;
}

const money = (minor: bigint) => {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** The sums of `list`, independently of the server. */
function expectedSales(list: TestBet[]): Sales {
  return {
    betCount: list.length,
    betAmount: money(list.reduce((s, b) => s + b.betAmount, 0n)),
    validBet: money(list.reduce((s, b) => s + (b.validBet ?? b.betAmount), 0n)),
    memberWinLoss: money(list.reduce((s, b) => s + b.payout - b.betAmount, 0n)),
  };
}

const inRange = (b: TestBet, r = RANGE) => b.businessDate >= r.start && b.businessDate <= r.end;
const seenBy = (who: string, r = RANGE, provider?: string) =>
  bets.filter((b) => b.seenBy.includes(who) && inRange(b, r) && (!provider || (b.provider ?? 'PG') === provider));

function sumOf(rows: Sales[]): Sales {
  return {
    betCount: rows.reduce((n, r) => n + r.betCount, 0),
    betAmount: money(rows.reduce((s, r) => s + toMinorUnits(r.betAmount), 0n)),
    validBet: money(rows.reduce((s, r) => s + toMinorUnits(r.validBet), 0n)),
    memberWinLoss: money(rows.reduce((s, r) => s + toMinorUnits(r.memberWinLoss), 0n)),
  };
}
const salesOf = ({ betCount, betAmount, validBet, memberWinLoss }: Sales): Sales => ({ betCount, betAmount, validBet, memberWinLoss });

beforeAll(async () => {
  id = await ids(ctx, ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentC01', 'agentD01', 'shadowA01']);
  const [mcAgent] = Object.values(await ids(ctx, ['agentA01'], 'tw_mc')) as [number];
  const pA01 = await playerUnder(id.agentA01!); // somewhere in agentA01's subtree
  const pC01 = await playerUnder(id.agentC01!);
  const pA02 = await playerUnder(id.agentA02!);
  const pMc = await playerUnder(mcAgent, 'tw_mc');
  const A01 = ['admin001', 'agentA01', 'shadowA01'];
  bets.push(
    {
      playerId: pC01,
      businessDate: '2030-01-10',
      provider: 'PG',
      category: 'SLOT',
      betAmount: U(1000),
      payout: 0n,
      seenBy: [...A01, 'agentC01'],
    },
    {
      playerId: pC01,
      businessDate: '2030-01-11',
      provider: 'EVO',
      category: 'LIVE',
      betAmount: U(200),
      payout: U(500),
      seenBy: [...A01, 'agentC01'],
    },
    {
      playerId: pA01,
      businessDate: '2030-01-12',
      provider: 'PG',
      category: 'FISH',
      betAmount: U(400),
      validBet: U(350),
      payout: U(100),
      seenBy: A01,
    },
    { playerId: pA01, businessDate: '2030-01-12', provider: 'JILI', category: 'FISH', betAmount: U(80), payout: U(80), seenBy: A01 },
    {
      playerId: pA02,
      businessDate: '2030-01-11',
      provider: 'PG',
      category: 'SLOT',
      betAmount: U(300),
      payout: 0n,
      seenBy: ['admin001', 'agentA02'],
    },
    // outside RANGE on both sides
    { playerId: pC01, businessDate: '2030-01-07', provider: 'PG', betAmount: U(50), payout: 0n, seenBy: [...A01, 'agentC01'] },
    { playerId: pC01, businessDate: '2030-01-15', provider: 'PG', betAmount: U(50), payout: 0n, seenBy: [...A01, 'agentC01'] },
    // another site's tree, same dates
    { playerId: pMc, businessDate: '2030-01-11', provider: 'PG', betAmount: U(700), payout: 0n, seenBy: ['mc'] },
  );
  for (const bet of bets) await settle(ctx.database.pool, bet);

  token = {};
  for (const who of ['admin001', 'agentA01', 'agentA02', 'agentC01', 'shadowA01']) token[who] = await signinAs(ctx.app, who);
  mcToken = await signinAs(ctx.app, 'agentA01', { site: 'tw_mc', host: 'tw-mc.localhost' });
  token.mc = mcToken;
});

describe('POST /api/manage/dashboard/stats: sales', () => {
  it.each(['admin001', 'agentA01', 'agentA02', 'agentC01'])(
    '%s: the totals are the sums of the bets in its subtree and range',
    async (who) => {
      const data = await ok(who, RANGE);
      expect(data.root).toEqual({ id: id[who], accountNo: who });
      expect(salesOf(data.totals)).toEqual(expectedSales(seenBy(who)));
    },
  );

  it('the admin’s figures, spelled out', async () => {
    const data = await ok('admin001', RANGE);
    // 1000 + 200 + 400 + 80 + 300 staked; paid 0 + 500 + 100 + 80 + 0
    expect(salesOf(data.totals)).toEqual({ betCount: 5, betAmount: '1980.00', validBet: '1930.00', memberWinLoss: '-1300.00' });
    expect(data.byProvider.map((p) => [p.code, p.betAmount, p.betCount])).toEqual([
      ['PG', '1700.00', 3],
      ['EVO', '200.00', 1],
      ['JILI', '80.00', 1],
    ]);
    expect(data.byCategory.map((c) => [c.category, c.betAmount, c.memberWinLoss])).toEqual([
      ['SLOT', '1300.00', '-1300.00'],
      ['FISH', '480.00', '-300.00'],
      ['LIVE', '200.00', '300.00'],
    ]);
    expect(data.byProvider.find((p) => p.code === 'PG')?.name).toBeTruthy();
  });

  it('a shadow sees its owner’s subtree', async () => {
    const data = await ok('shadowA01', RANGE);
    expect(data.root).toEqual({ id: id.agentA01, accountNo: 'agentA01' });
    expect(data).toEqual(await ok('agentA01', RANGE));
  });

  it('another site’s tree is never counted, and its own is', async () => {
    const data = await ok('mc', RANGE);
    expect(salesOf(data.totals)).toEqual(expectedSales(seenBy('mc')));
    expect(data.totals.betAmount).toBe('700.00');
    // and tw_web's admin does not see the tw_mc bet
    expect((await ok('admin001', RANGE)).totals.betAmount).toBe('1980.00');
  });

  it('shares by provider and by category, and the trend, each sum to the totals', async () => {
    for (const who of ['admin001', 'agentA01', 'agentC01']) {
      const data = await ok(who, RANGE);
      const totals = salesOf(data.totals);
      expect(sumOf(data.byProvider)).toEqual(totals);
      expect(sumOf(data.byCategory)).toEqual(totals);
      expect(sumOf(data.trend)).toEqual(totals);
    }
  });

  it('the trend has one point per business date of the range, zeros included', async () => {
    const data = await ok('agentA01', RANGE);
    expect(data.trend.map((p) => p.date)).toEqual([
      '2030-01-08',
      '2030-01-09',
      '2030-01-10',
      '2030-01-11',
      '2030-01-12',
      '2030-01-13',
      '2030-01-14',
    ]);
    const day = (d: string) => salesOf(data.trend.find((p) => p.date === d)!);
    expect(day('2030-01-08')).toEqual({ betCount: 0, betAmount: '0.00', validBet: '0.00', memberWinLoss: '0.00' });
    expect(day('2030-01-10')).toEqual({ betCount: 1, betAmount: '1000.00', validBet: '1000.00', memberWinLoss: '-1000.00' });
    expect(day('2030-01-12')).toEqual({ betCount: 2, betAmount: '480.00', validBet: '430.00', memberWinLoss: '-300.00' });
    // one day, and the longest range
    expect((await ok('agentA01', { start: '2030-01-10', end: '2030-01-10' })).trend).toHaveLength(1);
    const long = await ok('agentA01', { start: '2029-12-01', end: '2030-03-03' });
    expect(long.trend).toHaveLength(REPORT_MAX_DAYS);
    expect(salesOf(long.totals)).toEqual(expectedSales(seenBy('agentA01', { start: '2029-12-01', end: '2030-03-03' })));
  });

  it('the provider filter keeps one provider’s rows', async () => {
    const data = await ok('admin001', { ...RANGE, providerCode: 'PG' });
    expect(salesOf(data.totals)).toEqual(expectedSales(seenBy('admin001', RANGE, 'PG')));
    expect(data.byProvider.map((p) => p.code)).toEqual(['PG']);
    expect(data.providers.map((p) => p.code)).toContain('EVO');
  });

  it('a bet whose rows net to zero (settled then canceled) is no activity', async () => {
    await q(
      ctx,
      `insert into report_rollups (site_id, ancestor_id, business_date, child_id, provider_code, game_category) values ('tw_web', $1, '2030-01-09', $2, 'CQ9', 'CARD')`,
      [id.admin001, id.agentA01],
    );
    const data = await ok('admin001', RANGE);
    expect(data.byProvider.map((p) => p.code)).not.toContain('CQ9');
    expect(data.byCategory.map((c) => c.category)).not.toContain('CARD');
  });

  it('without dates: this business week of the site', async () => {
    const data = await ok('agentA01', {});
    const week = businessDatesOf(businessRange('thisWeek', testNow(), 'Asia/Taipei'));
    expect({ start: data.start, end: data.end }).toEqual(week);
    expect(data.trend).toHaveLength(7);
    expect(data.timeZone).toBe('Asia/Taipei');
  });
});

describe('POST /api/manage/dashboard/stats: visits', () => {
  beforeAll(async () => {
    // agentB01 (inside agentA01's subtree): around the noon boundaries of 2030-01-10 and -11
    await signedInAt(id.agentB01!, '2030-01-10 11:59:59'); // business 2030-01-09
    await signedInAt(id.agentB01!, '2030-01-10 12:00:00'); // business 2030-01-10
    await signedInAt(id.agentB01!, '2030-01-11 11:59:59'); // business 2030-01-10
    await signedInAt(id.agentD01!, '2030-01-11 00:30:00'); // business 2030-01-10
    await signedInAt(id.agentB01!, '2030-01-11 12:00:00'); // business 2030-01-11
    await signedInAt(id.agentA01!, '2030-01-11 18:00:00'); // the root itself, 2030-01-11
    await signedInAt(id.shadowA01!, '2030-01-11 19:00:00'); // its shadow, 2030-01-11
    // outside agentA01's subtree: its parent, a sibling, another site
    await signedInAt(id.admin001!, '2030-01-10 15:00:00');
    await signedInAt(id.agentA02!, '2030-01-10 15:00:00');
    const [mcAgent] = Object.values(await ids(ctx, ['agentA01'], 'tw_mc')) as [number];
    await signedInAt(mcAgent, '2030-01-10 15:00:00', 'tw_mc');
    // the range's own edges: the first instant of 01-08 and the last of 01-14, then just outside
    await signedInAt(id.agentC01!, '2030-01-08 12:00:00');
    await signedInAt(id.agentC01!, '2030-01-15 11:59:59');
    await signedInAt(id.agentC01!, '2030-01-08 11:59:59');
    await signedInAt(id.agentC01!, '2030-01-15 12:00:00');
  });

  const visits = (data: Stats) => Object.fromEntries(data.trend.filter((p) => p.visits > 0).map((p) => [p.date, [p.visits, p.visitors]]));

  it('counts sign-ins of the subtree (root and its shadow included) per noon-based business day', async () => {
    const data = await ok('agentA01', RANGE);
    expect(visits(data)).toEqual({
      '2030-01-08': [1, 1],
      '2030-01-09': [1, 1],
      '2030-01-10': [3, 2], // agentB01 twice, agentD01 once
      '2030-01-11': [3, 3], // agentB01, agentA01, shadowA01
      '2030-01-14': [1, 1],
    });
    expect(data.totals.visits).toBe(9);
    expect(data.totals.visitors).toBe(5); // agentB01, agentD01, agentA01, shadowA01, agentC01
  });

  it('the admin counts everyone of its site; a sub-agent only its own subtree', async () => {
    const admin = await ok('admin001', RANGE);
    expect(admin.trend.find((p) => p.date === '2030-01-10')?.visits).toBe(5); // + admin001, agentA02
    expect(admin.totals.visits).toBe(11);
    const c01 = await ok('agentC01', RANGE);
    expect(c01.totals).toMatchObject({ visits: 3, visitors: 2 }); // agentC01 ×2 at the edges, agentD01
    const mc = await ok('mc', RANGE);
    expect(mc.totals.visits).toBe(1);
  });

  it('the provider filter does not apply to visits', async () => {
    expect((await ok('agentA01', { ...RANGE, providerCode: 'EVO' })).totals.visits).toBe(9);
  });
});

describe('POST /api/manage/dashboard/stats: refusals', () => {
  it('without a session → 401', async () => {
    expect((await call(ctx.app, 'POST', '/api/manage/dashboard/stats', RANGE, { site: 'tw_web' })).statusCode).toBe(401);
  });

  it.each([
    ['a date that is not YYYY-MM-DD', { start: '2030/01/10', end: '2030-01-12' }],
    ['an impossible date', { start: '2030-02-30', end: '2030-03-01' }],
    ['end before start', { start: '2030-01-12', end: '2030-01-10' }],
    [`more than ${REPORT_MAX_DAYS} days`, { start: '2030-01-01', end: '2030-04-04' }],
    ['a start without an end', { start: '2030-01-10' }],
    ['an end without a start', { end: '2030-01-10' }],
    ['an unknown field', { ...RANGE, agentId: 1 }],
    ['a bad provider code', { ...RANGE, providerCode: 'pg; drop' }],
  ])('%s → 400 VALIDATION_FAILED, nothing written', async (_name, payload) => {
    const state = async () =>
      (
        await q<{ f: string }>(
          ctx,
          `select concat_ws('|', (select md5(string_agg(x::text, ',' order by x::text)) from report_rollups x), (select count(*) from sessions), (select count(*) from operation_logs)) as f`,
        )
      )[0]!.f;
    const before = await state();
    const res = await stats('admin001', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res)).toMatchObject({ code: 1000, success: false });
    expect(await state()).toBe(before);
  });
});
