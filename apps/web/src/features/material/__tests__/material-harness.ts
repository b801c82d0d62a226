import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import type { Category, Game, LobbyModule, MaterialOptions } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope } from '../../../test/app-harness';

export function category(over: Partial<Category> = {}): Category {
  return {
    id: 1,
    name: { zh_TW: '老虎機', en: 'Slots', th: '', vi: '' },
    iconImageId: null,
    iconUrl: null,
    sort: 0,
    status: 'ACTIVE',
    providerCategories: ['SLOT'],
    gameCount: 12,
    version: 3,
    updatedBy: 'admin001',
    updatedAt: '2030-01-01 10:00:00',
    ...over,
  };
}

export function game(over: Partial<Game> = {}): Game {
  return {
    id: 11,
    providerCode: 'PG',
    code: 'fortune-tiger',
    names: { zh_TW: '', en: '', th: '', vi: '' },
    providerNames: { zh_TW: '招財虎', en: 'Fortune Tiger', th: '', vi: '' },
    imageId: null,
    imageUrl: null,
    thumbnailUrl: null,
    categoryId: null,
    effectiveCategoryId: 1,
    providerCategory: 'SLOT',
    rtp: '96.81',
    tag: 0,
    status: 'ACTIVE',
    providerStatus: 'ACTIVE',
    listed: true,
    lobbyState: 'ACTIVE',
    sort: 0,
    visible: true,
    version: 2,
    updatedBy: null,
    updatedAt: '2030-01-01 10:00:00',
    ...over,
  };
}

export function lobbyModule(over: Partial<LobbyModule> = {}): LobbyModule {
  return {
    id: 1,
    title: { zh_TW: '熱門老虎機', en: 'Hot slots', th: '', vi: '' },
    layout: 'carousel',
    status: 'Published',
    startAt: null,
    endAt: null,
    sort: 0,
    gameIds: [11, 12, 14],
    version: 5,
    updatedBy: 'admin001',
    updatedAt: '2030-01-01 10:00:00',
    ...over,
  };
}

export const OPTIONS: MaterialOptions = {
  categories: [
    { id: 1, name: { zh_TW: '老虎機', en: 'Slots', th: '', vi: '' }, status: 'ACTIVE' },
    { id: 2, name: { zh_TW: '真人', en: 'Live', th: '', vi: '' }, status: 'ACTIVE' },
  ],
  providers: [
    { code: 'PG', name: 'PG Soft' },
    { code: 'EVO', name: 'Evolution' },
  ],
};

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

export const backend = {
  codes: [] as string[],
  categories: [] as Category[],
  games: [] as Game[],
  /** The games carrying each tag, in order (tag/list). */
  tags: {} as Record<number, Game[]>,
  modules: [] as LobbyModule[],
  /** What bulk_status / bulk_tag answer as `changed` (default: the number of ids). */
  changed: null as number | null,
  /** The answer of the next save, instead of a success. */
  saveAnswer: null as Response | null,
  calls: [] as Call[],
};

export function resetBackend() {
  backend.codes = [
    'CATEGORY_READ',
    'CATEGORY_WRITE',
    'GAME_READ',
    'GAME_WRITE',
    'TAG_READ',
    'TAG_WRITE',
    'COLLECTION_READ',
    'COLLECTION_WRITE',
  ];
  backend.categories = [category(), category({ id: 2, name: { zh_TW: '真人', en: '', th: '', vi: '' }, status: 'DISABLE', sort: 1 })];
  backend.games = [
    game(),
    game({
      id: 12,
      providerCode: 'EVO',
      code: 'baccarat',
      names: { zh_TW: '百家樂', en: 'Baccarat', th: '', vi: '' },
      providerNames: { zh_TW: '', en: 'Live Baccarat', th: '', vi: '' },
      categoryId: 2,
      effectiveCategoryId: 2,
      providerCategory: 'LIVE',
      tag: 1,
      status: 'ACTIVE',
      lobbyState: 'MAINTAIN',
    }),
    game({ id: 13, code: 'old-game', listed: false, lobbyState: 'UNAVAILABLE' }),
  ];
  backend.games.push(
    game({ id: 14, code: 'mahjong-ways', providerNames: { zh_TW: '麻將胡了', en: 'Mahjong Ways', th: '', vi: '' }, tag: 1 }),
  );
  const byId = (id: number) => backend.games.find((g) => g.id === id)!;
  backend.tags = { 1: [byId(12), byId(14)].map((g) => ({ ...g, tag: 1 })), 2: [], 3: [{ ...byId(11), tag: 3 }] };
  backend.modules = [
    lobbyModule(),
    lobbyModule({
      id: 2,
      title: { zh_TW: '真人娛樂', en: 'Live casino', th: '', vi: '' },
      layout: 'grid',
      status: 'Draft',
      startAt: '2030-02-01 00:00:00',
      gameIds: [12],
    }),
  ];
  backend.changed = null;
  backend.saveAnswer = null;
  backend.calls = [];
}

