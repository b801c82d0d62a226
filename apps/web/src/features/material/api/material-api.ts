import {
  ERRORS,
  type Category,
  type CategoryList,
  type CategoryListRequest,
  type CategorySaveRequest,
  type Game,
  type GameBulkStatusRequest,
  type GameBulkTagRequest,
  type GameList,
  type GameListRequest,
  type GameSaveRequest,
  type MaterialGameSearchRequest,
  type MaterialOptions,
  type MaterialSaved,
  type ModuleDetail,
  type ModuleList,
  type ModuleListRequest,
  type ModuleSaveRequest,
  type TagSortRequest,
} from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';

const M = '/manage/material';

/** The pages of a list read one after the other (100 per page, at most 1,000 items). */
async function everyPage<T>(read: (page: number) => Promise<{ list: T[] }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= 10; page++) {
    const { list } = await read(page);
    all.push(...list);
    if (list.length < 100) break;
  }
  return all;
}

export const materialApi = {
  categories: (body: CategoryListRequest, signal?: AbortSignal) => api.post<CategoryList>(`${M}/category/list`, compact(body), { signal }),
  /** Failures are the drawer's to show: a stale version offers a reload. */
  saveCategory: (body: CategorySaveRequest) => api.post<MaterialSaved>(`${M}/category/save`, body, { errorMessageMode: 'none' }),
  deleteCategory: (id: number, version: number) => api.request<null>('DELETE', `${M}/category/delete`, { id, version }),
  games: (body: GameListRequest, signal?: AbortSignal) => api.post<GameList>(`${M}/game/list`, compact(body), { signal }),
  options: (signal?: AbortSignal) => api.get<MaterialOptions>(`${M}/game/options`, { signal }),
  saveGame: (body: GameSaveRequest) => api.post<MaterialSaved>(`${M}/game/save`, body, { errorMessageMode: 'none' }),
  bulkStatus: (body: GameBulkStatusRequest) => api.post<{ changed: number }>(`${M}/game/bulk_status`, body),
  bulkTag: (body: GameBulkTagRequest) => api.post<{ changed: number }>(`${M}/game/bulk_tag`, body),
  sortCategories: (ids: number[]) => api.post<null>(`${M}/category/sort`, { ids }),
  tagGames: (tag: 1 | 2 | 3, signal?: AbortSignal) => api.post<Game[]>(`${M}/tag/list`, { tag }, { signal }),
  sortTag: (body: TagSortRequest) => api.post<null>(`${M}/tag/sort`, body),
  modules: (body: ModuleListRequest, signal?: AbortSignal) => api.post<ModuleList>(`${M}/collection/list`, compact(body), { signal }),
  moduleDetail: (id: number, signal?: AbortSignal) => api.post<ModuleDetail>(`${M}/collection/detail`, { id }, { signal }),
  /** The games a module can hold whose code or any name contains the text (at most 20). */
  moduleGameSearch: (body: MaterialGameSearchRequest, signal?: AbortSignal) =>
    api.post<Game[]>(`${M}/collection/games`, compact(body), { signal }),
  saveModule: (body: ModuleSaveRequest) => api.post<MaterialSaved>(`${M}/collection/save`, body, { errorMessageMode: 'none' }),
  deleteModule: (id: number, version: number) => api.request<null>('DELETE', `${M}/collection/delete`, { id, version }),
  sortModules: (ids: number[]) => api.post<null>(`${M}/collection/sort`, { ids }),
  /** A module read again with its games after someone else saved it (null once deleted). */
  rereadModule: (id: number): Promise<ModuleDetail | null> =>
    api.post<ModuleDetail>(`${M}/collection/detail`, { id }, { errorMessageMode: 'none' }).catch((error: unknown) => {
      if (isApiError(error) && error.code === ERRORS.MATERIAL_NOT_FOUND.code) return null;
      throw error;
    }),
  /** A category read again after someone else saved it (null once deleted). There is no read of one. */
  rereadCategory: async (id: number): Promise<Category | null> =>
    (await everyPage((page) => materialApi.categories({ page, pageSize: 100 }))).find((c) => c.id === id) ?? null,
  /** Every category in lobby order, for the order dialog. */
  allCategories: (signal?: AbortSignal) => everyPage((page) => materialApi.categories({ page, pageSize: 100 }, signal)),
  /** Every module in lobby order, for the order dialog. */
  allModules: (signal?: AbortSignal) => everyPage((page) => materialApi.modules({ page, pageSize: 100 }, signal)),
  /** A game read again: searched by its code, then matched by id. */
  rereadGame: async (game: Game): Promise<Game | null> => {
    const result = await materialApi.games({ text: game.code, providerCode: game.providerCode, pageSize: 100 });
    return result.list.find((g) => g.id === game.id) ?? null;
  },
};

export const materialKeys = {
  all: ['material'] as const,
  categories: (body: unknown) => ['material', 'category', body] as const,
  games: (body: unknown) => ['material', 'game', body] as const,
  options: ['material', 'options'] as const,
  tag: (tag: number) => ['material', 'tag', tag] as const,
  modules: (body: unknown) => ['material', 'collection', body] as const,
  /** Every category or module, for the order dialog. */
  order: (what: string) => ['material', 'order', what] as const,
};
