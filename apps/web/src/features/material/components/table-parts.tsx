import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Image, Space, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { serverPagination } from '../../../components/server-pagination';
import type { PagedView } from '../hooks/use-paged-list';

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

/** The edit and (when given) delete buttons of a row: `<prefix>-edit-<id>`, `<prefix>-delete-<id>`. */
export function actionsColumn<T extends { id: number }>(
  t: (key: string) => string,
  prefix: string,
  onEdit: (item: T) => void,
  onDelete?: (item: T) => void,
  loadingId?: number | null,
): ColumnType<T> {
  return {
    title: t('material:grid.actions'),
    key: 'actions',
    width: onDelete ? 110 : 70,
    fixed: 'right',
    render: (_: unknown, item: T) => (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          loading={loadingId === item.id}
          aria-label={t('material:actions.edit')}
          onClick={() => onEdit(item)}
          data-testid={`${prefix}-edit-${item.id}`}
        />
        {onDelete ? (
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('material:actions.delete')}
            onClick={() => onDelete(item)}
            data-testid={`${prefix}-delete-${item.id}`}
          />
        ) : null}
      </Space>
    ),
  };
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
      scroll={{ x: 'max-content' }}
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
