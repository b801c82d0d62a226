import { beforeAll, describe, expect, it } from 'vitest';
import { body, call, signinAs, useTestApp, type Json } from '../helpers.js';
import { batch, betId, placeItem, playersAtDepth, signed } from '../provider-api/support.js';

const ctx = useTestApp();
let admin: string;

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

const games = () =>
  q<{
    code: string;
    provider_names: Record<string, string>;
    names: Record<string, string>;
    listed: boolean;
    version: number;
    tag: number;
    status: string;
    rtp_bp: number | null;
    provider_status: string;
  }>(
    `select code, provider_names, names, listed, version, tag, status, rtp_bp, provider_status from games
      where site_id = 'tw_web' and provider_code = 'JILI' order by code`,
  );
const gamesState = async () =>
  JSON.stringify(await q(`select * from games where site_id = 'tw_web' and provider_code = 'JILI' order by id`));

const push = async (list: unknown[], site = 'tw_web'): Promise<Json> =>
  body(await signed(ctx, 'games/sync', { siteId: site, games: list }, { provider: 'JILI' }));

const CATALOGUE = [
  { code: 'jili-super-ace', names: { en: 'Super Ace', zh_TW: '超級王牌' }, category: 'SLOT', rtp: '97', status: 'ACTIVE' },
  { code: 'jili-golden-empire', names: { en: 'Golden Empire' }, category: 'SLOT', rtp: '96.5' },
  { code: 'jili-new-one', names: { en: 'Brand New' }, category: 'FISH', rtp: '95.25', thumbnailUrl: 'https://cdn.example/new.png' },
];

beforeAll(async () => {
  admin = await signinAs(ctx.app, 'admin001');
});

describe('the providers’ catalogue push (games/sync)', () => {
  it('adds new games, updates listed ones and delists the missing; a replay changes nothing', async () => {
    const first = await push(CATALOGUE);
    expect(first.success, JSON.stringify(first)).toBe(true);
    // The demo seed holds the six JILI games: two pushed again (super ace unchanged but its names), one new, four missing.
    expect(first.data).toMatchObject({ added: 1, delisted: 4 });
    const rows = await games();
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode['jili-new-one']).toMatchObject({ listed: true, rtp_bp: 9525, provider_status: 'ACTIVE' });
    expect(byCode['jili-golden-empire']!.rtp_bp).toBe(9650);
    expect(byCode['jili-money-coming']!.listed).toBe(false);
    const state = await gamesState();
    const again = await push(CATALOGUE);
    expect(again.data).toEqual({ added: 0, updated: 0, unchanged: 3, delisted: 0 });
    expect(await gamesState()).toBe(state);
  });

  it("never touches the operator's edits nor the version its edits carry", async () => {
    const [game] = await q<{ id: number; version: number }>(
      `select id, version from games where site_id = 'tw_web' and code = 'jili-super-ace'`,
    );
    const saved = body(
      await call(
        ctx.app,
        'POST',
        '/api/manage/material/game/save',
        { id: game!.id, version: game!.version, names: { zh_TW: '王牌', en: 'The Ace' }, tag: 1, status: 'MAINTAIN', sort: 3 },
        { site: 'tw_web', token: admin },
      ),
    );
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    const changed = CATALOGUE.map((g) =>
      g.code === 'jili-super-ace' ? { ...g, names: { en: 'Super Ace Deluxe' }, status: 'DISABLE' } : g,
    );
    expect((await push(changed)).data).toMatchObject({ updated: 1, unchanged: 2 });
    const [row] = await q<{
      names: Record<string, string>;
      provider_names: Record<string, string>;
      tag: number;
      status: string;
      provider_status: string;
      version: number;
    }>(`select names, provider_names, tag, status, provider_status, version from games where id = $1`, [game!.id]);
    expect(row).toMatchObject({ names: { zh_TW: '王牌', en: 'The Ace' }, tag: 1, status: 'MAINTAIN', provider_status: 'DISABLE' });
    expect(row!.provider_names).toEqual({ en: 'Super Ace Deluxe' });
    expect(row!.version).toBe(saved.data.version);
    // the provider's stricter status wins in the lobby's view
    const listed = body(
      await call(ctx.app, 'POST', '/api/manage/material/game/list', { text: 'The Ace' }, { site: 'tw_web', token: admin }),
    );
    expect(listed.data.list[0].lobbyState).toBe('DISABLE');
  });

  it('a game the provider stops listing is unavailable, not deleted: its bets still name it', async () => {
    const [unlisted] = await q<{ id: number; listed: boolean }>(
      `select id, listed from games where site_id = 'tw_web' and code = 'jili-money-coming'`,
    );
    expect(unlisted!.listed).toBe(false);
    const listed = body(
      await call(
        ctx.app,
        'POST',
        '/api/manage/material/game/list',
        { unavailable: true, providerCode: 'JILI' },
        { site: 'tw_web', token: admin },
      ),
    );
    expect(listed.data.list.map((g: { code: string; lobbyState: string }) => [g.code, g.lobbyState])).toContainEqual([
      'jili-money-coming',
      'UNAVAILABLE',
    ]);
    // A bet on it, placed after the provider dropped it, is shown with its name.
    const [player] = await playersAtDepth(ctx, 2, 'JILI');
    const id = betId('jili');
    expect(
      await batch(ctx, 'place', [placeItem(id, player!, { gameCode: 'jili-money-coming', gameCategory: 'SLOT' })], { provider: 'JILI' }),
    ).toEqual(['OK']);
    const bets = body(
      await call(
        ctx.app,
        'POST',
        '/api/manage/bet/list',
        { gameCode: 'jili-money-coming', start: '2026-11-19 00:00:00', end: '2026-11-21 00:00:00' },
        { site: 'tw_web', token: admin },
      ),
    );
    expect(bets.success, JSON.stringify(bets)).toBe(true);
    expect(bets.data.list[0]).toMatchObject({ gameCode: 'jili-money-coming', gameNames: { en: 'Money Coming', zh_TW: '錢來了' } });
    // Pushing it again brings it back, with everything the operator set.
    expect((await push([...CATALOGUE, { code: 'jili-money-coming', category: 'SLOT' }])).data).toMatchObject({ updated: 2, delisted: 0 });
    const [back] = await q<{ listed: boolean }>(`select listed from games where id = $1`, [unlisted!.id]);
    expect(back!.listed).toBe(true);
  });

  it('bad signature, bad items and duplicate codes are refused, and nothing is written', async () => {
    const state = await gamesState();
    const unsigned = await signed(
      ctx,
      'games/sync',
      { siteId: 'tw_web', games: CATALOGUE },
      { provider: 'JILI', signature: 'f'.repeat(64) },
    );
    expect(body(unsigned).code).toBe(4001);
    const cases: unknown[][] = [
      [{ code: 'jili-x', category: 'BINGO' }],
      [{ code: '', category: 'SLOT' }],
      [{ code: 'jili-x', category: 'SLOT', rtp: '101' }],
      [{ code: 'jili-x', category: 'SLOT', rtp: '96.555' }],
      [{ code: 'jili-x', category: 'SLOT', thumbnailUrl: 'javascript:alert(1)' }],
      [{ code: 'jili-x', category: 'SLOT', status: 'GONE' }],
      [
        { code: 'jili-dup', category: 'SLOT' },
        { code: 'JILI-DUP', category: 'SLOT' },
      ],
    ];
    for (const list of cases) {
      const b = await push(list);
      expect(b.success, JSON.stringify(list)).toBe(false);
      expect(b.code).toBe(1000);
    }
    expect(await gamesState()).toBe(state);
  });
});