/** The calls made to `manage/material/<name>`. */
export const callsTo = (name: string) => backend.calls.filter((c) => c.path === `/api/manage/material/${name}`);

const paged = <T>(list: T[], body: Record<string, unknown> | undefined) =>
  envelope({ page: Number(body?.page ?? 1), pageSize: Number(body?.pageSize ?? 10), total: list.length, list });

export function materialServer(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  backend.calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(adminUser());
    case '/api/getPermCode':
      return envelope(backend.codes);
    case '/api/manage/material/category/list':
      return paged(backend.categories, body);
    case '/api/manage/material/game/list':
      return paged(backend.games, body);
    case '/api/manage/material/game/options':
      return envelope(OPTIONS);
    case '/api/manage/material/tag/list':
      return envelope(backend.tags[Number(body?.tag)] ?? []);
    case '/api/manage/material/collection/list':
      return paged(backend.modules, body);
    case '/api/manage/material/collection/detail': {
      const module = backend.modules.find((m) => m.id === body?.id);
      if (!module) return envelope(null, 7001, 'This material does not exist or is not yours to see', 404);
      return envelope({ module, games: module.gameIds.map((id) => backend.games.find((g) => g.id === id)!) });
    }
    case '/api/manage/material/collection/games': {
      const text = String(body?.text ?? '').toLowerCase();
      return envelope(backend.games.filter((g) => g.listed && g.code.includes(text)));
    }
    case '/api/manage/material/tag/sort':
    case '/api/manage/material/category/sort':
    case '/api/manage/material/collection/sort':
    case '/api/manage/material/collection/delete':
      return envelope(null);
    case '/api/manage/material/category/save':
    case '/api/manage/material/collection/save':
    case '/api/manage/material/game/save':
      if (backend.saveAnswer) return backend.saveAnswer;
      return envelope({ id: Number(body?.id ?? 99), version: Number(body?.version ?? 0) + 1 });
    case '/api/manage/material/category/delete':
      return envelope(null);
    case '/api/manage/material/game/bulk_status':
    case '/api/manage/material/game/bulk_tag':
      return envelope({ changed: backend.changed ?? (body?.ids as number[]).length });
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

export { within };

/**
 * jsdom lays nothing out, so dnd-kit's keyboard moves would find no neighbour: each sortable row
 * (a `li` with a test id) is given a 40 px high box, one below the other, by its position.
 */
export function layOutSortableRows(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest('li[data-testid]');
    if (!row?.parentElement) return original.call(this);
    const top = [...row.parentElement.children].indexOf(row) * 48;
    return { x: 0, y: top, top, left: 0, width: 400, height: 40, bottom: top + 40, right: 400, toJSON: () => ({}) } as DOMRect;
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

/** Moves a row with the keyboard on its drag handle: space picks up, the arrows move, space drops. */
export async function keyboardMove(handle: HTMLElement, key: 'ArrowDown' | 'ArrowUp', times = 1): Promise<void> {
  const press = async (code: string, target: Element | Document = document) => {
    await act(async () => {
      fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
      await new Promise((r) => setTimeout(r, 20));
    });
  };
  handle.focus();
  await press('Space', handle);
  for (let i = 0; i < times; i++) await press(key);
  await press('Space');
}

/** Every test of the file gets the sortable rows laid out (layOutSortableRows), undone after it. */
export function layOutSortableRowsInEachTest(): void {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = layOutSortableRows();
  });
  afterEach(() => restore());
}

/**
 * The first element of a page: the page's code is loaded when first shown, which on a busy
 * machine takes longer than findTestId's 5 s.
 */
export const firstPage = (testId: string) => screen.findByTestId(testId, {}, { timeout: 20_000 });

export { click, pick, type, messages } from '../../../test/ui-actions';
