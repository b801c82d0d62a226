import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../../../components/server-pagination';

/** What a paged table shows of a list: its rows, total and pager. */
export interface PagedView<T> {
  query: { data?: { total: number; list: T[] }; isFetching: boolean };
  page: number;
  pageSize: number;
  change: (current: number | undefined, requestedSize: number | undefined) => void;
}

/**
 * A server-paged list: the applied filters and the pager. A new search or page size goes back
 * to the first page.
 */
export function usePagedList<F extends object, R>(
  keyOf: (body: unknown) => QueryKey,
  fetch: (body: F & { page: number; pageSize: PageSize }, signal: AbortSignal) => Promise<R>,
) {
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const body = { ...filters, page, pageSize };
  const query = useQuery({ queryKey: keyOf(body), queryFn: ({ signal }) => fetch(body, signal), placeholderData: (prev) => prev });

  const search = (next: F) => {
    setPage(1);
    setFilters(next);
  };
  const change = (current: number | undefined, requestedSize: number | undefined) => {
    const size = toPageSize(requestedSize);
    setPage(size !== pageSize ? 1 : (current ?? 1));
    setPageSize(size);
  };

  return { query, page, pageSize, search, change };
}
