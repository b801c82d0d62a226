// @module-tag dates — windows overlap a range read in the site's time zone
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentSaveRequest } from '@agent-bo/shared';
import { testNow } from '../clock.js';
import { signinAs, useTestApp } from '../helpers.js';
import { OTHER_SITE, activity, list, post, q, refused, save, wall, type As } from './support.js';

const clock = testNow();
const ctx = useTestApp({ now: () => clock });

let admin: As;
let other: As;
/** Ids of this file's items by name. */
const id: Record<string, number> = {};
/** Every title of this file carries this, so the demo content never interferes. */
const TAG = 'ListTest';

interface Listed {
  id: number;
  type: string;
  sort: number;
  popOrder: number | null;
  startAt: string;
}

async function mine(filters: Record<string, unknown> = {}, as: As = admin): Promise<Listed[]> {
  const b = await list(ctx, as, { title: TAG, ...filters });
  if (!b.success) throw new Error(JSON.stringify(b));
  return b.data.list as Listed[];
}
const names = (rows: Listed[]) => rows.map((r) => Object.keys(id).find((k) => id[k] === r.id) ?? `?${r.id}`);

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  other = { token: await signinAs(ctx.app, 'admin001', OTHER_SITE), ...OTHER_SITE };
  const items: [string, Partial<ContentSaveRequest>][] = [
    // Windows in hours from the clock.
    ['past', { title: { zh_TW: `${TAG} 過去`, en: 'Autumn Festival' }, startAt: wall(clock, -72), endAt: wall(clock, -48), sort: 5 }],
    ['now', { title: { zh_TW: `${TAG} 現在`, th: 'เทศกาล 100%' }, startAt: wall(clock, -1), endAt: wall(clock, 5), sort: 5 }],
    ['future', { title: { zh_TW: `${TAG} 未來`, vi: 'Lễ_hội' }, startAt: wall(clock, 48), endAt: wall(clock, 72), sort: 1 }],
    ['draft', { title: { zh_TW: `${TAG} 草稿` }, status: 'Draft', sort: 9 }],
    ['notice', { type: 'ANNOUNCEMENT', title: { zh_TW: `${TAG} 公告` }, sort: 2 }],
    ['marquee', { type: 'BROADCAST', title: { zh_TW: `${TAG} 跑馬燈` }, body: undefined, sort: 3 }],
  ];
  for (const [name, over] of items) id[name] = (await save(ctx, admin, activity(clock, over))).id;
  await save(ctx, other, activity(clock, { title: { zh_TW: `${TAG} 別站` } }));
  const popped = await post(ctx, admin, 'set_pops', { ids: [id.future, id.now] });
  if (popped.statusCode !== 200) throw new Error(popped.body);
});

