import { Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentList, ContentType } from '@agent-bo/shared';
import { serverPagination } from '../../../components/server-pagination';
import { DEFAULT_SORT, type ContentSort, type ContentSortField } from '../hooks/use-content-list';
import { useContentColumns, type RowActions } from './content-columns';
import { FIT_TABLE } from '../../../components/fit-table';

/** The table's sorter as the list's sort; no sorter is the default order. */
function sortOf(sorter: SorterResult<ContentItem> | SorterResult<ContentItem>[]): ContentSort {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one?.order || !one.columnKey) return DEFAULT_SORT;
  return { sortBy: one.columnKey as ContentSortField, order: one.order === 'ascend' ? 'asc' : 'desc' };
}

/** The server-paged, server-sorted list; writers get the selection for deleting several. */
export function ContentTable({
  type,
  data,
  loading,
  page,
  pageSize,
  sort,
  selected,
  onSelect,
  onChange,
  actions,
  emptyText,
}: {
  type: ContentType;
  data: ContentList | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: ContentSort;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onChange: (page: number | undefined, pageSize: number | undefined, sort: ContentSort) => void;
  actions: RowActions;
  /** What stands in an empty table: a failed load with its retry (useGridQuery), else "no content". */
  emptyText?: ReactNode;
}) {
  const { t } = useTranslation('announcement');
  const columns = useContentColumns(type, sort, actions);
  const pagination = serverPagination({ page, pageSize, total: data?.total, showTotal: (n) => t('table.total', { n }) });

  return (
    <div data-testid="content-table" className="ann-table">
      <Table<ContentItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        {...FIT_TABLE}
        pagination={pagination}
        locale={{ emptyText: emptyText ?? t('table.empty') }}
        rowSelection={
          actions.canWrite
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => onSelect(keys as number[]),
                getCheckboxProps: (r) => ({ 'aria-label': t('table.select', { id: r.id }) }) as object,
              }
            : undefined
        }
        onChange={(p, _filters, sorter) => onChange(p.current, p.pageSize, sortOf(sorter))}
        onRow={(r) => ({ 'data-testid': `content-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
