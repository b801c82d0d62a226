import type {
  Category,
  CategoryList,
  CategoryListRequest,
  CategorySaveRequest,
  Game,
  GameBulkStatusRequest,
  GameBulkTagRequest,
  GameList,
  GameListRequest,
  GameSaveRequest,
  MaterialOptions,
  MaterialSaved,
} from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

const M = '/manage/material';

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
  /** A category read again after someone else saved it (null once deleted). There is no read of one. */
  rereadCategory: async (id: number): Promise<Category | null> => {
    for (let page = 1; page <= 10; page++) {
      const result = await materialApi.categories({ page, pageSize: 100 });
      const found = result.list.find((c) => c.id === id);
      if (found || result.list.length < 100) return found ?? null;
    }
    return null;
  },
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
};
