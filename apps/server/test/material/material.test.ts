import { beforeAll, describe, expect, it } from 'vitest';
import { body, call, signinAs, useTestApp, type Json } from '../helpers.js';

const ctx = useTestApp();
const OTHER = { site: 'tw_mc', host: 'tw-mc.localhost' } as const;

interface As {
  token: string;
  site?: string;
  host?: string;
}

const M = '/api/manage/material';
const post = async (as: As, path: string, payload: unknown): Promise<Json> =>
  body(await call(ctx.app, 'POST', `${M}/${path}`, payload, { site: 'tw_web', ...as }));
const del = async (as: As, path: string, payload: unknown): Promise<Json> =>
  body(await call(ctx.app, 'DELETE', `${M}/${path}`, payload, { site: 'tw_web', ...as }));

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** Everything a material write could touch: the four tables and the operation log. */
async function fingerprint(): Promise<string> {
  const [r] = await q<{ f: string }>(`
    select md5(coalesce((select string_agg(c::text, ',' order by id) from game_categories c), '')) ||
           md5(coalesce((select string_agg(g::text, ',' order by id) from games g), '')) ||
           md5(coalesce((select string_agg(m::text, ',' order by id) from lobby_modules m), '')) ||
           md5(coalesce((select string_agg(mg::text, ',' order by module_id, position) from lobby_module_games mg), '')) ||
           (select count(*)::text from operation_logs) as f`);
  return r!.f;
}

function refused(b: Json, code: number) {
  expect(b.success, JSON.stringify(b)).toBe(false);
  expect(b.code).toBe(code);
}

/** An agent holding exactly `codes` (its own grant; its parent, the admin, holds everything). */
async function agentWith(accountNo: string, codes: string[]): Promise<As> {
  await q(`update accounts set permissions = $1 where site_id = 'tw_web' and account_no = $2`, [codes, accountNo]);
  await q(`delete from account_roles where account_id = (select id from accounts where site_id = 'tw_web' and account_no = $1)`, [
    accountNo,
  ]);
  return { token: await signinAs(ctx.app, accountNo) };
}

let admin: As;
let otherAdmin: As;

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  otherAdmin = { token: await signinAs(ctx.app, 'admin001', OTHER), ...OTHER };
});

async function gameByCode(code: string, site = 'tw_web') {
  const [g] = await q<{ id: number; version: number }>(`select id, version from games where site_id = $1 and code = $2`, [site, code]);
  return g!;
}

describe('reading the demo material', () => {
  it('lists categories in lobby order with the games each gathers', async () => {
    const b = await post(admin, 'category/list', { pageSize: 10 });
    expect(b.success, JSON.stringify(b)).toBe(true);
    expect(b.data.list.map((c: { name: { en: string } }) => c.name.en)).toEqual([
      'Live casino',
      'Slots',
      'Fishing',
      'Sports',
      'Card games',
    ]);
    const live = b.data.list[0];
    expect(live.providerCategories).toEqual(['LIVE']);
    expect(live.gameCount).toBeGreaterThan(0);
  });

  it('lists games with filters: provider, category, tag, status, text in any language', async () => {
    const all = await post(admin, 'game/list', { pageSize: 100 });
    expect(all.data.total).toBeGreaterThan(10);
    const evo = await post(admin, 'game/list', { providerCode: 'EVO', pageSize: 100 });
    expect(evo.data.list.every((g: { providerCode: string }) => g.providerCode === 'EVO')).toBe(true);
    const hot = await post(admin, 'game/list', { tag: 1, pageSize: 100 });
    expect(hot.data.list.length).toBeGreaterThan(0);
    expect(hot.data.list.every((g: { tag: number }) => g.tag === 1)).toBe(true);
    const zh = await post(admin, 'game/list', { text: '百家樂' });
    expect(zh.data.list.map((g: { code: string }) => g.code)).toContain('evo-baccarat-a');
    const slots = (await post(admin, 'category/list', {})).data.list[1].id;
    const inSlots = await post(admin, 'game/list', { categoryId: slots, pageSize: 100 });
    expect(inSlots.data.list.length).toBeGreaterThan(0);
    expect(inSlots.data.list.every((g: { providerCategory: string; effectiveCategoryId: number }) => g.effectiveCategoryId === slots)).toBe(
      true,
    );
    const game = evo.data.list[0];
    expect(game).toMatchObject({ listed: true, lobbyState: 'ACTIVE', rtp: '98' });
  });

  it("another site's ids are refused like nonexistent ones, and nothing changes", async () => {
    const mine = await gameByCode('evo-baccarat-a');
    const before = await fingerprint();
    refused(await post(otherAdmin, 'game/save', { id: mine.id, version: mine.version, names: {}, status: 'DISABLE' }), 7001);
    refused(await post(otherAdmin, 'game/bulk_status', { ids: [mine.id], status: 'DISABLE' }), 7001);
    refused(await post(admin, 'game/save', { id: 999_999, version: 1, names: {}, status: 'DISABLE' }), 7001);
    const [cat] = await q<{ id: number; version: number }>(
      `select id, version from game_categories where site_id = 'tw_web' order by id limit 1`,
    );
    refused(await del(otherAdmin, 'category/delete', { id: cat!.id, version: cat!.version }), 7001);
    const [mod] = await q<{ id: number; version: number }>(
      `select id, version from lobby_modules where site_id = 'tw_web' order by id limit 1`,
    );
    refused(await post(otherAdmin, 'collection/detail', { id: mod!.id }), 7001);
    refused(await post(otherAdmin, 'collection/save', { id: mod!.id, version: mod!.version, title: { zh_TW: 'x' } }), 7001);
    // a module of the other site may not hold this site's game either
    refused(await post(otherAdmin, 'collection/save', { title: { zh_TW: '跨站' }, gameIds: [mine.id] }), 7001);
    expect(await fingerprint()).toBe(before);
  });
});

