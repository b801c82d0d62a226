import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, type CONTENT_SORT_FIELDS, type ContentType, type PublishStatus } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../../../components/server-pagination';
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

/**
 * One content type's server-paged list: the applied filters, the sort and the pager. A new
 * search, sort or page size goes back to the first page.
 */
export function useContentList(type: ContentType) {
  const [filters, setFilters] = useState<ContentFilters>({});
  const [sort, setSort] = useState<ContentSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const body = { type, ...filters, ...sort, page, pageSize };
  const query = useQuery({
    queryKey: contentKeys.list(type, body),
    queryFn: ({ signal }) => contentApi.list(body, signal),
    placeholderData: (prev) => prev,
  });

  const search = (next: ContentFilters) => {
    setPage(1);
    setFilters(next);
  };

  const change = (current: number | undefined, requestedSize: number | undefined, nextSort: ContentSort) => {
    const size = toPageSize(requestedSize);
    const resort = nextSort.sortBy !== sort.sortBy || nextSort.order !== sort.order;
    setPage(size !== pageSize || resort ? 1 : (current ?? 1));
    setPageSize(size);
    setSort(nextSort);
  };

  return { query, page, pageSize, sort, search, change };
}
