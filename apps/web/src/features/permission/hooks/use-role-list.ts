import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../../../components/server-pagination';
import { roleApi, roleKeys } from '../api/role-api';

/** The roles' server-paged list, searched by name (any locale). A new search or page size goes back to page 1. */
export function useRoleList() {
  const [name, setName] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const body = { name, page, pageSize };
  const query = useQuery({
    queryKey: roleKeys.list(body),
    queryFn: ({ signal }) => roleApi.list(body, signal),
    placeholderData: (prev) => prev,
  });

  const search = (next: string | undefined) => {
    setPage(1);
    setName(next?.trim() || undefined);
  };

  const change = (current: number | undefined, requestedSize: number | undefined) => {
    const size = toPageSize(requestedSize);
    setPage(size !== pageSize ? 1 : (current ?? 1));
    setPageSize(size);
  };

  return { query, page, pageSize, search, change };
}
