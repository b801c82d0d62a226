import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../../../components/server-pagination';
import { useGridQuery } from '../../../hooks/use-grid-query';

/**
 * A server-paged store list: the applied filters, the pager and the grid query (a failed load is
 * shown as such, with a retry). A new search or page size goes back to the first page, and Search
 * asks the server again even when the filters are the ones shown.
 */
export function useStoreList<F extends object, R>({
  keyOf,
  fetch,
  initial,
  testId,
}: {
  keyOf: (body: unknown) => QueryKey;
  fetch: (body: F & { page: number; pageSize: PageSize }, signal: AbortSignal) => Promise<R>;
  initial: F;
  /** Prefix of the failure and retry test ids. */
  testId: string;
}) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const body = { ...filters, page, pageSize };
  const grid = useGridQuery({ queryKey: keyOf(body), queryFn: ({ signal }) => fetch(body, signal), testId });

  const search = (next: F) => {
    setPage(1);
    setFilters(next);
    grid.refreshIfSame(keyOf({ ...next, page: 1, pageSize }));
  };
  const change = (current: number | undefined, requestedSize: number | undefined) => {
    const size = toPageSize(requestedSize);
    setPage(size !== pageSize ? 1 : (current ?? 1));
    setPageSize(size);
  };

  return { grid, query: grid.query, filters, page, pageSize, search, change };
}

export type StoreList<R> = ReturnType<typeof useStoreList<object, R>>;
