import type { ContentItem, ContentList, ContentListRequest, ContentSaveRequest, ContentSaveResult, ContentType } from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';

const A = '/manage/activity';

export const contentApi = {
  list: (body: ContentListRequest, signal?: AbortSignal) => api.post<ContentList>(`${A}/list`, compact(body), { signal }),
  /** Failures are the drawer's to show: a stale version offers a reload, a refused field is marked. */
  save: (body: ContentSaveRequest) => api.post<ContentSaveResult>(`${A}/save`, body, { errorMessageMode: 'none' }),
  remove: (ids: number[]) => api.request<null>('DELETE', `${A}/delete`, { ids }),
  setPops: (ids: number[]) => api.post<null>(`${A}/set_pops`, { ids }),
  /**
   * An item read again after someone else saved it. There is no read of one item: the item whose
   * version went stale was updated last, so it heads the list by update time (null once deleted).
   */
  reread: async (type: ContentType, id: number): Promise<ContentItem | null> => {
    const recent = await contentApi.list({ type, sortBy: 'updatedAt', order: 'desc', pageSize: 100 });
    return recent.list.find((item) => item.id === id) ?? null;
  },
};

/** The chosen pop-ups in their order (at most a page of 100, the contract's cap on the list). */
export const POPS_REQUEST: ContentListRequest = { type: 'ACTIVITY', popsOnly: true, sortBy: 'popOrder', order: 'asc', pageSize: 100 };

export const contentKeys = {
  all: ['content'] as const,
  list: (type: ContentType, body: unknown) => ['content', type, 'list', body] as const,
  pops: ['content', 'ACTIVITY', 'pops'] as const,
};
