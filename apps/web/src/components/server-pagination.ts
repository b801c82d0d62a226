import type { TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@agent-bo/shared';

/** One of the spec's page sizes (§9: 10, 50, 80, 100). */
export type PageSize = (typeof PAGE_SIZES)[number];

/** The page size the table asked for, or the default when it is not one of the spec's. */
export function toPageSize(requested: number | undefined): PageSize {
  const size = requested ?? DEFAULT_PAGE_SIZE;
  return (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
}

/** The pager of every server-paged table: the spec's sizes, a size changer and the total. */
export function serverPagination(p: {
  page: number;
  pageSize: number;
  total: number | undefined;
  showTotal: (n: number) => ReactNode;
}): TablePaginationConfig {
  return {
    current: p.page,
    pageSize: p.pageSize,
    total: p.total ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showTotal: p.showTotal,
    size: 'small',
  };
}
