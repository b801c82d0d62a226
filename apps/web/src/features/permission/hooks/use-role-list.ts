import { usePagedList } from '../../../hooks/use-paged-list';
import { roleApi, roleKeys } from '../api/role-api';

/** The roles' server-paged list, searched by name (any locale). */
export function useRoleList() {
  const list = usePagedList<{ name?: string }, Awaited<ReturnType<typeof roleApi.list>>>({
    keyOf: roleKeys.list,
    fetch: roleApi.list,
    initial: {},
    testId: 'role',
  });
  return {
    ...list,
    search: (name: string | undefined) => list.search({ name: name?.trim() || undefined }),
    failure: list.grid.emptyText(),
  };
}