describe('permissions: READ reads, only WRITE writes, another area gives nothing', () => {
  it('each area by its own codes', async () => {
    const reader = await agentWith('agentA02', ['GAME_READ']);
    const game = await gameByCode('pg-lucky-neko');
    expect((await post(reader, 'game/list', {})).success).toBe(true);
    refused(await post(reader, 'game/save', { id: game.id, version: game.version, names: {}, status: 'DISABLE' }), 1006);
    refused(await post(reader, 'game/bulk_tag', { ids: [game.id], tag: 1 }), 1006);
    refused(await post(reader, 'category/list', {}), 1006);
    refused(await post(reader, 'tag/list', { tag: 1 }), 1006);
    refused(await post(reader, 'collection/list', {}), 1006);

    const tagger = await agentWith('agentA02', ['TAG_WRITE']);
    expect((await post(tagger, 'tag/list', { tag: 1 })).success).toBe(true);
    refused(await post(tagger, 'game/list', {}), 1006);
    const collector = await agentWith('agentA02', ['COLLECTION_READ']);
    expect((await post(collector, 'collection/list', {})).success).toBe(true);
    expect((await post(collector, 'collection/games', { text: 'evo' })).data.length).toBeGreaterThan(0);
    refused(await post(collector, 'collection/save', { title: { zh_TW: '讀者' } }), 1006);
    const categoryWriter = await agentWith('agentA02', ['CATEGORY_WRITE']);
    expect((await post(categoryWriter, 'category/list', {})).success).toBe(true);
    refused(await post(categoryWriter, 'collection/list', {}), 1006);
  });
});

