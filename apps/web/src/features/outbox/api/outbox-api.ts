import type { OutboxMessage, Page } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/** One page of the outbox request: the spec's paging only, newest first. */
export interface OutboxListRequest {
  page: number;
  pageSize: number;
}

/** The demo message driver's outbox (the site's admin only; the server refuses anyone else). */
export const outboxApi = {
  list: (body: OutboxListRequest, signal?: AbortSignal) => api.post<Page<OutboxMessage>>('/manage/outbox/list', body, { signal }),
};

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (q: OutboxListRequest) => ['outbox', 'list', q] as const,
};
