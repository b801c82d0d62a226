import { Image, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverPagination } from '../../../components/server-pagination';
import type { PagedView } from '../hooks/use-paged-list';
import { FIT_TABLE } from '../../../components/fit-table';

/** An item's image, or an empty frame of the same size. */
export function Thumb({ url, size = 40, className = '' }: { url: string | null; size?: number; className?: string }) {
  const { t } = useTranslation('common');
  // The image opens a preview: its text names that button for assistive technology.
  return url ? (
    <span className={className}>
      <Image src={url} width={size} height={size} className="material-thumb" alt={t('image.preview')} />
    </span>
  ) : (
    <span className={`material-thumb--empty ${className}`} style={{ width: size, height: size }} />
  );
}

/** A server-paged table of material: the spec's page sizes, the total, scrolling on a phone. */
export function PagedTable<T extends { id: number }>({
  list,
  testId,
  ...props
}: {
  list: PagedView<T>;
  testId: string;
} & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange'>) {
  const { t } = useTranslation('material');
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      dataSource={list.query.data?.list ?? []}
      loading={list.query.isFetching}
      {...FIT_TABLE}
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
  );
}
