import type { CONTENT_SORT_FIELDS, ContentType, PublishStatus } from '@agent-bo/shared';
import { usePagedList } from '../../../hooks/use-paged-list';
import { contentApi, contentKeys } from '../api/content-api';

/** What the list is searched by: title text, status, and a site wall-clock range it overlaps. */
export interface ContentFilters {
  title?: string;
  status?: PublishStatus;
  start?: string;
  end?: string;
}

export type ContentSortField = (typeof CONTENT_SORT_FIELDS)[number];
export interface ContentSort {
  sortBy: ContentSortField;
  order: 'asc' | 'desc';
}

/** The contract's default order: by the editors' sort number, ascending. */
export const DEFAULT_SORT: ContentSort = { sortBy: 'sort', order: 'asc' };

/** One content type's server-paged list, in the editors' order until a column is sorted. */
export function useContentList(type: ContentType) {
  return usePagedList<ContentFilters, Awaited<ReturnType<typeof contentApi.list>>, ContentSort>({
    keyOf: (body) => contentKeys.list(type, { type, ...body }),
    fetch: (body, signal) => contentApi.list({ type, ...body }, signal),
    initial: {},
    initialSort: DEFAULT_SORT,
    testId: 'content',
  });
}