describe('activity/list', () => {
  it('answers the caller’s site only, paged, with the total', async () => {
    const all = await mine();
    expect(all).toHaveLength(6);
    expect(names(all).sort()).toEqual(['draft', 'future', 'marquee', 'notice', 'now', 'past']);
    const page = (await list(ctx, admin, { title: TAG, page: 2, pageSize: 10 })).data;
    expect(page).toMatchObject({ page: 2, pageSize: 10, total: 6, list: [] });
    const theirs = (await list(ctx, other, { title: TAG })).data;
    expect(theirs.total).toBe(1);
    expect(theirs.list[0].title.zh_TW).toBe(`${TAG} 別站`);
  });

  it('filters by type and status', async () => {
    expect(names(await mine({ type: 'ANNOUNCEMENT' }))).toEqual(['notice']);
    expect(names(await mine({ type: 'BROADCAST' }))).toEqual(['marquee']);
    expect(names(await mine({ type: 'ACTIVITY', status: 'Draft' }))).toEqual(['draft']);
  });

  it('matches a title in any locale, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(names(await list(ctx, admin, { title: 'autumn FEST' }).then((b) => b.data.list))).toEqual(['past']);
    expect(names(await list(ctx, admin, { title: '100%' }).then((b) => b.data.list))).toEqual(['now']);
    expect((await list(ctx, admin, { title: '1%0' })).data.total).toBe(0);
    expect(names(await list(ctx, admin, { title: 'lễ_h' }).then((b) => b.data.list))).toEqual(['future']);
    expect((await list(ctx, admin, { title: 'Lễ h' })).data.total).toBe(0);
    expect((await list(ctx, admin, { title: `${TAG}_` })).data.total).toBe(0);
  });

  it('keeps the items whose window overlaps the range, read in the site’s time zone', async () => {
    expect(names(await mine({ type: 'ACTIVITY', start: wall(clock, 30), end: wall(clock, 50) }))).toEqual(['future']);
    // An item ending exactly at the start of the range does not overlap it; one starting at its last second does.
    expect(names(await mine({ start: wall(clock, -48), end: wall(clock, -47) }))).toEqual([]);
    expect(names(await mine({ start: wall(clock, -49), end: wall(clock, -49) }))).toEqual(['past']);
    expect(names(await mine({ start: wall(clock, 30), end: wall(clock, 48) }))).toEqual(['future']);
    expect(names(await mine({ type: 'ACTIVITY', end: wall(clock, -60) }))).toEqual(['past']);
    expect(names(await mine({ type: 'ACTIVITY', start: wall(clock, 60) }))).toEqual(['future']);
  });

  it('keeps the pop-ups only when asked', async () => {
    expect(names(await mine({ popsOnly: true, sortBy: 'popOrder' }))).toEqual(['future', 'now']);
  });

  it('sorts by a whitelisted column either way, ties broken by id', async () => {
    expect(names(await mine({ sortBy: 'sort', order: 'asc' }))).toEqual(['future', 'notice', 'marquee', 'past', 'now', 'draft']);
    expect(names(await mine({ sortBy: 'sort', order: 'desc' }))).toEqual(['draft', 'now', 'past', 'marquee', 'notice', 'future']);
    // now and draft start together: the later id first when descending.
    expect(names(await mine({ sortBy: 'startAt', order: 'desc', type: 'ACTIVITY' }))).toEqual(['future', 'draft', 'now', 'past']);
    expect(names(await mine({ sortBy: 'startAt', order: 'asc', type: 'ACTIVITY' }))).toEqual(['past', 'now', 'draft', 'future']);
    // Not a pop-up sorts last in both directions.
    expect(names(await mine({ sortBy: 'popOrder', order: 'asc' })).slice(0, 2)).toEqual(['future', 'now']);
    expect(names(await mine({ sortBy: 'popOrder', order: 'desc' })).slice(0, 2)).toEqual(['now', 'future']);
    const byEnd = await mine({ sortBy: 'endAt', order: 'asc' });
    expect(names(byEnd)[0]).toBe('past');
  });

  it('pages through a sort without losing or repeating an item', async () => {
    for (let n = 0; n < 12; n++) await save(ctx, admin, activity(clock, { title: { zh_TW: `${TAG}-paging` }, sort: 4 }));
    const seen: number[] = [];
    for (let page = 1; page <= 2; page++) {
      const b = await list(ctx, admin, { title: `${TAG}-paging`, sortBy: 'sort', page, pageSize: 10 });
      expect(b.data.total).toBe(12);
      seen.push(...(b.data.list as Listed[]).map((r) => r.id));
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(12);
  });

  it('refuses a sort column, page size or filter it does not know, and an impossible date (VALIDATION_FAILED)', async () => {
    for (const bad of [
      { sortBy: 'title' },
      { sortBy: 'id; drop table content_items' },
      { order: 'sideways' },
      { pageSize: 7 },
      { type: 'BANNER' },
      { popsOnly: 'yes' },
      { owner: 'me' },
      { start: '2026-02-30 00:00:00' },
      { end: 'tomorrow' },
    ]) {
      refused(await post(ctx, admin, 'list', bad), 1000, 400);
    }
    const [row] = await q<{ n: number }>(ctx, 'select count(*)::int as n from content_items');
    expect(row!.n).toBeGreaterThan(0);
  });

  it('accepts an empty body (every default)', async () => {
    const res = await post(ctx, admin, 'list', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body).data).toMatchObject({ page: 1, pageSize: 10 });
  });
});
