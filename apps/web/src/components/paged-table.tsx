import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE } from './fit-table';
import { serverPagination } from './server-pagination';
import { usePhone } from './use-phone';

/** What a paged table shows of a list (hooks/use-paged-list): its rows, total, pager and failure. */
export interface PagedView<T> {
  grid: { notice: ReactNode; emptyText: (fallback?: ReactNode) => ReactNode };
  query: { data?: { total: number; list: T[] }; isFetching: boolean };
  page: number;
  pageSize: number;
  change: (current: number | undefined, requestedSize: number | undefined) => void;
}

/**
 * A server-paged table: the spec's page sizes (10/50/80/100) and the total; a failed load said as
 * such (with a retry) instead of "No data", and rows kept from before a failed refresh under a
 * notice. `foldsOnPhone`: its columns fold into one or two cells on a phone, so there it neither
 * scrolls sideways nor pins columns; otherwise it fits its box and scrolls only when it must.
 */
export function PagedTable<T extends { id: number | string }>({
  list,
  testId,
  columns,
  foldsOnPhone = false,
  ...props
}: {
  list: PagedView<T>;
  testId: string;
  foldsOnPhone?: boolean;
} & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange'>) {
  const { t } = useTranslation('common');
  const folded = usePhone() && foldsOnPhone;
  const shown = folded && columns ? columns.map((c) => ({ ...c, fixed: undefined })) : columns;
  return (
    <>
      {list.grid.notice}
      <Table<T>
        rowKey="id"
        size="middle"
        dataSource={list.query.data?.list ?? []}
        loading={list.query.isFetching}
        {...(folded ? {} : FIT_TABLE)}
        columns={shown}
        locale={{ emptyText: list.grid.emptyText() }}
        pagination={serverPagination({
          page: list.page,
          pageSize: list.pageSize,
          total: list.query.data?.total,
          showTotal: (n) => t('grid.total', { n }),
        })}
        onChange={(p) => list.change(p.current, p.pageSize)}
        data-testid={testId}
        {...props}
      />
    </>
  );
}
