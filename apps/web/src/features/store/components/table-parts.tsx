import { Image, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPagination } from '../../../components/server-pagination';
import { usePhone } from '../hooks/use-phone';
import { FIT_TABLE } from '../../../components/fit-table';

/** Points, prices and stock are whole numbers: shown with thousands separators, never as decimals. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** A signed points amount: +120 / −80. */
export function formatSigned(n: number): string {
  return n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : '0';
}

/** An item's first picture, or an empty frame of the same size. */
export function Thumb({ url, size = 40 }: { url: string | undefined; size?: number }) {
  const { t } = useTranslation('common');
  // The picture opens a preview: its text names that button for assistive technology.
  return url ? (
    <Image src={url} width={size} height={size} className="store-thumb" alt={t('image.preview')} />
  ) : (
    <span className="store-thumb--empty" style={{ width: size, height: size }} />
  );
}

/** What a store table shows of a list (useStoreList): its rows, total, pager and failure. */
export interface TableView<T> {
  grid: { notice: ReactNode; emptyText: (fallback?: ReactNode) => ReactNode };
  query: { data?: { total: number; list: T[] }; isFetching: boolean };
  page: number;
  pageSize: number;
  change: (current: number | undefined, requestedSize: number | undefined) => void;
}

/**
 * A server-paged store table: the spec's page sizes (10/50/80/100), the total, scrolling on a
 * phone, and a failed load said as such (with a retry) instead of "No data"; rows kept from before
 * a failed refresh carry the notice above them.
 */
export function StoreTable<T extends { id: number | string }>({
  list,
  testId,
  columns,
  ...props
}: {
  list: TableView<T>;
  testId: string;
} & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange'>) {
  const { t } = useTranslation('store');
  // A phone's folded columns fit the screen: no sideways scrolling, so nothing needs to stay fixed.
  const phone = usePhone();
  const shown = phone && columns ? columns.map((c) => ({ ...c, fixed: undefined })) : columns;
  return (
    <>
      {list.grid.notice}
      <Table<T>
        rowKey="id"
        size="middle"
        dataSource={list.query.data?.list ?? []}
        loading={list.query.isFetching}
        {...(phone ? {} : FIT_TABLE)}
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
