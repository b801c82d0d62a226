import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../../../components/server-pagination';
import { useGridQuery } from '../../../hooks/use-grid-query';
import { roleApi, roleKeys } from '../api/role-api';

/** The roles' server-paged list, searched by name (any locale). A new search or page size goes back to page 1. */
export function useRoleList() {
  const [name, setName] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const body = { name, page, pageSize };
  const grid = useGridQuery({ queryKey: roleKeys.list(body), queryFn: ({ signal }) => roleApi.list(body, signal), testId: 'role' });
  const { query } = grid;

  // Search always asks the server, also for the name already shown.
  const search = (next: string | undefined) => {
    const trimmed = next?.trim() || undefined;
    setPage(1);
    setName(trimmed);
    grid.refreshIfSame(roleKeys.list({ name: trimmed, page: 1, pageSize }));
  };

  const change = (current: number | undefined, requestedSize: number | undefined) => {
    const size = toPageSize(requestedSize);
    setPage(size !== pageSize ? 1 : (current ?? 1));
    setPageSize(size);
  };

  return { query, page, pageSize, search, change, notice: grid.notice, failure: grid.emptyText() };
}
