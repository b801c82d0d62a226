// @module-tag dates — a search without a range is the clock's business day; ranges in the site's time zone
import { beforeAll, describe, expect, it } from 'vitest';
import { BET_CSV_COLUMNS, businessRange, toMinorUnits } from '@agent-bo/shared';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';
import { testNow } from '../clock.js';
import { batch, betId, placeItem, q, settleItem } from '../provider-api/support.js';
import { namesOf, statementNames } from '../statement-names.js';

/**
 * The bet page's API: POST /api/manage/bet/list, /detail and GET /export. Every bet here is
 * placed, settled, canceled or resettled through the signed provider API, as a provider would.
 *
 * Demo tree of tw_web: admin001 → agentA01 → agentB01 → agentC01 → agentD01; agentA02 → agentB03;
 * shadowA01 is agentA01's shadow. Times are Asia/Taipei (UTC+8).
 */
// The server's clock is the test clock: a search without a range is that instant's business day.
const ctx = useTestApp({ now: testNow });
const token: Record<string, string> = {};
/** Player account numbers: under agentC01, directly under agentA01, under agentB03 (agentA02's subtree), on tw_mc. */
let pC = '';
let pA = '';
let pB3 = '';
let pMc = '';
/** Provider bet ids. */
const B = {} as Record<'resettled' | 'unsettled' | 'lost' | 'canceled' | 'early' | 'late' | 'otherSite' | 'now', string>;
let otherSiteRowId = 0;

const RANGE = { start: '2030-01-10 12:00:00', end: '2030-01-11 11:59:59' };
/** A Taipei wall clock as an ISO instant. */
const taipei = (wall: string) => new Date(`${wall.replace(' ', 'T')}+08:00`).toISOString();

async function playerUnder(parent: string, site = 'tw_web', provider = 'EVO'): Promise<string> {
  const parentId = await accountId(ctx, parent, site);
  const [row] = await q<{ account_no: string }>(
    ctx,
    `select a.account_no from accounts a
      where a.site_id = $1 and a.kind = 'PLAYER' and a.parent_id = $2 and a.verify_status = 'VERIFIED' and $3 = any(a.providers)
        and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_full_disabled or u.is_full_readonly))
      order by a.id limit 1`,
    [site, parentId, provider],
  );
  if (!row) throw new Error(`no player under ${parent} on ${site} with ${provider}`);
  return row.account_no;
}

type Page = {
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  list: Row[];
  pageTotals: Totals;
  totals: Totals | null;
  start: string;
  end: string;
  providers: { code: string }[];
};
type Row = Record<string, string | number | null> & {
  providerBetId: string;
  status: string;
  version: number;
  id: number;
  playerAccountNo: string;
};
type Totals = { betAmount: string; validBet: string; payout: string; winLoss: string };

const list = (who: string, payload: Record<string, unknown>, site = 'tw_web') =>
  call(ctx.app, 'POST', '/api/manage/bet/list', payload, { token: token[who], site });

async function ok(who: string, payload: Record<string, unknown> = {}): Promise<Page> {
  const res = await list(who, { ...RANGE, pageSize: 100, ...payload });
  const b = body(res);
  expect(b.success, res.body).toBe(true);
  return b.data as Page;
}

/** The provider bet ids of a search, as a sorted list of "id:status". */
async function ids(who: string, payload: Record<string, unknown> = {}): Promise<string[]> {
  const page = await ok(who, payload);
  const mine = new Set(Object.values(B));
  return page.list
    .filter((r) => mine.has(r.providerBetId))
    .map((r) => `${r.providerBetId}:${r.status}`)
    .sort();
}
const tag = (id: string, status: string) => `${id}:${status}`;

