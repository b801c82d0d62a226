import { beforeAll, expect, it } from 'vitest';
import { BET_COUNT_CAP, PROVIDER_BATCH_MAX } from '@agent-bo/shared';
import { body, call, signinAs, useTestApp } from '../helpers.js';
import { batch, betId, placeItem, playersAtDepth } from '../provider-api/support.js';

/**
 * The bet search counts at most BET_COUNT_CAP matches (a COUNT over millions is slow): past the
 * cap the total is the cap, the grand totals are left out and paging stops at the cap.
 * BET_COUNT_CAP + 1 bets are placed through the provider API in batches.
 */
const ctx = useTestApp();
let token = '';
const RANGE = { start: '2030-02-10 12:00:00', end: '2030-02-11 11:59:59' };

beforeAll(async () => {
  token = await signinAs(ctx.app, 'admin001');
  const [player] = await playersAtDepth(ctx, 4);
  const base = Date.parse('2030-02-10T05:00:00.000Z'); // 13:00:00 in Taipei
  const items = Array.from({ length: BET_COUNT_CAP + 1 }, (_, i) =>
    placeItem(betId('cap'), player!, { betAmount: '1.00', placedAt: new Date(base + i * 1000).toISOString() }),
  );
  for (let i = 0; i < items.length; i += PROVIDER_BATCH_MAX) {
    const chunk = items.slice(i, i + PROVIDER_BATCH_MAX);
    expect(await batch(ctx, 'place', chunk)).toEqual(chunk.map(() => 'OK'));
  }
}, 120_000);

const list = async (payload: Record<string, unknown>) => {
  const res = await call(ctx.app, 'POST', '/api/manage/bet/list', { ...RANGE, ...payload }, { token, site: 'tw_web' });
  const b = body(res);
  expect(b.success, res.body).toBe(true);
  return b.data as {
    total: number;
    totalCapped: boolean;
    list: { betAmount: string }[];
    totals: unknown;
    pageTotals: { betAmount: string };
  };
};

it('past the cap: total is the cap, no grand totals, page totals still there', async () => {
  const page = await list({ pageSize: 100 });
  expect(page.total).toBe(BET_COUNT_CAP);
  expect(page.totalCapped).toBe(true);
  expect(page.totals).toBeNull();
  expect(page.list).toHaveLength(100);
  expect(page.pageTotals.betAmount).toBe('100.00');
});

it('the last page inside the cap is full, the next one is empty', async () => {
  expect((await list({ pageSize: 100, page: BET_COUNT_CAP / 100 })).list).toHaveLength(100);
  expect((await list({ pageSize: 100, page: BET_COUNT_CAP / 100 + 1 })).list).toHaveLength(0);
});

it('a narrower range is counted exactly again', async () => {
  const page = await list({ end: '2030-02-10 14:00:00', pageSize: 10 });
  expect(page.totalCapped).toBe(false);
  expect(page.total).toBe(3601);
  expect(page.totals).toMatchObject({ betAmount: '3601.00' });
});
