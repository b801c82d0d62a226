import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../components/server-pagination';
import { useGridQuery } from './use-grid-query';

/** The request of one page: the applied filters, the sort (when the list has one) and the pager. */
export type PagedBody<F, S> = F & S & { page: number; pageSize: PageSize };

export interface PagedListOptions<F extends object, S extends object, R> {
  keyOf: (body: PagedBody<F, S>) => QueryKey;
  fetch: (body: PagedBody<F, S>, signal: AbortSignal) => Promise<R>;
  /** The filters before the first search. */
  initial: F;
  /** The order before the user sorts: a list without sorting leaves it out. */
  initialSort?: S;
  /** Prefix of the failure and retry test ids. */
  testId: string;
}

const sameSort = (a: object, b: object) =>
  Object.keys({ ...a, ...b }).every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);

/**
 * A server-paged list (docs/DECISIONS.md, "Grids"): the applied filters, the sort, the pager and
 * the grid query. A new search, sort or page size goes back to the first page; Search asks the
 * server again even when the filters are the ones shown; a failed load is said, with a retry.
 */
export function usePagedList<F extends object, R, S extends object = object>({
  keyOf,
  fetch,
  initial,
  initialSort,
  testId,
}: PagedListOptions<F, S, R>) {
  const [filters, setFilters] = useState<F>(initial);
  const [sort, setSort] = useState<S>((initialSort ?? {}) as S);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const body = { ...filters, ...sort, page, pageSize } as PagedBody<F, S>;
  const grid = useGridQuery({ queryKey: keyOf(body), queryFn: ({ signal }) => fetch(body, signal), testId });

  const search = (next: F) => {
    setPage(1);
    setFilters(next);
    grid.refreshIfSame(keyOf({ ...next, ...sort, page: 1, pageSize } as PagedBody<F, S>));
  };
  const change = (current: number | undefined, requestedSize: number | undefined, nextSort?: S) => {
    const size = toPageSize(requestedSize);
    const resort = nextSort !== undefined && !sameSort(nextSort, sort);
    setPage(size !== pageSize || resort ? 1 : (current ?? 1));
    setPageSize(size);
    if (nextSort !== undefined) setSort(nextSort);
  };

  return { grid, query: grid.query, notice: grid.notice, filters, sort, page, pageSize, search, change };
}