beforeAll(async () => {
  for (const who of ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentC01', 'shadowA01']) token[who] = await signinAs(ctx.app, who);
  pC = await playerUnder('agentC01');
  pA = await playerUnder('agentA01');
  pB3 = await playerUnder('agentB03');
  pMc = await playerUnder('agentA01', 'tw_mc');
  for (const k of Object.keys({
    resettled: 0,
    unsettled: 0,
    lost: 0,
    canceled: 0,
    early: 0,
    late: 0,
    otherSite: 0,
    now: 0,
  }) as (keyof typeof B)[])
    B[k] = betId(`bp-${k}`);

  const place = [
    placeItem(B.resettled, pC, { gameCode: 'baccarat-1', betAmount: '100.00', placedAt: taipei('2030-01-10 12:00:00') }),
    placeItem(B.unsettled, pC, { gameCode: 'baccarat-10', betAmount: '50.00', placedAt: taipei('2030-01-10 13:00:00') }),
    placeItem(B.lost, pA, { gameCode: 'roulette-1', betAmount: '200.00', placedAt: taipei('2030-01-10 14:00:00') }),
    placeItem(B.canceled, pB3, { gameCode: 'dragon-1', betAmount: '30.00', placedAt: taipei('2030-01-10 15:00:00') }),
    // one second either side of the business day
    placeItem(B.early, pC, { gameCode: 'baccarat-1', betAmount: '10.00', placedAt: taipei('2030-01-10 11:59:59') }),
    placeItem(B.late, pC, { gameCode: 'baccarat-1', betAmount: '10.00', placedAt: taipei('2030-01-11 12:00:00') }),
    placeItem(B.now, pC, { gameCode: 'baccarat-1', betAmount: '10.00', placedAt: testNow().toISOString() }),
  ];
  expect(await batch(ctx, 'place', place)).toEqual(place.map(() => 'OK'));
  expect(
    await batch(ctx, 'settle', [
      settleItem(B.resettled, '250.00', { settledAt: taipei('2030-01-10 12:05:00') }),
      settleItem(B.lost, '0.00', { validBet: '200.00', settledAt: taipei('2030-01-10 14:05:00') }),
    ]),
  ).toEqual(['OK', 'OK']);
  expect(await batch(ctx, 'resettle', [settleItem(B.resettled, '0.00', { settledAt: taipei('2030-01-10 18:00:00') })])).toEqual(['OK']);
  expect(await batch(ctx, 'cancel', [{ betId: B.canceled }])).toEqual(['OK']);
  expect(await batch(ctx, 'place', [placeItem(B.otherSite, pMc, { placedAt: taipei('2030-01-10 14:00:00') })], { site: 'tw_mc' })).toEqual([
    'OK',
  ]);
  const [row] = await q<{ id: string }>(ctx, `select id::text from bets where site_id = 'tw_mc' and provider_bet_id = $1`, [B.otherSite]);
  otherSiteRowId = Number(row!.id);
});

describe('scope', () => {
  it('the admin sees every bet of its site in the range, not the other site', async () => {
    expect(await ids('admin001')).toEqual(
      [tag(B.canceled, 'Canceled'), tag(B.lost, 'Settled'), tag(B.resettled, 'Settled'), tag(B.unsettled, 'Unsettled')].sort(),
    );
  });

  it('an agent sees the bets under it at any depth, and nothing of a sibling subtree', async () => {
    expect(await ids('agentA01')).toEqual([tag(B.lost, 'Settled'), tag(B.resettled, 'Settled'), tag(B.unsettled, 'Unsettled')].sort());
    expect(await ids('agentB01')).toEqual([tag(B.resettled, 'Settled'), tag(B.unsettled, 'Unsettled')].sort());
    expect(await ids('agentA02')).toEqual([tag(B.canceled, 'Canceled')]);
  });

  it('a shadow acts for its owner', async () => {
    expect(await ids('shadowA01')).toEqual(await ids('agentA01'));
  });

  it('the admin’s shadow works on the whole site: the admin’s bets, its page one prepared statement; a subtree’s page is planned per request', async () => {
    token.shadow00 ??= await signinAs(ctx.app, 'shadow00');
    const everything = await ids('admin001');
    // Past five runs on a connection PostgreSQL answers prepared statements with their generic plan.
    const names = await statementNames(ctx.database.pool, async () => {
      for (let i = 0; i < 7; i++) {
        expect(await ids('shadow00')).toEqual(everything);
        expect(await ids('admin001', { account: 'agentA02' })).toEqual([tag(B.canceled, 'Canceled')]);
        expect(await ids('admin001', { status: 'Canceled' })).toEqual([tag(B.canceled, 'Canceled')]);
      }
    });
    // Two shapes (without and with a status); the agent filter's search is planned per request.
    expect(namesOf(names, 'bet_page_')).toHaveLength(2);
    const subtree = await statementNames(ctx.database.pool, () => ids('agentA01'));
    expect(namesOf(subtree, 'bet_')).toEqual([]);
  });

  it('an agent filter covers everything under that agent; a player filter that player alone', async () => {
    expect(await ids('admin001', { account: 'agentB01' })).toEqual([tag(B.resettled, 'Settled'), tag(B.unsettled, 'Unsettled')].sort());
    expect(await ids('admin001', { account: 'AGENTA02' })).toEqual([tag(B.canceled, 'Canceled')]);
    expect(await ids('agentA01', { account: pA })).toEqual([tag(B.lost, 'Settled')]);
    const page = await ok('agentA01', { account: pC });
    expect(new Set(page.list.map((r) => r.playerAccountNo))).toEqual(new Set([pC]));
    // the caller's own account number is its whole scope
    expect(await ids('agentA01', { account: 'agentA01' })).toEqual(await ids('agentA01'));
  });

  it('an account outside the subtree, an ancestor, a shadow or an unknown one is the one 1005 refusal', async () => {
    for (const [who, account] of [
      ['agentA01', pB3],
      ['agentA01', 'agentA02'],
      ['agentB01', 'agentA01'],
      ['agentA01', 'shadowA01'],
      ['agentA01', 'nobody999'],
    ] as const) {
      const res = await list(who, { ...RANGE, account });
      expect(res.statusCode, `${who} ${account}`).toBe(404);
      expect(body(res).code).toBe(1005);
    }
  });

  it('a player of another site is not found by account number, and its bet detail is refused', async () => {
    // tw_mc's account numbers may exist on tw_web too: the search resolves them on the caller's site only
    const res0 = await list('admin001', { ...RANGE, account: pMc });
    if (res0.statusCode === 200) expect((body(res0).data as Page).list.map((r) => r.providerBetId)).not.toContain(B.otherSite);
    else expect(body(res0).code).toBe(1005);
    const mc = await signinAs(ctx.app, 'admin001', { site: 'tw_mc', host: 'tw-mc.localhost' });
    const there = body(
      await call(
        ctx.app,
        'POST',
        '/api/manage/bet/list',
        { ...RANGE, pageSize: 100 },
        { token: mc, site: 'tw_mc', host: 'tw-mc.localhost' },
      ),
    );
    expect(there.success, JSON.stringify(there)).toBe(true);
    expect((there.data as Page).list.map((r) => r.providerBetId)).toEqual([B.otherSite]);
    const res = await call(ctx.app, 'POST', '/api/manage/bet/detail', { id: otherSiteRowId }, { token: token.admin001, site: 'tw_web' });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(4010);
  });
});

describe('filters', () => {
  it('provider', async () => {
    const evo = await ok('admin001', { providerCode: 'EVO' });
    expect(evo.list.every((r) => r.providerCode === 'EVO')).toBe(true);
    expect(evo.list.length).toBeGreaterThanOrEqual(4);
    const pg = await ok('admin001', { providerCode: 'JILI' });
    expect(pg.list.map((r) => r.providerBetId)).not.toContain(B.resettled);
    expect(evo.providers.map((p) => p.code)).toEqual(expect.arrayContaining(['EVO', 'PG']));
  });

  it('game code: exact code and prefix', async () => {
    expect(await ids('admin001', { gameCode: 'baccarat-1' })).toEqual([tag(B.resettled, 'Settled'), tag(B.unsettled, 'Unsettled')].sort());
    expect(await ids('admin001', { gameCode: 'baccarat-10' })).toEqual([tag(B.unsettled, 'Unsettled')]);
    expect(await ids('admin001', { gameCode: 'roul' })).toEqual([tag(B.lost, 'Settled')]);
    // a LIKE wildcard is a plain character
    expect(await ids('admin001', { gameCode: 'bacc%' })).toEqual([]);
  });

  it('status: each one; Superseded only when asked', async () => {
    expect(await ids('admin001', { status: 'Settled' })).toEqual([tag(B.lost, 'Settled'), tag(B.resettled, 'Settled')].sort());
    expect(await ids('admin001', { status: 'Unsettled' })).toEqual([tag(B.unsettled, 'Unsettled')]);
    expect(await ids('admin001', { status: 'Canceled' })).toEqual([tag(B.canceled, 'Canceled')]);
    expect(await ids('admin001', { status: 'Superseded' })).toEqual([tag(B.resettled, 'Superseded')]);
    const all = await ok('admin001');
    expect(all.list.filter((r) => r.providerBetId === B.resettled)).toHaveLength(1);
  });

  it('rows carry the figures of the current version, in site time', async () => {
    const page = await ok('admin001', { account: pC, gameCode: 'baccarat-1' });
    const r = page.list.find((x) => x.providerBetId === B.resettled)!;
    expect(r).toMatchObject({
      version: 2,
      providerCode: 'EVO',
      gameCode: 'baccarat-1',
      gameCategory: 'LIVE',
      roundId: `r-${B.resettled}`,
      betAmount: '100.00',
      validBet: '100.00',
      payout: '0.00',
      winLoss: '-100.00',
      status: 'Settled',
      placedAt: '2030-01-10 12:00:00',
      settledAt: '2030-01-10 18:00:00',
      businessDate: '2030-01-10',
      playerAccountNo: pC,
    });
    const u = page.list.find((x) => x.providerBetId === B.unsettled)!;
    expect(u).toMatchObject({ settledAt: null, winLoss: '0.00', payout: '0.00' });
  });

  it('time range: both ends included to the second, in the site time zone', async () => {
    const day = await ids('admin001', { account: pC });
    expect(day).not.toContain(tag(B.early, 'Unsettled'));
    expect(day).not.toContain(tag(B.late, 'Unsettled'));
    expect(await ids('admin001', { account: pC, start: '2030-01-10 11:59:59', end: '2030-01-10 12:00:00' })).toEqual(
      [tag(B.early, 'Unsettled'), tag(B.resettled, 'Settled')].sort(),
    );
    expect(await ids('admin001', { account: pC, start: '2030-01-10 12:00:01', end: '2030-01-11 12:00:00' })).toEqual(
      [tag(B.late, 'Unsettled'), tag(B.unsettled, 'Unsettled')].sort(),
    );
  });

  it('without a range: today’s business day, echoed back', async () => {
    const res = await list('admin001', { account: pC });
    const page = body(res).data as Page;
    const today = businessRange('today', testNow(), 'Asia/Taipei');
    expect({ start: page.start, end: page.end }).toEqual(today);
    expect(page.list.map((r) => r.providerBetId)).toEqual([B.now]);
  });
});

describe('paging and totals', () => {
  it('newest first, pages of the spec sizes, totals over all matches and over the page', async () => {
    const all = await ok('agentA01', { pageSize: 10 });
    expect(all.total).toBe(3);
    expect(all.totalCapped).toBe(false);
    expect(all.list.map((r) => r.placedAt)).toEqual([...all.list.map((r) => r.placedAt)].sort().reverse());
    expect(all.totals).toEqual({ betAmount: '350.00', validBet: '300.00', payout: '0.00', winLoss: '-300.00' });
    expect(all.pageTotals).toEqual(all.totals);

    // 10 more bets under agentA01's player, then page through them 10 at a time
    const more = Array.from({ length: 10 }, (_, i) =>
      placeItem(betId('bp-page'), pA, {
        gameCode: 'page-1',
        betAmount: `${i + 1}.00`,
        placedAt: taipei(`2030-01-10 20:00:${String(i).padStart(2, '0')}`),
      }),
    );
    expect(await batch(ctx, 'place', more)).toEqual(more.map(() => 'OK'));
    const p1 = await ok('agentA01', { pageSize: 10, page: 1 });
    const p2 = await ok('agentA01', { pageSize: 10, page: 2 });
    expect(p1.total).toBe(13);
    expect(p1.list).toHaveLength(10);
    expect(p2.list).toHaveLength(3);
    expect(p1.list[0]!.placedAt).toBe('2030-01-10 20:00:09');
    expect(new Set([...p1.list, ...p2.list].map((r) => r.id)).size).toBe(13);
    const sum = (rows: Row[]) => rows.reduce((s, r) => s + toMinorUnits(String(r.betAmount)), 0n);
    expect(toMinorUnits(p1.pageTotals.betAmount)).toBe(sum(p1.list));
    expect(toMinorUnits(p2.pageTotals.betAmount)).toBe(sum(p2.list));
    expect(toMinorUnits(p1.totals!.betAmount)).toBe(sum(p1.list) + sum(p2.list));
  });
});

describe('the same bets as the report', () => {
  it("a business day's Settled bets are the agent report's bets for that day: same count and sums", async () => {
    // Both read only this site's bets of the day; other files' bets sit on other days.
    const report = body(
      await call(
        ctx.app,
        'POST',
        '/api/manage/report/agent',
        { start: '2030-01-10', end: '2030-01-10' },
        { token: token.admin001, site: 'tw_web' },
      ),
    ).data as { totals: { betCount: number; betAmount: string; validBet: string; payout: string } };
    const settled = await ok('admin001', { status: 'Settled' });
    expect(settled.total).toBe(report.totals.betCount);
    expect(settled.totals).toMatchObject({
      betAmount: report.totals.betAmount,
      validBet: report.totals.validBet,
      payout: report.totals.payout,
    });
    // The default search (no status) is every bet but superseded versions, as its label says:
    // the day's unsettled and canceled bets too, which the report does not count.
    const all = await ok('admin001');
    const unsettled = await ok('admin001', { status: 'Unsettled' });
    const canceled = await ok('admin001', { status: 'Canceled' });
    expect(all.total).toBe(settled.total + unsettled.total + canceled.total);
    expect(canceled.total).toBeGreaterThan(0);
  });
});

describe('detail', () => {
  it('shows every version, the superseded one included, and the chain from the caller down', async () => {
    const page = await ok('agentA01', { gameCode: 'baccarat-1' });
    const current = page.list.find((r) => r.providerBetId === B.resettled)!;
    const res = await call(ctx.app, 'POST', '/api/manage/bet/detail', { id: current.id }, { token: token.agentA01, site: 'tw_web' });
    const b = body(res);
    expect(b.success, res.body).toBe(true);
    expect(b.data.bet).toMatchObject({ id: current.id, version: 2, status: 'Settled' });
    expect(b.data.versions.map((v: Row) => [v.version, v.status, v.payout, v.winLoss, v.settledAt])).toEqual([
      [1, 'Superseded', '250.00', '150.00', '2030-01-10 12:05:00'],
      [2, 'Settled', '0.00', '-100.00', '2030-01-10 18:00:00'],
    ]);
    expect(b.data.agentChain).toEqual(['agentA01', 'agentB01', 'agentC01']);
    // the superseded version's own detail lists the same history
    const old = await call(
      ctx.app,
      'POST',
      '/api/manage/bet/detail',
      { id: b.data.versions[0].id },
      { token: token.shadowA01, site: 'tw_web' },
    );
    expect(body(old).data.versions).toHaveLength(2);
  });

  it('a bet outside the subtree is not found', async () => {
    const page = await ok('admin001', { account: pB3 });
    const res = await call(ctx.app, 'POST', '/api/manage/bet/detail', { id: page.list[0]!.id }, { token: token.agentA01, site: 'tw_web' });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(4010);
  });
});

describe('validation', () => {
  it.each([
    ['a malformed time', { start: '2030-01-10', end: '2030-01-11 11:59:59' }],
    ['an impossible date', { start: '2030-02-30 12:00:00', end: '2030-03-01 11:59:59' }],
    ['one end only', { start: '2030-01-10 12:00:00' }],
    ['end before start', { start: '2030-01-11 12:00:00', end: '2030-01-10 12:00:00' }],
    ['a range of 93 days and more', { start: '2030-01-01 00:00:00', end: '2030-04-04 00:00:00' }],
    ['an unknown status', { ...RANGE, status: 'Won' }],
    ['a bad provider code', { ...RANGE, providerCode: 'evo!' }],
    ['a page size off the list', { ...RANGE, pageSize: 20 }],
    ['an unknown field', { ...RANGE, sort: 'amount' }],
  ])('%s → 400', async (_, payload) => {
    const res = await list('admin001', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).code).toBe(1000);
  });

  it('the longest range is accepted', async () => {
    const res = await list('admin001', { start: '2030-01-01 12:00:00', end: '2030-04-04 11:59:59' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('detail of a non-integer id → 400; no session → 401', async () => {
    const res = await call(ctx.app, 'POST', '/api/manage/bet/detail', { id: 'x' }, { token: token.admin001, site: 'tw_web' });
    expect(res.statusCode).toBe(400);
    expect((await call(ctx.app, 'POST', '/api/manage/bet/list', RANGE, { site: 'tw_web' })).statusCode).toBe(401);
  });
});

describe('CSV export', () => {
  const exportCsv = (who: string, query: Record<string, string>) =>
    call(ctx.app, 'GET', `/api/manage/bet/export?${new URLSearchParams(query).toString()}`, undefined, {
      token: token[who],
      site: 'tw_web',
    });

  it('has the BOM, the columns and the filtered rows, newest first', async () => {
    const res = await exportCsv('agentA01', { ...RANGE, gameCode: 'baccarat-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bets-20300110120000-20300111115959.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(BET_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(B.unsettled);
    expect(lines[2]).toContain(B.resettled);
    expect(lines[2]).toContain(',-100.00,Settled');
  });

  it('Superseded when asked; refuses like the list', async () => {
    const sup = await exportCsv('admin001', { ...RANGE, status: 'Superseded' });
    expect(sup.body).toContain(`${B.resettled},1,`);
    expect((await exportCsv('agentA01', { ...RANGE, account: pB3 })).statusCode).toBe(404);
    expect((await exportCsv('agentA01', { start: RANGE.start })).statusCode).toBe(400);
  });

  it('defuses spreadsheet formulas in text fields', async () => {
    const id = betId('bp-csv');
    expect(
      await batch(ctx, 'place', [placeItem(id, pA, { gameCode: '-cmd', roundId: '-r1', placedAt: taipei('2030-01-10 21:00:00') })]),
    ).toEqual(['OK']);
    const res = await exportCsv('agentA01', { ...RANGE, account: pA, gameCode: '-cmd' });
    const line = res.body.split('\r\n')[1]!;
    expect(line).toContain(",'-cmd,");
    expect(line).toContain(",'-r1,");
  });
});
