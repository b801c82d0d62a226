import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { lobbySchema, type Lobby } from '@agent-bo/shared';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { body, call, signinAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
/** A second server on the same database: its own pool, its own LISTEN connection, its own lobby cache. */
let other: { app: FastifyInstance; database: Database };
let admin: string;

beforeAll(async () => {
  const database = createDatabase(String(ctx.database.pool.options.connectionString), { max: 2 });
  const app = await buildApp({ db: database.db, pool: database.pool, config: { rateLimit: false } });
  await app.ready();
  other = { app, database };
  admin = await signinAs(ctx.app, 'admin001');
});

afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
});

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

const lobbyOf = async (app: FastifyInstance, query = '', headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: `/api/client/lobby${query}`, headers });
  return { res, lobby: res.statusCode === 200 ? (lobbySchema.parse(res.json().data) as Lobby) : undefined };
};
const lobby = async (query = '', headers: Record<string, string> = {}) => (await lobbyOf(ctx.app, query, headers)).lobby!;
const gameId = async (code: string) =>
  (await q<{ id: number }>(`select id from games where site_id = 'tw_web' and code = $1`, [code]))[0]!.id;
const manage = async (path: string, payload: unknown) =>
  body(await call(ctx.app, 'POST', `/api/manage/material/${path}`, payload, { site: 'tw_web', token: admin }));

describe('GET /api/client/lobby', () => {
  it('categories, games in the operator’s order, modules and tags, in the requested language with fallback', async () => {
    const zh = await lobby();
    expect(zh.locale).toBe('zh_TW');
    expect(zh.categories.map((c) => c.name)).toEqual(['真人視訊', '電子遊戲', '捕魚', '體育', '棋牌']);
    expect(zh.games.length).toBeGreaterThan(10);
    expect(zh.games.find((g) => g.code === 'evo-baccarat-a')?.name).toBe('百家樂 A');
    expect(zh.modules.map((m) => m.title)).toEqual(['熱門老虎機', '真人娛樂']);
    expect(zh.tags.hot.length).toBeGreaterThan(0);
    const en = await lobby('?lang=en');
    expect(en.games.find((g) => g.code === 'evo-baccarat-a')?.name).toBe('Baccarat A');
    expect(en.modules[0]!.title).toBe('Hot slots');
    // Thai: the demo games have no Thai names: the zh_TW name stands in
    const th = await lobby('', { 'accept-language': 'th' });
    expect(th.games.find((g) => g.code === 'evo-baccarat-a')?.name).toBe('百家樂 A');
    expect(th.categories[0]!.name).toBe('คาสิโนสด');
  });

  it('answers 304 to the ETag it gave while nothing changed', async () => {
    const first = await lobbyOf(ctx.app, '?lang=en');
    const etag = String(first.res.headers.etag);
    expect(first.res.headers['cache-control']).toBe('public, no-cache');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/client/lobby?lang=en', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never serves as playable: a draft module, a disabled or hidden game, a provider not offered or disabled; maintenance shows as such', async () => {
    const hidden = await gameId('pp-sweet-bonanza');
    const disabled = await gameId('pg-fortune-tiger');
    const maintained = await gameId('pg-mahjong-ways-2');
    const g = await q<{ id: number; version: number }>(`select id, version from games where id = any($1::int[]) order by id`, [
      [hidden, disabled, maintained],
    ]);
    const version = Object.fromEntries(g.map((r) => [r.id, r.version]));
    expect((await manage('game/save', { id: hidden, version: version[hidden], names: {}, status: 'ACTIVE', visible: false })).success).toBe(
      true,
    );
    expect((await manage('game/bulk_status', { ids: [disabled], status: 'DISABLE' })).success).toBe(true);
    expect((await manage('game/bulk_status', { ids: [maintained], status: 'MAINTAIN' })).success).toBe(true);
    const draft = await manage('collection/save', { title: { zh_TW: '草稿' }, status: 'Draft', gameIds: [maintained] });
    const ended = await manage('collection/save', {
      title: { zh_TW: '已結束' },
      status: 'Published',
      startAt: '2020-01-01 00:00:00',
      endAt: '2020-02-01 00:00:00',
    });
    const seen = await lobby();
    const byId = new Map(seen.games.map((x) => [x.id, x]));
    expect(byId.has(hidden)).toBe(false);
    expect(byId.has(disabled)).toBe(false);
    expect(byId.get(maintained)?.state).toBe('MAINTAIN');
    expect(seen.modules.map((m) => m.id)).not.toContain(draft.data.id);
    expect(seen.modules.map((m) => m.id)).not.toContain(ended.data.id);
    // a module never lists a game the lobby does not serve
    expect(seen.modules.flatMap((m) => m.gameIds).every((id) => byId.has(id))).toBe(true);
    expect([...seen.tags.hot, ...seen.tags.new, ...seen.tags.recommended].every((id) => byId.has(id))).toBe(true);

    // The provider: under maintenance on the site, then not offered, then disabled.
    const evo = async () => (await lobby()).games.filter((x) => x.providerCode === 'EVO');
    const provider = (path: string, payload: unknown) =>
      call(ctx.app, 'POST', `/api/manage/provider/${path}`, payload, { site: 'tw_web', token: admin });
    expect((await evo()).length).toBeGreaterThan(0);
    expect(body(await provider('change_status', { code: 'EVO', status: 'MAINTAIN' })).success).toBe(true);
    expect((await evo()).every((x) => x.state === 'MAINTAIN')).toBe(true);
    expect(body(await provider('change_status', { code: 'EVO', status: 'DISABLE' })).success).toBe(true);
    expect(await evo()).toEqual([]);
    expect(body(await provider('change_status', { code: 'EVO', status: 'ACTIVE' })).success).toBe(true);
    expect(body(await provider('set_site_offering', { code: 'EVO', offered: false })).success).toBe(true);
    expect(await evo()).toEqual([]);
    expect(body(await provider('set_site_offering', { code: 'EVO', offered: true })).success).toBe(true);
    expect((await evo()).length).toBeGreaterThan(0);
  });

  it('changes right after a write, also when the write went through another server process', async () => {
    // Both servers have the lobby cached.
    const before = await lobbyOf(other.app, '?lang=en');
    await lobby('?lang=en');
    const module = before.lobby!.modules[0]!;
    const reversed = [...module.gameIds].reverse();
    const [row] = await q<{ version: number; title: Record<string, string>; layout: string }>(
      `select version, title, layout from lobby_modules where id = $1`,
      [module.id],
    );
    const saved = await manage('collection/save', {
      id: module.id,
      version: row!.version,
      title: row!.title,
      layout: row!.layout,
      status: 'Published',
      gameIds: reversed,
    });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    // This server: at once. The other: as soon as PostgreSQL delivers the notification.
    expect((await lobby('?lang=en')).modules[0]!.gameIds).toEqual(reversed);
    await expect
      .poll(async () => (await lobbyOf(other.app, '?lang=en')).lobby!.modules[0]!.gameIds, { timeout: 5000, interval: 50 })
      .toEqual(reversed);
    const after = await lobbyOf(other.app, '?lang=en', { 'if-none-match': String(before.res.headers.etag) });
    expect(after.res.statusCode).toBe(200);
  });

  it("a site's lobby is its own", async () => {
    const mine = await lobby();
    const theirs = (await lobbyOf(ctx.app, '', { host: 'tw-mc.localhost' })).lobby!;
    const mineIds = new Set(mine.games.map((g) => g.id));
    expect(theirs.games.some((g) => mineIds.has(g.id))).toBe(false);
  });
});
