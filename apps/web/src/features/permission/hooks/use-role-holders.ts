import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@agent-bo/shared';
import { toPageSize, type PageSize } from '../../../components/server-pagination';
import { roleApi, roleKeys } from '../api/role-api';

/** A role's holders in the caller's subtree (paged, from `role/detail`), with assign and unassign. */
export function useRoleHolders(roleId: number | null) {
  const { t } = useTranslation('permission');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const detail = useQuery({
    queryKey: roleKeys.detail(roleId ?? 0, page, pageSize),
    queryFn: ({ signal }) => roleApi.detail(roleId!, page, pageSize, signal),
    enabled: roleId !== null,
    placeholderData: keepPreviousData,
  });

  // The holders and the list's holder counts change together.
  const refresh = () => client.invalidateQueries({ queryKey: roleKeys.all });
  const assign = useMutation({
    mutationFn: (accountId: number) => roleApi.assign({ accountId, roleIds: [roleId!] }),
    onSuccess: () => void message.success(t('holders.assigned')),
    onSettled: refresh,
  });
  const unassign = useMutation({
    mutationFn: (accountId: number) => roleApi.unassign({ accountId, roleIds: [roleId!] }),
    onSuccess: () => void message.success(t('holders.unassigned')),
    onSettled: refresh,
  });

  const change = (current: number | undefined, requestedSize: number | undefined) => {
    const size = toPageSize(requestedSize);
    setPage(size !== pageSize ? 1 : (current ?? 1));
    setPageSize(size);
  };

  return { detail, page, pageSize, change, assign, unassign };
}
