import type { QueryKey } from '@tanstack/react-query';
import type { SorterResult } from 'antd/es/table/interface';
import type { TablePaginationConfig } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGENT_SORT_FIELDS,
  DEFAULT_PAGE_SIZE,
  PLAYER_SORT_FIELDS,
  type AgentRow,
  type LowerAgentsRequest,
  type Page,
  type PlayerListRequest,
  type PlayerRow,
  type ShadowListRequest,
  type ShadowRow,
} from '@agent-bo/shared';
import { serverPagination, toPageSize, type PageSize } from '../../../../components/server-pagination';
import { useGridQuery } from '../../../../hooks/use-grid-query';
import { memberApi, memberKeys } from '../../api/member-api';
import type { Filters } from '../filter-bar';

export interface ListState {
  page: number;
  pageSize: PageSize;
  filters: Filters;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

const INITIAL: ListState = { page: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} };

/** What one server-paged member list asks: its sortable fields, its request body, key and call. */
export interface ListSpec<Row, Body> {
  /** Prefix of the table's test ids (`agents`, `players`, `shadows`). */
  name: string;
  sortFields: readonly string[];
  body: (state: ListState, parentId: number | undefined) => Body;
  queryKey: (body: Body) => QueryKey;
  fetch: (body: Body, signal: AbortSignal) => Promise<Page<Row>>;
}

const withoutVerify = ({ verifyStatus: _v, ...filters }: Filters) => filters;

export const AGENT_LIST: ListSpec<AgentRow, LowerAgentsRequest> = {
  name: 'agents',
  sortFields: AGENT_SORT_FIELDS,
  body: (s, parentId) => ({
    parentId,
    page: s.page,
    pageSize: s.pageSize,
    ...withoutVerify(s.filters),
    sortField: s.sortField as (typeof AGENT_SORT_FIELDS)[number] | undefined,
    sortOrder: s.sortOrder,
  }),
  queryKey: memberKeys.agents,
  fetch: memberApi.lowerAgents,
};

export const PLAYER_LIST: ListSpec<PlayerRow, PlayerListRequest> = {
  name: 'players',
  sortFields: PLAYER_SORT_FIELDS,
  body: (s, parentId) => ({
    parentId,
    page: s.page,
    pageSize: s.pageSize,
    ...s.filters,
    sortField: s.sortField as (typeof PLAYER_SORT_FIELDS)[number] | undefined,
    sortOrder: s.sortOrder,
  }),
  queryKey: memberKeys.players,
  fetch: memberApi.players,
};

export const SHADOW_LIST: ListSpec<ShadowRow, ShadowListRequest> = {
  name: 'shadows',
  sortFields: [],
  body: (s) => ({ page: s.page, pageSize: s.pageSize, ...withoutVerify(s.filters) }),
  queryKey: memberKeys.shadows,
  fetch: memberApi.shadows,
};

/**
 * One member list: paging, filters and sorting kept here, the query of `spec`, and the props
 * the antd table takes (rows, loading, pagination, change handler).
 */
export function useMemberList<Row, Body>(spec: ListSpec<Row, Body>, parentId?: number) {
  const { t } = useTranslation('member');
  const [state, setState] = useState<ListState>(INITIAL);
  const body = spec.body(state, parentId);
  const grid = useGridQuery({ queryKey: spec.queryKey(body), queryFn: ({ signal }) => spec.fetch(body, signal), testId: spec.name });
  const { query } = grid;

  // Search and Reset always ask the server, also when the filters are the ones shown.
  const onSearch = (filters: Filters) => {
    const next = { ...state, page: 1, filters };
    setState(next);
    grid.refreshIfSame(spec.queryKey(spec.body(next, parentId)));
  };
  const onChange = (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof one?.field === 'string' && spec.sortFields.includes(one.field) && one.order ? one.field : undefined;
    const pageSize = toPageSize(pagination.pageSize);
    setState((s) => ({
      ...s,
      page: pageSize !== s.pageSize || field !== s.sortField ? 1 : (pagination.current ?? 1),
      pageSize,
      sortField: field,
      sortOrder: field ? (one?.order === 'ascend' ? 'asc' : 'desc') : undefined,
    }));
  };
  const sortOrderOf = (field: string) => (state.sortField === field ? (state.sortOrder === 'asc' ? 'ascend' : 'descend') : null);

  return {
    onSearch,
    sortOrderOf,
    notice: grid.notice,
    tableProps: {
      dataSource: query.data?.list ?? [],
      loading: query.isFetching,
      locale: { emptyText: grid.emptyText() },
      pagination: serverPagination({
        page: state.page,
        pageSize: state.pageSize,
        total: query.data?.total,
        showTotal: (n: number) => t('table.total', { n }),
      }),
      onChange,
    },
  };
}
