import type { QueryKey } from '@tanstack/react-query';
import type { SorterResult } from 'antd/es/table/interface';
import type { TablePaginationConfig } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  AGENT_SORT_FIELDS,
  PLAYER_SORT_FIELDS,
  type AgentRow,
  type LowerAgentsRequest,
  type Page,
  type PlayerListRequest,
  type PlayerRow,
  type ShadowListRequest,
  type ShadowRow,
} from '@agent-bo/shared';
import { serverPagination } from '../../../../components/server-pagination';
import { usePagedList, type PagedBody } from '../../../../hooks/use-paged-list';
import { memberApi, memberKeys } from '../../api/member-api';
import type { Filters } from '../filter-bar';

/** The order a member table is sorted in: one of the list's sortable fields, or the server's default. */
export interface MemberSort {
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** What one server-paged member list asks: its sortable fields, its request body, key and call. */
export interface ListSpec<Row, Body> {
  /** Prefix of the table's test ids (`agents`, `players`, `shadows`). */
  name: string;
  sortFields: readonly string[];
  body: (request: PagedBody<Filters, MemberSort>, parentId: number | undefined) => Body;
  queryKey: (body: Body) => QueryKey;
  fetch: (body: Body, signal: AbortSignal) => Promise<Page<Row>>;
}

export const AGENT_LIST: ListSpec<AgentRow, LowerAgentsRequest> = {
  name: 'agents',
  sortFields: AGENT_SORT_FIELDS,
  body: ({ verifyStatus: _v, sortField, ...rest }, parentId) => ({
    parentId,
    ...rest,
    sortField: sortField as (typeof AGENT_SORT_FIELDS)[number] | undefined,
  }),
  queryKey: memberKeys.agents,
  fetch: memberApi.lowerAgents,
};

export const PLAYER_LIST: ListSpec<PlayerRow, PlayerListRequest> = {
  name: 'players',
  sortFields: PLAYER_SORT_FIELDS,
  body: ({ sortField, ...rest }, parentId) => ({
    parentId,
    ...rest,
    sortField: sortField as (typeof PLAYER_SORT_FIELDS)[number] | undefined,
  }),
  queryKey: memberKeys.players,
  fetch: memberApi.players,
};

/** Shadows are neither sorted nor verified. */
export const SHADOW_LIST: ListSpec<ShadowRow, ShadowListRequest> = {
  name: 'shadows',
  sortFields: [],
  body: ({ verifyStatus: _v, sortField: _f, sortOrder: _o, ...rest }) => rest,
  queryKey: memberKeys.shadows,
  fetch: memberApi.shadows,
};

/**
 * One member list (hooks/use-paged-list with the member tables' sorting): the query of `spec`,
 * and the props the antd table takes (rows, loading, pagination, change handler).
 */
export function useMemberList<Row, Body>(spec: ListSpec<Row, Body>, parentId?: number) {
  const { t } = useTranslation('member');
  const list = usePagedList<Filters, Page<Row>, MemberSort>({
    keyOf: (request) => spec.queryKey(spec.body(request, parentId)),
    fetch: (request, signal) => spec.fetch(spec.body(request, parentId), signal),
    initial: {},
    testId: spec.name,
  });

  const onChange = (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof one?.field === 'string' && spec.sortFields.includes(one.field) && one.order ? one.field : undefined;
    list.change(pagination.current, pagination.pageSize, {
      sortField: field,
      sortOrder: field ? (one?.order === 'ascend' ? 'asc' : 'desc') : undefined,
    });
  };
  const sortOrderOf = (field: string) =>
    list.sort.sortField === field ? (list.sort.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  return {
    onSearch: list.search,
    sortOrderOf,
    notice: list.notice,
    tableProps: {
      dataSource: list.query.data?.list ?? [],
      loading: list.query.isFetching,
      locale: { emptyText: list.grid.emptyText() },
      pagination: serverPagination({
        page: list.page,
        pageSize: list.pageSize,
        total: list.query.data?.total,
        showTotal: (n: number) => t('table.total', { n }),
      }),
      onChange,
    },
  };
}