describe('writes', () => {
  it('edits a game with the version it read; a stale version is refused; the write is logged', async () => {
    const game = await gameByCode('pg-lucky-neko');
    const saved = await post(admin, 'game/save', {
      id: game.id,
      version: game.version,
      names: { zh_TW: '幸運貓', en: 'Lucky Cat' },
      status: 'MAINTAIN',
      tag: 2,
      sort: 5,
      visible: true,
    });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    expect(saved.data.version).toBe(game.version + 1);
    const before = await fingerprint();
    refused(await post(admin, 'game/save', { id: game.id, version: game.version, names: {}, status: 'ACTIVE' }), 7002);
    expect(await fingerprint()).toBe(before);
    const [log] = await q<{ before: { status: string }; after: { status: string; tag: number } }>(
      `select before, after from operation_logs where after->>'game' = $1 order by id desc limit 1`,
      [String(game.id)],
    );
    expect(log!.before.status).toBe('ACTIVE');
    expect(log!.after).toMatchObject({ status: 'MAINTAIN', tag: 2 });
    const listed = (await post(admin, 'game/list', { text: 'Lucky Cat' })).data.list[0];
    expect(listed).toMatchObject({ lobbyState: 'MAINTAIN', tag: 2, names: { en: 'Lucky Cat' } });
  });

  it('bulk status and bulk tag change all or nothing, and say when nothing changed', async () => {
    const a = await gameByCode('ky-niuniu');
    const b = await gameByCode('ky-blackjack');
    const other = await gameByCode('ky-niuniu', 'tw_mc');
    const before = await fingerprint();
    refused(await post(admin, 'game/bulk_status', { ids: [a.id, other.id], status: 'DISABLE' }), 7001);
    expect(await fingerprint()).toBe(before);
    expect((await post(admin, 'game/bulk_status', { ids: [a.id, b.id], status: 'DISABLE' })).data).toEqual({ changed: 2 });
    expect((await post(admin, 'game/bulk_status', { ids: [a.id, b.id], status: 'DISABLE' })).data).toEqual({ changed: 0 });
    expect((await post(admin, 'game/bulk_tag', { ids: [b.id, a.id], tag: 3 })).data).toEqual({ changed: 2 });
    const tagged = (await post(admin, 'tag/list', { tag: 3 })).data.map((g: { id: number }) => g.id);
    // newly tagged games go to the end, in the order given
    expect(tagged.slice(-2)).toEqual([b.id, a.id]);
    await post(admin, 'game/bulk_status', { ids: [a.id, b.id], status: 'ACTIVE' });
  });

  it('reorders the games of a tag', async () => {
    const tagged = (await post(admin, 'tag/list', { tag: 1 })).data.map((g: { id: number }) => g.id) as number[];
    expect(tagged.length).toBeGreaterThan(2);
    const reversed = [...tagged].reverse();
    expect((await post(admin, 'tag/sort', { tag: 1, ids: reversed })).success).toBe(true);
    expect((await post(admin, 'tag/list', { tag: 1 })).data.map((g: { id: number }) => g.id)).toEqual(reversed);
    // a game without the tag cannot be put in its order
    const untagged = await gameByCode('saba-tennis');
    refused(await post(admin, 'tag/sort', { tag: 1, ids: [untagged.id] }), 7001);
  });

  it('categories: create, rename, a taken name, stale version, delete, order', async () => {
    const made = await post(admin, 'category/save', { name: { zh_TW: '彩票', en: 'Lottery' }, providerCategories: ['LOTTERY'], sort: 9 });
    expect(made.success, JSON.stringify(made)).toBe(true);
    refused(await post(admin, 'category/save', { name: { zh_TW: '彩票' } }), 7003);
    const renamed = await post(admin, 'category/save', {
      id: made.data.id,
      version: 1,
      name: { zh_TW: '樂透' },
      providerCategories: ['LOTTERY'],
    });
    expect(renamed.data.version).toBe(2);
    refused(await post(admin, 'category/save', { id: made.data.id, version: 1, name: { zh_TW: '樂透二' } }), 7002);
    const ids = (await post(admin, 'category/list', { pageSize: 50 })).data.list.map((c: { id: number }) => c.id) as number[];
    expect((await post(admin, 'category/sort', { ids: [made.data.id] })).success).toBe(true);
    const after = (await post(admin, 'category/list', { pageSize: 50 })).data.list.map((c: { id: number }) => c.id);
    expect(after).toEqual([made.data.id, ...ids.filter((id) => id !== made.data.id)]);
    const version = (await post(admin, 'category/list', { name: '樂透' })).data.list[0].version;
    expect((await del(admin, 'category/delete', { id: made.data.id, version })).success).toBe(true);
    expect(await q('select 1 from game_categories where id = $1', [made.data.id])).toHaveLength(0);
  });

  it('modules: create with games in order, a game twice refused, edit, delete', async () => {
    const g1 = await gameByCode('pp-sweet-bonanza');
    const g2 = await gameByCode('pp-sugar-rush');
    const before = await fingerprint();
    refused(await post(admin, 'collection/save', { title: { zh_TW: '重複' }, gameIds: [g1.id, g2.id, g1.id] }), 7004);
    expect(await fingerprint()).toBe(before);
    const made = await post(admin, 'collection/save', {
      title: { zh_TW: '甜點', en: 'Sweets' },
      layout: 'list',
      status: 'Published',
      startAt: '2026-01-01 00:00:00',
      endAt: '2027-12-31 00:00:00',
      gameIds: [g2.id, g1.id],
    });
    expect(made.success, JSON.stringify(made)).toBe(true);
    const detail = await post(admin, 'collection/detail', { id: made.data.id });
    expect(detail.data.module).toMatchObject({ layout: 'list', gameIds: [g2.id, g1.id], startAt: '2026-01-01 00:00:00' });
    expect(detail.data.games.map((g: { id: number }) => g.id)).toEqual([g2.id, g1.id]);
    const edited = await post(admin, 'collection/save', { id: made.data.id, version: 1, title: { zh_TW: '甜點' }, gameIds: [g1.id] });
    expect(edited.data.version).toBe(2);
    refused(await post(admin, 'collection/save', { id: made.data.id, version: 1, title: { zh_TW: '甜點' } }), 7002);
    expect((await del(admin, 'collection/delete', { id: made.data.id, version: 2 })).success).toBe(true);
  });

  it('modules: the lobby order puts the named first, versions only what moved, logs the order once, writes nothing when nothing moves', async () => {
    const made: { id: number }[] = [];
    for (const [i, title] of ['甲', '乙', '丙'].entries()) {
      const r = await post(admin, 'collection/save', { title: { zh_TW: `排序${title}` }, sort: 100 + i });
      expect(r.success, JSON.stringify(r)).toBe(true);
      made.push(r.data);
    }
    const order = async () =>
      (await q<{ id: number }>(`select id from lobby_modules where site_id = 'tw_web' order by sort, id`)).map((r) => r.id);
    const versions = async () =>
      Object.fromEntries(
        (await q<{ id: number; version: number }>(`select id, version from lobby_modules where site_id = 'tw_web'`)).map((r) => [
          r.id,
          r.version,
        ]),
      );
    const logs = async () => (await q<{ n: number }>(`select count(*)::int as n from operation_logs where after ? 'moduleOrder'`))[0]!.n;
    const [a, b, c] = made.map((m) => m.id) as [number, number, number];
    const before = await order();
    const versionsBefore = await versions();
    const logsBefore = await logs();

    expect((await post(admin, 'collection/sort', { ids: [c, a] })).success).toBe(true);
    const after = await order();
    expect(after).toEqual([c, a, ...before.filter((id) => id !== c && id !== a)]);
    const versionsAfter = await versions();
    const moved = after.filter((id, pos) => before[pos] !== id);
    for (const id of after) expect(versionsAfter[id]).toBe(versionsBefore[id]! + (moved.includes(id) ? 1 : 0));
    expect(versionsAfter[b]).toBeGreaterThanOrEqual(versionsBefore[b]!);
    expect(await logs()).toBe(logsBefore + 1);
    const [log] = await q<{ before: { moduleOrder: number[] }; after: { moduleOrder: number[] } }>(
      `select before, after from operation_logs where after ? 'moduleOrder' order by id desc limit 1`,
    );
    expect(log).toEqual({ before: { moduleOrder: before }, after: { moduleOrder: after } });

    const foreign = await post(otherAdmin, 'collection/save', { title: { zh_TW: '他站' } });
    expect(foreign.success, JSON.stringify(foreign)).toBe(true);
    // The same order again moves nothing and writes nothing.
    const still = await fingerprint();
    expect((await post(admin, 'collection/sort', { ids: [c, a] })).success).toBe(true);
    expect(await fingerprint()).toBe(still);
    // Another site's module is answered like an unknown one, and nothing moves.
    refused(await post(admin, 'collection/sort', { ids: [a, foreign.data.id] }), 7001);
    refused(await post(admin, 'collection/sort', { ids: [a, 999_999] }), 7001);
    expect(await fingerprint()).toBe(still);
  });

  it('bad input is a clear envelope error and writes nothing', async () => {
    const game = await gameByCode('saba-soccer');
    const before = await fingerprint();
    const cases: [string, unknown][] = [
      ['category/save', { name: { zh_TW: '' } }],
      ['category/save', { name: { en: 'No zh' } }],
      ['category/save', { name: { zh_TW: '類' }, providerCategories: ['BINGO'] }],
      ['category/save', { name: { zh_TW: '類' }, sort: 'first' }],
      ['category/save', { name: { zh_TW: '類' }, iconImageId: 'nope' }],
      ['game/save', { id: game.id, version: game.version, names: {}, status: 'ACTIVE', tag: 4 }],
      ['game/save', { id: game.id, version: game.version, names: {}, status: 'GONE' }],
      ['game/save', { id: String(game.id), version: game.version, names: {}, status: 'ACTIVE' }],
      ['game/list', { providerCode: 'X'.repeat(40) }],
      ['game/bulk_tag', { ids: [], tag: 1 }],
      ['collection/save', { title: { zh_TW: '模組' }, layout: 'spiral' }],
      ['collection/save', { title: { zh_TW: '模組' }, startAt: '2027-01-01 00:00:00', endAt: '2026-01-01 00:00:00' }],
      ['collection/save', { title: { zh_TW: '模組' }, gameIds: ['a'] }],
      ['tag/sort', { tag: 0, ids: [game.id] }],
    ];
    for (const [path, payload] of cases) refused(await post(admin, path, payload), 1000);
    // an image that was never uploaded, a category of nobody
    refused(
      await post(admin, 'game/save', { id: game.id, version: game.version, names: {}, status: 'ACTIVE', imageId: 'd'.repeat(64) }),
      5004,
    );
    refused(await post(admin, 'game/save', { id: game.id, version: game.version, names: {}, status: 'ACTIVE', categoryId: 999_999 }), 7001);
    expect(await fingerprint()).toBe(before);
  });
});
